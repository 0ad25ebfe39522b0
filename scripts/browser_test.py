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
    yours     pair, wait to be told the person's taught things, press Find, read what "Your things" offers, tap the
              first, wait --wait seconds for Beacon to say it is looking, press Stop
    deeplink  pair, open --link (/find?object=cup), collect earcons for --wait seconds, press Stop
    read      pair, open /read, wait for Beacon's words (until quiet for --settle seconds or --wait), press Stop
    audit     axe-core on the pairing form (empty and refused), the main screen, the find prompt and the settings;
              then Chromium's installability verdict on the manifest
    layout    at 390x844 and 844x390, at the browser's usual text size and at 200 %: where Stop is, how wide the page
              and the button grid are, the spoken-text box's height as sentences of every length come, the contrast of
              every text and control border (from the computed styles), and axe-core (with its 7:1 contrast rule) on
              each screen; a screenshot of each (--screenshots)
    states    live-region messages queued, Explore pressed until its report is said, Find pressed stops finding, a
              lost connection said until it comes back with every pressed state cleared, Forget this phone confirmed
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
    parser.add_argument("--scenario", required=True, choices=["find", "yours", "read", "deeplink", "pairing", "audit", "layout", "states"])
    parser.add_argument("--object", default="cup", help="what the find scenario types (default cup)")
    parser.add_argument("--link", default="/find?object=cup", help="the deep link the deeplink scenario opens")
    parser.add_argument("--wait", type=float, default=20, help="seconds to collect earcons or wait for words")
    parser.add_argument("--until-earcons", type=int, default=0, help="stop collecting once this many earcons came")
    parser.add_argument("--settle", type=float, default=3, help="read: seconds without new words that end the wait")
    parser.add_argument("--until-said", metavar="WORDS",
                        help="read: wait (up to --wait) until Beacon has said these words, however long it is quiet "
                             "before them, instead of stopping after --settle seconds of quiet")
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
        # Into the middle of the screen first, as a person scrolls a button clear of Stop before tapping it.
        self.js("arguments[0].scrollIntoView({block: 'center', inline: 'nearest'})", element)
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


def run_yours(page):
    from selenium.webdriver.common.by import By
    page.open("/")
    result = {"pairing": page.pair(refuse_first=False)}
    page.wait_for(lambda: page.log()["yours"], 15, "The page was never told the person's things.")
    page.click("find")
    page.wait_for(lambda: page.visible_screen() == "find", 5, "Find did not open the Find what? prompt.")
    result["headingShown"] = page.js("return !document.getElementById('yours-title').hidden")
    buttons = page.driver.find_elements(By.CSS_SELECTOR, "#yours button")
    result["offered"] = [button.text for button in buttons]
    page.screenshot("yours")
    if not buttons:
        return result
    page.js("arguments[0].scrollIntoView({block: 'center', inline: 'nearest'})", buttons[0])
    buttons[0].click()
    page.wait_for(lambda: page.visible_screen() == "main", 5, "Your thing did not return to the main screen.")
    page.wait_for(lambda: any(text.startswith("Looking for") for text in page.log()["live"]), page.args.wait)
    result["modeAfterTap"] = (page.log()["modes"] or ["idle"])[-1]
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
        log = page.log()
        if page.args.until_said:
            # Reading a page takes a while before its first words; on a loaded machine, far longer than --settle.
            if any(page.args.until_said in said for said in log["live"]):
                break
            time.sleep(0.2)
            continue
        count = len(log["speaks"])
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


# ---- layout: the page at a phone's sizes, at the usual text size and at 200 % ----

# Portrait and landscape of a 390 x 844 phone, each at the browser's usual text size (16 px) and at 200 %.
VIEWS = [("portrait", 390, 844, 1), ("portrait-200", 390, 844, 2), ("landscape", 844, 390, 1), ("landscape-200", 844, 390, 2)]

# Sentences of every length Beacon says, the longest without a space to break at: the spoken-text box must keep its
# height through all of them, so nothing below it moves while the person reaches for it.
SENTENCES = [
    "Stopped.",
    "Cup, about 1 metre, one o'clock.",
    "Reading. The theory of image segmentation is the study of how the pixels of a picture can be grouped into regions "
    "that belong to the same object, and of the markers of the coins that lie on the table in front of you.",
    "Exploring.",
    "https://beacon.example/a-very-long-address-with-no-space-in-it-anywhere-at-all-so-it-must-wrap-by-itself",
    "Walking. Obstacle left, 1 metre; wall ahead, 2 metres; person at two o'clock, about 3 metres, coming closer.",
    "Cup.",
]

# The spoken-text box's words: those of up to ten letters drawn on two lines (cut in two), and any whose line is
# only partly inside the box (a line's top showing under the last whole line).
SAID_WORDS = r"""
const box = document.getElementById('said');
const style = getComputedStyle(box), edge = box.getBoundingClientRect();
const top = edge.top + parseFloat(style.borderTopWidth), bottom = edge.bottom - parseFloat(style.borderBottomWidth);
const broken = [], cut = [];
const walker = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
for (let node = walker.nextNode(); node; node = walker.nextNode()) {
  for (const match of node.data.matchAll(/\S+/g)) {
    const range = document.createRange();
    range.setStart(node, match.index);
    range.setEnd(node, match.index + match[0].length);
    const rects = [...range.getClientRects()].filter(r => r.width > 0);
    if (match[0].length <= 10 && new Set(rects.map(r => Math.round(r.top))).size > 1) broken.push(match[0]);
    for (const r of rects) {
      if ((r.top < bottom - 0.5 && r.bottom > bottom + 0.5) || (r.top < top - 0.5 && r.bottom > top + 0.5)) cut.push(match[0]);
    }
  }
}
return {broken, cut};
"""

# Helpers the layout scenario puts into the page: measurements and contrast ratios from computed styles.
LAYOUT_HELPERS = r"""
const $ = (id) => document.getElementById(id);
const round = (x) => Math.round(x * 10) / 10;
const box = (el) => {
  if (!el || !el.getClientRects().length) return null;
  const b = el.getBoundingClientRect();
  return {x: round(b.x), y: round(b.y), width: round(b.width), height: round(b.height), bottom: round(b.bottom), right: round(b.right)};
};
function parse(text) {
  const m = /rgba?\(([^)]*)\)/.exec(text || '');
  if (!m) return null;
  const p = m[1].split(/[\s,\/]+/).filter(Boolean).map(Number);
  return {r: p[0], g: p[1], b: p[2], a: p.length > 3 ? p[3] : 1};
}
const over = (top, bottom) => ({r: top.r * top.a + bottom.r * (1 - top.a), g: top.g * top.a + bottom.g * (1 - top.a),
                                b: top.b * top.a + bottom.b * (1 - top.a), a: 1});
function luminance(c) {
  const f = (v) => { v /= 255; return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
  return 0.2126 * f(c.r) + 0.7152 * f(c.g) + 0.0722 * f(c.b);
}
function ratio(a, b) {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return Math.round((hi + 0.05) / (lo + 0.05) * 100) / 100;
}
// The colour behind an element: its own and its ancestors' backgrounds, laid over the white a browser starts with.
function backgroundOf(el) {
  const layers = [];
  for (let e = el; e; e = e.parentElement) {
    const c = parse(getComputedStyle(e).backgroundColor);
    if (c && c.a > 0) { layers.push(c); if (c.a >= 1) break; }
  }
  return layers.reverse().reduce((under, layer) => over(layer, under), {r: 255, g: 255, b: 255, a: 1});
}
const hex = (c) => '#' + [c.r, c.g, c.b].map((v) => Math.round(v).toString(16).padStart(2, '0')).join('');
const visible = (el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden'
  && getComputedStyle(el).opacity !== '0' && !el.closest('.sr-only');
const name = (el) => (el.id ? '#' + el.id : el.tagName.toLowerCase() + (el.className ? '.' + String(el.className).split(' ')[0] : ''))
  + (el.textContent.trim() ? ' "' + el.textContent.trim().slice(0, 24) + '"' : '');
window.beaconMeasure = {
  page() {
    const doc = document.documentElement, stop = $('stop'), pad = document.querySelector('.pad');
    const s = box(stop);
    let onTop = false;
    if (s) {
      const hit = document.elementFromPoint(s.x + s.width / 2, s.y + s.height / 2);
      onTop = !!hit && (hit === stop || stop.contains(hit));
    }
    const buttons = {};
    for (const id of ['find', 'read', 'explore', 'walk', 'talk', 'stop']) buttons[id] = box($(id));
    return {
      viewport: [innerWidth, innerHeight], clientWidth: doc.clientWidth, scrollWidth: doc.scrollWidth,
      scrollHeight: doc.scrollHeight, scrollY: round(scrollY), rootFontPx: parseFloat(getComputedStyle(doc).fontSize),
      stop: s, stopOnTop: onTop,
      stopVisible: !!s && onTop && s.y >= 0 && s.x >= 0 && s.bottom <= innerHeight + 0.5 && s.right <= innerWidth + 0.5,
      pad: box(pad), padScrollWidth: pad ? pad.scrollWidth : null,
      columns: new Set(['find', 'read', 'explore', 'walk', 'talk'].map((id) => buttons[id]).filter(Boolean).map((b) => b.x)).size,
      said: box($('said')), command: box($('command-text')), buttons,
    };
  },
  // Every visible text against what is behind it; every control's border (or, without one, its face) against
  // what is around it. Native check boxes and radio buttons draw themselves: they are listed, not measured.
  contrast(scope) {
    const texts = [], borders = [], native = [];
    for (const el of (scope || document.body).querySelectorAll('*')) {
      if (!visible(el)) continue;
      const style = getComputedStyle(el);
      const ownText = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
      if (ownText) {
        const fg = parse(style.color), bg = backgroundOf(el);
        if (fg) texts.push({what: name(el), ratio: ratio(over(fg, bg), bg), fg: hex(fg), bg: hex(bg)});
      }
      if (!el.matches('button, input, select, textarea')) continue;
      if (el.matches('input[type="checkbox"], input[type="radio"]') && style.appearance !== 'none') {
        native.push(name(el) + ' ' + (el.id || el.name));
        continue;
      }
      const outside = backgroundOf(el.parentElement);
      const width = parseFloat(style.borderTopWidth);
      const edge = style.borderTopStyle !== 'none' && width > 0 ? parse(style.borderTopColor) : null;
      const face = edge && edge.a > 0 ? over(edge, outside) : backgroundOf(el);
      borders.push({what: name(el), ratio: ratio(face, outside), edge: hex(face), around: hex(outside),
                    kind: edge && edge.a > 0 ? 'border' : 'face'});
    }
    const least = (list) => list.length ? Math.min(...list.map((x) => x.ratio)) : null;
    return {textMin: least(texts), borderMin: least(borders), texts: texts.sort((a, b) => a.ratio - b.ratio).slice(0, 6),
            borders: borders.sort((a, b) => a.ratio - b.ratio).slice(0, 6), native};
  },
};
"""

AXE_ALL = """
const done = arguments[arguments.length - 1];
axe.run(document, {resultTypes: ['violations'], rules: {'color-contrast-enhanced': {enabled: true}}}).then(
  (r) => done(r.violations.map((v) => ({id: v.id, impact: v.impact, help: v.help,
                                        nodes: v.nodes.map((n) => n.target.join(' '))}))),
  (e) => done({error: String(e)}));
"""


class LayoutPage:
    """One view (size and text size) of the page: sets it, measures it, audits it."""

    def __init__(self, page, axe):
        self.page, self.axe = page, axe
        self.size = (0, 0)

    def view(self, width, height, scale):
        self.size = (width, height)
        driver = self.page.driver
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                               {"width": width, "height": height, "deviceScaleFactor": 2, "mobile": True})
        # The browser's text size, as a person sets it (Chrome's font size, or the phone's with meta text-scale).
        driver.execute_cdp_cmd("Page.setFontSizes", {"fontSizes": {"standard": round(16 * scale), "fixed": round(13 * scale)}})
        time.sleep(0.4)

    def helpers(self):
        if not self.page.js("return !!window.beaconMeasure"):
            self.page.js(LAYOUT_HELPERS)

    def show(self, screen, focus=None):
        self.page.js("showScreen(arguments[0], arguments[1] || undefined); window.scrollTo(0, 0);", screen, focus)
        time.sleep(0.25)

    def measure(self):
        self.helpers()
        self.page.js("window.scrollTo(0, 0)")
        time.sleep(0.05)
        measured = self.page.js("return beaconMeasure.page()")
        # Against the phone's screen, not innerWidth: a mobile browser widens its layout viewport to fit a page
        # that overflows, which would hide exactly what is being looked for.
        stop, (width, height) = measured["stop"], self.size
        measured["stopVisible"] = bool(stop) and measured["stopOnTop"] and stop["x"] >= 0 and stop["y"] >= 0 \
            and stop["right"] <= width + 0.5 and stop["bottom"] <= height + 0.5
        return measured

    def contrast(self):
        self.helpers()
        return self.page.js("return beaconMeasure.contrast()")

    def audit(self):
        if not self.page.js("return !!window.axe"):
            self.page.js(self.axe)
        violations = self.page.driver.execute_async_script(AXE_ALL)
        if isinstance(violations, dict):
            raise DriverFailure(f"axe-core failed: {violations['error']}")
        return violations

    def scroll_width(self):
        return self.page.js("return [document.documentElement.scrollWidth, document.documentElement.clientWidth]")


def measure_view(layout, page, name, width, height, scale):
    layout.view(width, height, scale)
    layout.show("main")
    result = {"view": name, "size": [width, height], "textScale": scale}
    main = layout.measure()
    result["main"] = main
    page.screenshot(f"{name}-main")

    # Sentences of every length: the box keeps its height and Stop and the command field stay where they are.
    said, stops, fields, widths, broken, cut = [], [], [], [], [], []
    for sentence in SENTENCES:
        page.js("announce(arguments[0])", sentence)
        time.sleep(0.12)
        m = layout.measure()
        words = page.js(SAID_WORDS)
        broken += words["broken"]
        cut += words["cut"]
        said.append(m["said"]["height"] if m["said"] else None)
        stops.append(m["stop"]["y"] if m["stop"] else None)
        fields.append(m["command"]["y"] if m["command"] else None)
        widths.append(m["scrollWidth"] - m["clientWidth"])
        if not m["stopVisible"]:
            result.setdefault("stopHiddenAfter", []).append(sentence[:40])
        if len(sentence) > 150:
            page.screenshot(f"{name}-main-long-sentence")
    spread = lambda values: (round(max(values) - min(values), 1) if values and None not in values else None)
    result["sentences"] = {"saidHeights": said, "stopY": stops, "commandY": fields, "overflowX": widths,
                           "brokenWords": broken, "cutWords": cut,
                           "saidHeightChange": spread(said), "stopYChange": spread(stops), "commandYChange": spread(fields)}

    # Talking: the longer label must not widen anything.
    page.js("showTalking(true)")
    time.sleep(0.1)
    talking = layout.measure()
    page.screenshot(f"{name}-main-talking")
    page.js("showTalking(false)")
    result["talking"] = {"scrollWidth": talking["scrollWidth"], "clientWidth": talking["clientWidth"],
                         "padWidth": talking["pad"]["width"] if talking["pad"] else None,
                         "padScrollWidth": talking["padScrollWidth"], "stopVisible": talking["stopVisible"]}

    # Contrast with a button pressed and an urgent sentence shown, then axe-core on the main screen.
    page.js("announce('Car ahead, close.', {urgent: true}); document.getElementById('find').setAttribute('aria-pressed', 'true')")
    time.sleep(0.1)
    result["contrast"] = {"main": layout.contrast()}
    page.js("document.getElementById('find').setAttribute('aria-pressed', 'false'); announce('Cup.')")
    screens = {"main": layout.audit()}

    for screen, focus in (("find", "find-text"), ("settings", None)):
        layout.show(screen, focus)
        width_now, client = layout.scroll_width()
        result[screen] = {"scrollWidth": width_now, "clientWidth": client}
        result["contrast"][screen] = layout.contrast()
        screens[screen] = layout.audit()
        page.screenshot(f"{name}-{screen}")
    if page.js("return !!document.getElementById('forget-confirm')"):
        page.js("document.getElementById('forget').click()")
        time.sleep(0.2)
        width_now, client = layout.scroll_width()
        result["forget-confirm"] = {"scrollWidth": width_now, "clientWidth": client,
                                    "shown": page.js("return !document.getElementById('forget-confirm').hidden")}
        result["contrast"]["forget-confirm"] = layout.contrast()
        screens["forget-confirm"] = layout.audit()
        page.screenshot(f"{name}-forget-confirm")
        page.js("document.getElementById('forget-cancel').click()")
    layout.show("main")
    result["axe"] = {screen: {"count": len(v), "violations": v} for screen, v in screens.items()}
    result["axeViolations"] = sum(len(v) for v in screens.values())
    result["textContrastMin"] = min(c["textMin"] for c in result["contrast"].values() if c["textMin"] is not None)
    borders = [c["borderMin"] for c in result["contrast"].values() if c["borderMin"] is not None]
    result["borderContrastMin"] = min(borders) if borders else None
    result["nativeControls"] = sorted({n for c in result["contrast"].values() for n in c["native"]})
    result["noHorizontalScroll"] = all(
        r["scrollWidth"] <= r["clientWidth"] for r in [main, talking] + [result[s] for s in ("find", "settings", "forget-confirm") if s in result]
    ) and max(widths) <= 0
    return result


def run_layout(page):
    axe = axe_source()
    page.open("/")
    result = {"pairing": page.pair(refuse_first=False)}
    page.wait_for(lambda: page.visible_screen() == "main", 5, "The main screen never showed.")
    time.sleep(1.0)  # the greeting and the first messages come and go
    layout = LayoutPage(page, axe)
    result["views"] = [measure_view(layout, page, *view) for view in VIEWS]
    page.driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    return result


# ---- states: what the page says and shows as things change ----

CUT_CONNECTION = """
window.beaconRealSocket = window.beaconRealSocket || WebSocket;
// From now on every new socket fails as a socket to a machine that has gone away does (close code 1006).
window.WebSocket = class {
  constructor(url) {
    Object.assign(this, {url, readyState: 0, bufferedAmount: 0});
    setTimeout(() => { this.readyState = 3; if (this.onclose) this.onclose({code: 1006, reason: ''}); }, 100);
  }
  send() {}
  close() {}
};
Object.assign(window.WebSocket, {CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3});
conn.ws.close();
"""

# Beacon is reachable again: the next try (at once, or when a try still under way has failed) connects.
RESTORE_CONNECTION = """
window.WebSocket = window.beaconRealSocket;
clearTimeout(conn.timer);
conn.retry = 0;
if (!conn.ws) connect();
"""

PRESSED_NOW = "return Object.fromEntries(['find', 'read', 'explore', 'walk', 'talk'].map((id) => [id, document.getElementById(id).getAttribute('aria-pressed')]))"


def since(log, key, start):
    return [entry for entry in log[key] if entry["time"] >= start]


def run_states(page):
    page.open("/")
    result = {"pairing": page.pair(refuse_first=False)}
    page.wait_for(lambda: page.visible_screen() == "main", 5, "The main screen never showed.")
    time.sleep(5)  # "Paired.", "Connected to Beacon." and Beacon's greeting, one after another
    log = page.log()
    result["greeting"] = {"live": log["live"], "regions": log["regions"]}

    # Explore: pressed while it looks and while its report is said, released once the report is over.
    start = page.js("return performance.now() / 1000")
    page.click("explore")
    left = page.wait_for(lambda: [m for m in page.log()["modes"][-3:] if m != "explore"] and "explore" in page.log()["modes"]
                         and page.log()["modes"][-1] != "explore", 45)
    pressed_when_mode_left = page.js("return document.getElementById('explore').getAttribute('aria-pressed')")
    page.wait_for(lambda: page.js("return document.getElementById('explore').getAttribute('aria-pressed')") == "false", 60)
    log = page.log()
    result["explore"] = {"modeLeft": bool(left), "pressedWhenModeLeft": pressed_when_mode_left, "modes": log["modes"],
                         "speaks": since(log, "speaks", start), "pressed": [p for p in since(log, "pressed", start) if p["id"] == "explore"],
                         "regions": since(log, "regions", start)}
    page.screenshot("states-explore")

    # Find: pressed while finding; pressed again, it stops instead of asking what to find.
    page.click("find")
    page.wait_for(lambda: page.visible_screen() == "find", 5, "Find did not open the Find what? prompt.")
    page.type_into("find-text", "cup")
    page.wait_for(lambda: page.js("return document.getElementById('find').getAttribute('aria-pressed')") == "true", 15,
                  "Find was never shown pressed while finding.")
    start = page.js("return performance.now() / 1000")
    page.click("find")
    time.sleep(0.3)
    screen_after = page.visible_screen()
    page.wait_for(lambda: page.log()["modes"][-1] == "idle", 10)
    time.sleep(0.5)
    log = page.log()
    result["find"] = {"screenAfterSecondPress": screen_after, "modeAfter": log["modes"][-1],
                      "pressedAfter": page.js("return document.getElementById('find').getAttribute('aria-pressed')"),
                      "liveAfter": [r["text"] for r in since(log, "regions", start)]}

    # A lost connection: every button released, the loss said and kept until Beacon is back; the walk comes back.
    page.click("walk")
    page.wait_for(lambda: page.js("return document.getElementById('walk').getAttribute('aria-pressed')") == "true", 20,
                  "Walk was never shown pressed while walking.")
    start = page.js("return performance.now() / 1000")
    page.js(CUT_CONNECTION)
    page.wait_for(lambda: page.log()["closes"] and page.js("return document.getElementById('connection').textContent"), 5)
    lost = {"pressed": page.js(PRESSED_NOW), "connection": page.js("return document.getElementById('connection').textContent"),
            "role": page.js("return document.getElementById('connection').getAttribute('role')")}
    page.screenshot("states-lost")
    time.sleep(9)  # longer than any other message stays
    lost["connectionAfter9s"] = page.js("return document.getElementById('connection').textContent")
    lost["pressedAfter9s"] = page.js(PRESSED_NOW)
    page.js(RESTORE_CONNECTION)
    if not page.wait_for(lambda: page.log()["welcomes"] and page.log()["welcomes"][-1]["time"] > start, 15):
        state = page.js("return JSON.stringify({ws: conn.ws && conn.ws.url, ready: conn.ws && conn.ws.readyState, welcomed: conn.welcomed, closes: beaconLog.closes.slice(-5), live: beaconLog.live.slice(-5), same: WebSocket === window.beaconRealSocket})")
        raise DriverFailure(f"Beacon never came back after the connection was cut: {state}")
    page.wait_for(lambda: page.js("return document.getElementById('walk').getAttribute('aria-pressed')") == "true", 20)
    log = page.log()
    lost.update({"connectionBack": page.js("return document.getElementById('connection').textContent"),
                 "walkPressedBack": page.js("return document.getElementById('walk').getAttribute('aria-pressed')"),
                 "live": [t for t in log["live"]][-8:], "regions": since(log, "regions", start)})
    result["lost"] = lost
    page.stop()

    # Forget this phone: asks first; No keeps the phone paired, Yes forgets it and says so.
    page.click("open-settings")
    page.click("forget")
    forget = {"confirmShown": page.js("return !document.getElementById('forget-confirm').hidden"),
              "focus": page.js("return document.activeElement && document.activeElement.id"),
              "tokenAfterFirstTap": page.js("return localStorage.getItem('beacon.token')") is not None}
    page.click("forget-cancel")
    forget.update({"confirmHiddenAfterNo": page.js("return document.getElementById('forget-confirm').hidden"),
                   "tokenAfterNo": page.js("return localStorage.getItem('beacon.token')") is not None,
                   "screenAfterNo": page.visible_screen()})
    page.click("forget")
    page.click("forget-yes")
    page.wait_for(lambda: page.visible_screen() == "pair", 5)
    forget.update({"screenAfterYes": page.visible_screen(),
                   "tokenAfterYes": page.js("return localStorage.getItem('beacon.token')") is not None,
                   "live": page.log()["live"][-3:]})
    result["forget"] = forget
    return result


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
        result.update({"pairing": run_pairing, "find": run_find, "yours": run_yours, "deeplink": run_deeplink,
                       "read": run_read, "audit": run_audit, "layout": run_layout,
                       "states": run_states}[args.scenario](page))
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
