#!/usr/bin/env python3
"""Drives the hub's volunteer page in headless Chromium as a sighted volunteer would, and prints what happened as one
JSON object (the Swift test judges it).

    python3 scripts/volunteer_test.py --url http://127.0.0.1:8081/ --code INVITATIONCODE --object "my keys"

It opens the invitation link, joins with a name and two languages, waits for the request to help find --object,
checks that the page listens to pushed events rather than reading on a timer, takes it, waits for the person's photo, clicks the photo at (--click-x, --click-y) of its width and height, moves the
keyboard cross five steps right from the middle and presses Enter, and sends a message. axe-core audits each screen
(join, requests, the job). It exits non-zero, with one sentence on standard error, only when it could not do that.
"""
import argparse
import json
import os
import shutil
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import browser_test  # noqa: E402  (the phone page's driver: Chromium start-up and axe-core)


def parse_arguments():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", required=True, help="the hub's address, ending in /")
    parser.add_argument("--code", required=True, help="a volunteer's invitation code")
    parser.add_argument("--object", required=True, help="what the person asked to find")
    parser.add_argument("--message", default="It is on the shelf by the door")
    parser.add_argument("--click-x", type=float, default=0.25)
    parser.add_argument("--click-y", type=float, default=0.75)
    parser.add_argument("--screenshots", help="a folder to save a PNG of each screen in")
    parser.add_argument("--chromium", default=shutil.which("chromium") or "/usr/bin/chromium")
    parser.add_argument("--chromedriver", default=shutil.which("chromedriver") or "/usr/bin/chromedriver")
    arguments = parser.parse_args()
    # What browser_test.start_browser reads.
    arguments.trust_certificate = arguments.video = arguments.audio = None
    return arguments


class Volunteer:
    def __init__(self, driver, args):
        self.driver, self.args, self.statuses = driver, args, []

    def js(self, script, *arguments):
        return self.driver.execute_script(script, *arguments)

    def wait_for(self, condition, seconds, failure):
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            self.note_status()
            value = condition()
            if value:
                return value
            time.sleep(0.1)
        raise browser_test.DriverFailure(failure)

    def note_status(self):
        text = self.js("return document.getElementById('status').textContent")
        if text and (not self.statuses or self.statuses[-1] != text):
            self.statuses.append(text)

    def visible(self, element_id):
        return self.js(f"const e = document.getElementById('{element_id}'); return !!e && !e.hidden && e.offsetParent !== null")

    def audit(self, source, name):
        if self.args.screenshots:
            self.driver.save_screenshot(os.path.join(self.args.screenshots, f"volunteer-{name}.png"))
        if not self.js("return !!window.axe"):
            self.js(source)
        violations = self.driver.execute_async_script(browser_test.AUDIT)
        if isinstance(violations, dict):
            raise browser_test.DriverFailure(f"axe-core failed on the {name} screen: {violations['error']}")
        return violations


def run(args):
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    source = browser_test.axe_source()
    driver = browser_test.start_browser(args)
    volunteer = Volunteer(driver, args)
    audits = {}
    try:
        driver.get(args.url + "join?code=" + args.code)
        volunteer.wait_for(lambda: volunteer.visible("join"), 10, "The join screen did not appear.")
        audits["join"] = volunteer.audit(source, "join")
        prefilled = volunteer.js("return document.getElementById('code').value")
        driver.find_element(By.ID, "name").send_keys("Bo")
        driver.find_element(By.CSS_SELECTOR, "input[value=ru]").click()
        driver.find_element(By.ID, "join-button").click()
        volunteer.wait_for(lambda: volunteer.visible("offers"), 10, "Joining did not lead to the requests.")
        button_text = "Help find " + args.object
        volunteer.wait_for(lambda: any(b.text == button_text for b in driver.find_elements(By.CSS_SELECTOR, "#offer-list button")),
                           15, f"No request to find {args.object} appeared.")
        # The page announces a request 50 ms after showing it (a live region must change to be read again).
        volunteer.wait_for(lambda: any(s.startswith("New request") for s in volunteer.statuses), 5,
                           "The new request was not announced.")
        audits["offers"] = volunteer.audit(source, "offers")
        # Pushed: the page keeps a stream of events open and reads nothing on a timer (state and push are the
        # page script's own globals).
        pushed = False
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and not pushed:
            pushed = volunteer.js("return state.poll === null && push.controller !== null && push.retry === null")
            time.sleep(0.1)
        next(b for b in driver.find_elements(By.CSS_SELECTOR, "#offer-list button") if b.text == button_text).click()
        volunteer.wait_for(lambda: volunteer.visible("photo-box"), 15, "The person's photo did not appear.")
        volunteer.wait_for(lambda: any(s.startswith("You are helping") for s in volunteer.statuses), 5,
                           "Taking the request was not announced.")
        audits["job"] = volunteer.audit(source, "job")

        # A click on the photo, where the thing is.
        photo = driver.find_element(By.ID, "photo")
        size = photo.size
        ActionChains(driver).move_to_element_with_offset(
            photo, int((args.click_x - 0.5) * size["width"]), int((args.click_y - 0.5) * size["height"])).click().perform()
        volunteer.wait_for(lambda: "Marked" in " ".join(volunteer.statuses), 10, "The click was not marked.")
        # The keyboard: the cross starts in the middle; five steps right, then Enter.
        box = driver.find_element(By.ID, "photo-box")
        box.send_keys(Keys.ARROW_RIGHT * 5)
        box.send_keys(Keys.ENTER)
        volunteer.wait_for(lambda: volunteer.js("return document.querySelectorAll('#photo-box .mark').length") == 2,
                           10, "The keyboard mark was not made.")
        driver.find_element(By.ID, "message").send_keys(args.message + Keys.ENTER)
        volunteer.wait_for(lambda: any("Beacon will say it" in s for s in volunteer.statuses), 10, "The message was not sent.")
        return {"prefilledCode": prefilled, "statuses": volunteer.statuses,
                "audit": {name: [v["id"] for v in found] for name, found in audits.items()},
                "photoAlt": volunteer.js("return document.getElementById('photo').alt"), "pushed": pushed}
    finally:
        driver.quit()


def main():
    args = parse_arguments()
    try:
        print(json.dumps(run(args)))
    except browser_test.DriverFailure as failure:
        print(str(failure), file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
