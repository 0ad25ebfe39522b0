#!/usr/bin/env python3
"""Drives Beacon's web app in headless Chromium and prints, as one JSON object, what the page did.

Chromium's fake camera plays --video (a .y4m or .mjpeg file) and its fake microphone plays --audio; the page's own
test hook (window.beaconLog: earcons, vibrations, live-region text, speech, socket closes …) is read back, and for
the audit scenario axe-core (from the axe-playwright-python wheel on PyPI, installed with --no-deps by
`scripts/setup.sh --browser`) is injected into each screen. The driver judges nothing: a Swift test asserts on its
output. It exits non-zero, with one sentence on standard error, only when it could not do what was asked.

    python3 scripts/browser_test.py --url http://127.0.0.1:8089 --code 123456 --video cup.y4m --scenario find

Scenarios:
    pairing   a wrong code (must be refused), the right code, then a forged token (must send the page back to pairing)
    find      pair, press Find, type the object (--object, cup), collect earcons for --wait seconds, press Stop
    deeplink  pair, open --link (/find?object=cup), collect earcons for --wait seconds, press Stop
    read      pair, open /read, wait for Beacon's words (until quiet for --settle seconds or --wait), press Stop
    audit     axe-core on the pairing form (empty and refused), the main screen, the find prompt and the settings;
              then Chromium's installability verdict on the manifest
With --static (a plain file server, no Beacon behind it) pairing is skipped and a made-up token shows the screens.
"""
import argparse
import importlib.util
import json
import os
import shutil
import sys
import time

FRESH_LOG = "return window.beaconLog ? JSON.parse(JSON.stringify(window.beaconLog)) : null"


class DriverFailure(Exception):
    """Something the driver could not do; its message is the one sentence printed."""


def parse_arguments():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__.split("\n\n", 2)[2])
    parser.add_argument("--url", required=True, help="where the page is served, e.g. http://127.0.0.1:8089")
    parser.add_argument("--code", default="", help="the six-digit pairing code the server printed")
    parser.add_argument("--video", help="a .y4m or .mjpeg file for Chromium's fake camera")
    parser.add_argument("--audio", help="a .wav file for Chromium's fake microphone")
    parser.add_argument("--scenario", required=True, choices=["find", "read", "deeplink", "pairing", "audit"])
    parser.add_argument("--object", default="cup", help="what the find scenario types (default cup)")
    parser.add_argument("--link", default="/find?object=cup", help="the deep link the deeplink scenario opens")
    parser.add_argument("--wait", type=float, default=20, help="seconds to collect earcons or wait for words")
    parser.add_argument("--until-earcons", type=int, default=0, help="stop collecting once this many earcons came")
    parser.add_argument("--settle", type=float, default=3, help="read: seconds without new words that end the wait")
    parser.add_argument("--static", action="store_true", help="a plain file server: skip pairing, use a made-up token")
    parser.add_argument("--screenshots", help="a folder to save a PNG of each screen in")
    parser.add_argument("--trust-certificate", metavar="SPKI_SHA256_BASE64",
                        help="over HTTPS: trust the server's self-signed certificate by its public key's SHA-256, as a "
                             "phone does once its owner has accepted it")
    parser.add_argument("--chromium", default=shutil.which("chromium") or "/usr/bin/chromium")
    parser.add_argument("--chromedriver", default=shutil.which("chromedriver") or "/usr/bin/chromedriver")
    args = parser.parse_args()
    for name in ("video", "audio"):
        path = getattr(args, name)
        if path and not os.path.isfile(path):
            parser.error(f"--{name} {path} does not exist")
    if args.scenario != "audit" and not args.static and not (args.code.isdigit() and len(args.code) == 6):
        parser.error("--code must be the six-digit pairing code")
    args.url = args.url.rstrip("/")
    return args


def start_browser(args):
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError as error:
        raise DriverFailure(f"Selenium is not installed ({error}); run scripts/setup.sh --browser.")
    for program in (args.chromium, args.chromedriver):
        if not os.path.exists(program):
            raise DriverFailure(f"{program} is missing; run scripts/setup.sh --browser.")
    options = webdriver.ChromeOptions()
    options.binary_location = args.chromium
    for flag in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=412,915",
                 "--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream",
                 # Sound plays without a tap, as it does once a person has tapped the page.
                 "--autoplay-policy=no-user-gesture-required", "--mute-audio", "--no-first-run"]:
        options.add_argument(flag)
    if args.trust_certificate:
        options.add_argument("--ignore-certificate-errors-spki-list=" + args.trust_certificate)
    if args.video:
        options.add_argument("--use-file-for-fake-video-capture=" + os.path.abspath(args.video))
    if args.audio:
        options.add_argument("--use-file-for-fake-audio-capture=" + os.path.abspath(args.audio))
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    try:
        # An explicit chromedriver, so Selenium never tries to download one.
        driver = webdriver.Chrome(options=options, service=Service(executable_path=args.chromedriver))
    except Exception as error:  # Selenium raises many kinds; all mean the same here
        raise DriverFailure(f"Chromium did not start: {str(error).splitlines()[0]}")
    driver.set_script_timeout(60)
    return driver


class Page:
    """The page under test: opening it, waiting on its log, pressing its controls."""

    def __init__(self, driver, args):
        self.driver, self.args = driver, args
        self.screens = []

    def open(self, path):
        try:
            self.driver.get(self.args.url + path)
        except Exception as error:
            raise DriverFailure(f"The page at {self.args.url + path} did not open: {str(error).splitlines()[0]}")
        self.wait_for(lambda: self.js("return !!window.beaconLog"), 10, f"{path} loaded without Beacon's script.")

    def js(self, script, *arguments):
        return self.driver.execute_script(script, *arguments)

    def log(self):
        return self.js(FRESH_LOG)

    def wait_for(self, condition, seconds, failure=None):
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            value = condition()
            if value:
                return value
            time.sleep(0.1)
        if failure:
            raise DriverFailure(failure)
        return None

    def visible_screen(self):
        return self.js("for (const s of ['pair','main','find','settings']) "
                       "if (!document.getElementById(s + '-screen').hidden) return s; return null")

    def click(self, element_id):
        from selenium.webdriver.common.by import By
        element = self.driver.find_element(By.ID, element_id)
        if not element.is_displayed():
            raise DriverFailure(f"The {element_id} control is not on the screen ({self.visible_screen()} is).")
        element.click()

    def type_into(self, element_id, text, submit=True):
        from selenium.webdriver.common.by import By
        from selenium.webdriver.common.keys import Keys
        field = self.driver.find_element(By.ID, element_id)
        field.clear()
        field.send_keys(text + (Keys.ENTER if submit else ""))

    def screenshot(self, name):
        if self.args.screenshots:
            os.makedirs(self.args.screenshots, exist_ok=True)
            self.driver.save_screenshot(os.path.join(self.args.screenshots, name + ".png"))

    def try_code(self, code):
        """Submits a code on the pairing form; returns the page's record of the answer."""
        if self.visible_screen() != "pair":
            raise DriverFailure(f"The pairing form is not shown (the {self.visible_screen()} screen is).")
        before = len(self.log()["pairing"])
        self.type_into("pair-code", code)
        self.wait_for(lambda: len(self.log()["pairing"]) > before, 15, f"The page never reported how pairing with {code} went.")
        return self.log()["pairing"][-1]

    def pair(self, refuse_first=True):
        """Pairs (a wrong code first, when asked) and waits for the session's welcome."""
        outcome = {}
        if self.args.static:
            self.js("localStorage.setItem('beacon.token', 'x'.repeat(43))")
            self.open("/")
            return {"static": True}
        if refuse_first:
            wrong = f"{(int(self.args.code) + 1) % 1_000_000:06d}"
            outcome["wrongCode"] = self.try_code(wrong)
            outcome["wrongCodeScreen"] = self.visible_screen()
            outcome["wrongCodeMessage"] = self.js("return document.getElementById('pair-error').textContent")
        outcome["rightCode"] = self.try_code(self.args.code)
        if not outcome["rightCode"]["ok"]:
            raise DriverFailure(f"The right pairing code was refused: {outcome['rightCode'].get('error')}")
        outcome["welcomed"] = bool(self.wait_for(lambda: self.log()["welcomes"], 15))
        outcome["screen"] = self.visible_screen()
        if not outcome["welcomed"]:
            raise DriverFailure("Pairing did not lead to a session: no welcome within 15 s.")
        return outcome

    def collect_earcons(self):
        """Waits --wait seconds, or until --until-earcons earcons were scheduled."""
        enough = self.args.until_earcons
        self.wait_for(lambda: enough and len(self.log()["earcons"]) >= enough, self.args.wait)

    def stop(self):
        self.click("stop")
        self.wait_for(lambda: (self.log()["modes"] or ["idle"])[-1] == "idle", 5)
        time.sleep(0.5)  # what Beacon says after stopping


def summarise_earcons(earcons):
    pans = [e["pan"] for e in earcons if e["kind"] in ("tick", "centred")]
    kinds = {}
    for earcon in earcons:
        kinds[earcon["kind"]] = kinds.get(earcon["kind"], 0) + 1
    return {"count": len(earcons), "kinds": kinds, "guidancePans": len(pans),
            "firstPan": pans[0] if pans else None, "lastPan": pans[-1] if pans else None,
            "minPan": min(pans) if pans else None, "maxPan": max(pans) if pans else None}


def run_pairing(page):
    page.open("/")
    result = {"pairing": page.pair(refuse_first=True)}
    # A forged token: the server must refuse it, and the page must drop it and ask for the code again.
    page.js("localStorage.setItem('beacon.token', arguments[0])", "A" * 43)
    page.open("/")
    page.wait_for(lambda: page.log()["closes"], 15, "The server never closed the socket of a forged token.")
    page.wait_for(lambda: page.visible_screen() == "pair", 5)
    result["forgedToken"] = {"closes": page.log()["closes"], "screen": page.visible_screen(),
                             "tokenKept": page.js("return localStorage.getItem('beacon.token')") is not None,
                             "live": page.log()["live"]}
    return result


def run_find(page):
    page.open("/")
    result = {"pairing": page.pair()}
    page.click("find")
    page.wait_for(lambda: page.visible_screen() == "find", 5, "Find did not open the Find what? prompt.")
    result["findPromptFocus"] = page.js("return document.activeElement && document.activeElement.id")
    page.type_into("find-text", page.args.object)
    page.wait_for(lambda: page.visible_screen() == "main", 5, "The find prompt did not return to the main screen.")
    page.collect_earcons()
    page.screenshot("find")
    page.stop()
    return result


def run_deeplink(page):
    page.open("/")
    result = {"pairing": page.pair(refuse_first=False), "link": page.args.link}
    page.open(page.args.link)
    page.wait_for(lambda: page.log()["welcomes"], 15, f"{page.args.link} did not connect.")
    page.collect_earcons()
    page.stop()
    return result


def run_read(page):
    page.open("/")
    result = {"pairing": page.pair(refuse_first=False)}
    page.open("/read")
    deadline = time.monotonic() + page.args.wait
    seen, quiet_since = 0, time.monotonic()
    while time.monotonic() < deadline:  # until Beacon has said something and then been quiet for --settle seconds
        count = len(page.log()["speaks"])
        if count != seen:
            seen, quiet_since = count, time.monotonic()
        elif seen and time.monotonic() - quiet_since >= page.args.settle:
            break
        time.sleep(0.2)
    result["liveRegion"] = page.js("return document.getElementById('status').textContent")
    page.screenshot("read")
    page.stop()
    return result


AUDIT = """
const done = arguments[arguments.length - 1];
axe.run(document, {resultTypes: ['violations']}).then(
  (r) => done(r.violations.map((v) => ({id: v.id, impact: v.impact, help: v.help,
                                        nodes: v.nodes.map((n) => n.target.join(' '))}))),
  (e) => done({error: String(e)}));
"""


def axe_source():
    """axe.min.js from the installed axe-playwright-python package, found without importing it (it wants Playwright)."""
    spec = importlib.util.find_spec("axe_playwright_python")
    folders = list(spec.submodule_search_locations or []) if spec else []
    for folder in folders:
        path = os.path.join(folder, "axe.min.js")
        if os.path.isfile(path):
            with open(path, encoding="utf-8") as file:
                return file.read()
    raise DriverFailure("axe-core is missing: pip install --no-deps axe-playwright-python==0.1.8 (scripts/setup.sh --browser).")


def audit_screen(page, source, name):
    page.screenshot(name)
    if not page.js("return !!window.axe"):
        page.js(source)
    violations = page.driver.execute_async_script(AUDIT)
    if isinstance(violations, dict):
        raise DriverFailure(f"axe-core failed on the {name} screen: {violations['error']}")
    counts = {impact: sum(v["impact"] == impact for v in violations) for impact in ("critical", "serious", "moderate", "minor")}
    return {"screen": page.visible_screen(), "counts": counts, "violations": violations}


def run_audit(page):
    source = axe_source()
    screens = {}
    page.open("/")
    screens["pairing"] = audit_screen(page, source, "pairing")
    if not page.args.static:
        wrong = f"{(int(page.args.code or '0') + 1) % 1_000_000:06d}"
        page.try_code(wrong)
        screens["pairing-refused"] = audit_screen(page, source, "pairing-refused")
        page.pair(refuse_first=False)
    else:
        page.pair()
    page.wait_for(lambda: page.visible_screen() == "main", 5, "The main screen never showed.")
    screens["main"] = audit_screen(page, source, "main")
    page.click("find")
    screens["find"] = audit_screen(page, source, "find")
    page.click("find-cancel")
    page.click("open-settings")
    screens["settings"] = audit_screen(page, source, "settings")
    totals = {impact: sum(s["counts"][impact] for s in screens.values()) for impact in ("critical", "serious", "moderate", "minor")}
    return {"axe": page.js("return axe.version"), "audit": screens, "violationTotals": totals,
            "seriousOrCritical": totals["critical"] + totals["serious"], "installability": installability(page)}


def installability(page):
    """What Chromium itself says stands between the page and 'Install app' (its DevTools protocol), and the icons
    it took from the manifest."""
    errors = page.driver.execute_cdp_cmd("Page.getInstallabilityErrors", {}).get("installabilityErrors", [])
    manifest = page.driver.execute_cdp_cmd("Page.getAppManifest", {})
    parsed = json.loads(manifest.get("data") or "{}")
    return {"errors": [e.get("errorId") for e in errors], "manifestErrors": manifest.get("errors", []),
            "icons": [icon.get("src") for icon in parsed.get("icons", [])]}


def service_worker(page):
    """Whether the page's service worker is registered and active (what lets the app install and start offline)."""
    return page.driver.execute_async_script("""
const done = arguments[arguments.length - 1];
if (!('serviceWorker' in navigator)) { done('unsupported'); return; }
const late = new Promise(resolve => setTimeout(() => resolve(null), 5000));
Promise.race([navigator.serviceWorker.ready, late]).then(
  registration => done(registration && registration.active ? 'active' : 'not active'),
  error => done('error: ' + error));
""")


def console_messages(driver):
    try:
        entries = driver.get_log("browser")
    except Exception:
        return []
    return [{"level": e.get("level"), "source": e.get("source"), "message": e.get("message")}
            for e in entries if e.get("level") in ("SEVERE", "WARNING")]


def main():
    args = parse_arguments()
    driver = start_browser(args)
    try:
        page = Page(driver, args)
        result = {"scenario": args.scenario, "url": args.url}
        result.update({"pairing": run_pairing, "find": run_find, "deeplink": run_deeplink,
                       "read": run_read, "audit": run_audit}[args.scenario](page))
        log = page.log() or {}
        result["beaconLog"] = log
        result["earconSummary"] = summarise_earcons(log.get("earcons", []))
        result["screen"] = page.visible_screen()
        result["serviceWorker"] = service_worker(page)
        result["console"] = console_messages(driver)
        # Errors a page should never make; a refused request is the network's own report, not the page's.
        result["consoleErrors"] = [m for m in result["console"] if m["level"] == "SEVERE" and m["source"] != "network"]
    finally:
        driver.quit()
    print(json.dumps(result, indent=1, ensure_ascii=False))


if __name__ == "__main__":
    try:
        main()
    except DriverFailure as failure:
        print(f"browser_test: {failure}", file=sys.stderr)
        sys.exit(1)
    except KeyboardInterrupt:
        sys.exit(130)
