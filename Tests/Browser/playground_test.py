#!/usr/bin/env python3
"""Browser tests of the playground: Debian's chromium, driven by Selenium through the
system chromedriver, against the real server and the loopback nginx (run inside with-origins.sh).
Each example is run from the keyboard and the DOM is checked: the verdict, the codes, the
preview's text and cut-off, the image loaded from the media origin, the plain-text fallback, no
request to any other host, no console error. Screenshots go to .build/screenshots/.
usage: playground_test.py PATH/TO/preflight [README-SCREENSHOT.png]"""
import json, os, pathlib, re, shutil, subprocess, sys, tempfile, time, urllib.parse, urllib.request

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait

binary = sys.argv[1]
readme_shot = sys.argv[2] if len(sys.argv) > 2 else None
origins = dict(line.split("=", 1) for line in pathlib.Path(os.environ["PREFLIGHT_ORIGINS"]).read_text().split())
http_port = int(origins["HTTP_PORT"])
shots = pathlib.Path(".build/screenshots")
shots.mkdir(parents=True, exist_ok=True)

work = pathlib.Path(tempfile.mkdtemp(prefix="preflight-browser."))
(work / "config.json").write_text(json.dumps({
    "listen": {"host": "127.0.0.1", "port": 0},
    "payload": {"allow_http_media": True},
    "egress": {"allow_cidrs": ["127.0.0.0/8"], "allowed_ports": [http_port]},
}))
server = subprocess.Popen([binary, "serve", "--config", str(work / "config.json")],
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
line = server.stderr.readline()
port = int(re.search(r":(\d+)$", line.strip()).group(1))
page = f"http://127.0.0.1:{port}/"
media = f"http://127.0.0.1:{http_port}/media"
allowed_hosts = {f"127.0.0.1:{port}", f"127.0.0.1:{http_port}"}

options = webdriver.ChromeOptions()
options.binary_location = "/usr/bin/chromium"
for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1280,2200",
                 "--disable-gpu", "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--disable-default-apps"):
    options.add_argument(argument)
options.set_capability("goog:loggingPrefs", {"browser": "ALL", "performance": "ALL"})
driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
wait = WebDriverWait(driver, 15)

failures = []
def check(condition, message):
    if not condition:
        failures.append(message)
        print(f"  FAIL {message}")

def text(selector, root=None):
    # textContent: what the DOM holds (the verdict badge is upper-cased by CSS only).
    return (root or driver).find_element(By.CSS_SELECTOR, selector).get_attribute("textContent")

def run_example(index):
    """Chooses example `index` and checks it with the keyboard; returns the codes listed."""
    select = driver.find_element(By.ID, "example")
    Select(select).select_by_index(index)
    driver.execute_script("document.getElementById('verdict').textContent = ''")
    button = driver.find_element(By.ID, "check")
    button.send_keys(Keys.ENTER)
    wait.until(lambda d: d.find_element(By.ID, "verdict").text != "")
    return [row.get_attribute("data-code") for row in driver.find_elements(By.CSS_SELECTOR, "#findings tbody tr[data-code]")]

def image_loaded(selector):
    return wait.until(lambda d: d.execute_script(
        f"const i = document.querySelector('{selector}'); return i && i.complete ? i.naturalWidth : null") is not None) \
        and driver.execute_script(f"return document.querySelector('{selector}').naturalWidth") > 0

try:
    driver.get(f"{page}?media={urllib.parse.quote(media, safe='')}")
    wait.until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#example option")) == 14)
    names = [o.text for o in driver.find_elements(By.CSS_SELECTOR, "#example option")]
    expectations = [
        # name, verdict, codes that must be listed, whether the media attaches
        ("A good rich push", "pass", [], True),
        ("Mistake: no mutable-content", "fail", ["aps.mutable-content.missing"], False),
        ("Mistake: a WebP image", "fail", ["media.type.unsupported"], False),
        ("Mistake: a template left in the text", "fail", ["aps.alert.template-unresolved"], False),
        ("Mistake: a body too long to show", "pass", ["aps.alert.truncated"], True),
        ("A plain push (no media)", "pass", ["media.none"], False),
        # The provider examples name their format (Preflight-Format): judged as the derived payload.
        ("FCM message", "pass", [], True),
        ("OneSignal notification", "pass", [], True),
        ("Airship push", "pass", [], True),
        ("Braze messages/send", "pass", [], True),
        ("Expo push message", "pass", [], True),
        # An array of two: the page shows the failing second message first.
        ("Expo push messages (an array)", "fail", ["media.type.unsupported"], False),
        ("AWS SNS Publish", "pass", [], True),
        ("Azure Notification Hubs send", "pass", [], True),
    ]
    for index, (name, verdict, codes, attaches) in enumerate(expectations):
        print(f"example {index + 1}: {name}")
        check(names[index] == name, f"example {index + 1} is named {names[index]!r}")
        listed = run_example(index)
        check(text("#verdict") == verdict, f"{name}: verdict {text('#verdict')!r}, expected {verdict}")
        for code in codes:
            check(code in listed, f"{name}: {code} not listed ({listed})")
        if name.startswith(("FCM", "OneSignal", "Airship", "Braze", "Expo", "AWS SNS", "Azure")):
            derived = text("#derived")
            # Azure sends the body as written (here pretty-printed), the others compact JSON.
            check('"mutable-content":1' in derived.replace(" ", ""), f"{name}: the derived payload is not shown ({derived!r})")
        fallback = driver.find_element(By.ID, "fallback")
        thumbs = driver.find_elements(By.CSS_SELECTOR, ".light .card.collapsed .thumb")
        if attaches:
            check(len(thumbs) == 1, f"{name}: no thumbnail in the collapsed preview")
            check(image_loaded(".light .card.collapsed .thumb"), f"{name}: the thumbnail did not load")
            check(image_loaded(".dark .card.expanded .media"), f"{name}: the expanded image did not load")
            src = thumbs[0].get_attribute("src") if thumbs else ""
            check(src.startswith(media), f"{name}: the image came from {src}, not the media origin")
            check(not fallback.is_displayed(), f"{name}: the plain-text fallback is shown")
        else:
            check(not thumbs, f"{name}: a thumbnail is shown though the media does not attach")
            if verdict == "fail":
                check(fallback.is_displayed() and "plain-text notification" in fallback.text,
                      f"{name}: no plain-text fallback ({fallback.text!r})")
        messages = driver.find_element(By.ID, "messages")
        if name == "Expo push messages (an array)":
            chooser = Select(driver.find_element(By.ID, "message"))
            offered = [option.text for option in chooser.options]
            check(offered == ["message 1 of 2: pass", "message 2 of 2: fail"], f"{name}: messages offered {offered}")
            check(chooser.first_selected_option.text == "message 2 of 2: fail", f"{name}: the failing message is not shown first")
            check(text("#status") == "HTTP 422", f"{name}: status {text('#status')!r}, expected HTTP 422")
        else:
            check(not messages.is_displayed(), f"{name}: a message chooser is shown for one report")
        driver.save_screenshot(str(shots / f"playground-{index + 1:02d}.png"))

    # The Expo array's first message, chosen: its own report and its image.
    run_example(11)
    Select(driver.find_element(By.ID, "message")).select_by_index(0)
    check(text("#verdict") == "pass", f"Expo array, message 1: verdict {text('#verdict')!r}")
    check(not driver.find_elements(By.CSS_SELECTOR, "#findings tbody tr[data-code='media.type.unsupported']"),
          "Expo array, message 1: the second message's finding is listed")
    check(image_loaded(".light .card.collapsed .thumb"), "Expo array, message 1: the thumbnail did not load")

    # What each push was judged as (payload.judged_as), beside the verdict.
    for index, judged in ((0, "rich-alert"), (5, "alert"), (6, "rich-alert")):
        run_example(index)
        check(text("#judged") == f"judged as {judged}", f"example {index + 1}: {text('#judged')!r}, expected judged as {judged}")

    # The profiles come from GET /v1/profiles (presets in order), and the result says what the
    # judged profile models; Braze's helper is closed, so its line says what was not read.
    listing = json.loads(urllib.request.urlopen(f"{page}v1/profiles").read())
    wait.until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#profile option")) == len(listing["profiles"]) + 1)
    offered = [o.get_attribute("value") for o in driver.find_elements(By.CSS_SELECTOR, "#profile option")]
    check(offered == [""] + [p["name"] for p in listing["profiles"]], f"the profiles offered: {offered}")
    run_example(0)
    check(text("#modelled") == "profile generic: models hand-written extensions (shared/seeds/ 000-004)",
          f"example 1: {text('#modelled')!r}")
    run_example(9)
    braze = next(p for p in listing["profiles"] if p["name"] == "braze")["source"]
    check(text("#modelled") == f"profile braze: models {braze['models']}; not read from source: {braze['unverified']}",
          f"example 10: {text('#modelled')!r}")

    # Texts and cut-off, from the first and the fifth example.
    run_example(0)
    check(text(".light .card.collapsed .title") == "Spring sale", "the collapsed title")
    check(text(".light .card.collapsed .subtitle") == "Today only", "the collapsed subtitle")
    check(text(".dark .card.expanded .body").startswith("Everything in the garden shop"), "the expanded body")
    if readme_shot:
        driver.save_screenshot(readme_shot)
    run_example(4)
    long_title = "A very long title that will not fit on one line of the lock screen"
    check(text(".light .card.collapsed .title") == long_title[:44] + "…", "the title is cut at 44 characters")
    check(text(".light .card.expanded .title") == long_title, "the expanded title is whole")
    collapsed_body = text(".light .card.collapsed .body")
    check(collapsed_body.endswith("…") and len(collapsed_body) == 179, f"the body is cut at 178 ({len(collapsed_body)})")

    # Every request went to the server or the media origin; the console stayed clean.
    hosts = set()
    for entry in driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        if message.get("method") == "Network.requestWillBeSent":
            url = urllib.parse.urlsplit(message["params"]["request"]["url"])
            if url.scheme in ("http", "https"):
                hosts.add(url.netloc)
    check(hosts and hosts <= allowed_hosts, f"requests went to {sorted(hosts)}, not only {sorted(allowed_hosts)}")
    # Chrome logs every 4xx answer to fetch as a network error; a fail verdict is 422 by design.
    errors = [entry["message"] for entry in driver.get_log("browser") if entry["level"] == "SEVERE"
              and not (entry.get("source") == "network" and "/v1/preflight" in entry["message"] and " 422 " in entry["message"])]
    check(not errors, f"console errors: {errors}")
finally:
    driver.quit()
    server.terminate()
    server.wait(timeout=30)
    shutil.rmtree(work, ignore_errors=True)

print(f"playground: {len(expectations) - len({f.split(':')[0] for f in failures})} of {len(expectations)} examples as expected, {len(failures)} failure(s)")
sys.exit(1 if failures else 0)
