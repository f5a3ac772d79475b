#!/usr/bin/env python3
"""The JUnit XML of `preflight check --format junit`, read back by a real JUnit consumer
(junitparser, from PyPI): the binary is run over a folder of push templates (some pass, one
warns, some fail, an Expo array of two messages, a file name full of XML's special characters,
a dangling link) and the suite's counts, each case's result, each failure's type, message and
text and each system-out are checked; then one template is downloaded from the loopback nginx.
`make cli-test` runs it inside with-origins.sh (PREFLIGHT_NETNS=1: loopback only).
usage: junit_test.py PATH/TO/preflight"""
import json, os, pathlib, shutil, subprocess, sys, tempfile

from junitparser import JUnitXml, TestCase

binary = os.path.realpath(sys.argv[1])
origins = dict(line.split("=", 1) for line in pathlib.Path(os.environ["PREFLIGHT_ORIGINS"]).read_text().split())
work = pathlib.Path(tempfile.mkdtemp(prefix="preflight-cli."))
failures = []


def fail(what, expected, got):
    failures.append(f"{what}: expected {expected!r}, got {got!r}")


def expect(what, expected, got):
    if expected != got:
        fail(what, expected, got)


def run(*arguments):
    """Runs the binary in `work` (so the paths in the report are relative); returns its output."""
    done = subprocess.run([binary, "check", *arguments], cwd=work, capture_output=True, text=True, timeout=60)
    return done.returncode, done.stdout, done.stderr


def read(xml_text):
    """The one suite of the document and its cases by name, as junitparser reads them."""
    path = work / "report.xml"
    path.write_text(xml_text)
    suites = list(JUnitXml.fromfile(str(path)))
    expect("suites in the document", 1, len(suites))
    return suites[0], Cases({case.name: case for case in suites[0]})


class Cases(dict):
    """The cases by name; a missing one is recorded as a failure and read as an empty case."""

    def __missing__(self, name):
        fail("a testcase named", name, sorted(self))
        return TestCase(name)


def results(case):
    """A case's results as (kind, type, message, text)."""
    return [(type(result).__name__, result.type, result.message, result.text) for result in case.result]


HOSTILE = 'odd "quote" <&> \'\x01.json'
templates = {
    "welcome.json": {"aps": {"alert": {"title": "Welcome", "body": "Thanks"}, "mutable-content": 1},
                     "image": "https://cdn.example.com/welcome.jpg"},
    "promo/sale.json": {"aps": {"alert": "50% off today"}, "image": "https://cdn.example.com/sale.jpg"},
    "promo/campaign.json": {"aps": {"alert": "New in", "mutable-content": 1, "campaign": "spring"},
                            "image": "https://cdn.example.com/new.jpg"},
    "expo/batch.json": [
        {"to": "ExponentPushToken[a]", "body": "Hi", "mutableContent": True,
         "richContent": {"image": "https://cdn.example.com/a.jpg"}},
        {"to": "ExponentPushToken[b]", "body": "Hi", "richContent": {"image": "http://cdn.example.com/b.jpg"}},
    ],
    HOSTILE: {"aps": {"alert": "hi", "mutable-content": 1}, "image": "https://cdn.example.com/a.jpg"},
}
try:
    for name, body in templates.items():
        path = work / "templates" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(body))
    (work / "templates/promo/README.md").write_text("not a template")
    (work / "templates/.drafts").mkdir()
    (work / "templates/.drafts/wip.json").write_text("{")
    os.symlink("gone.json", work / "templates/promo/moved.json")

    # --- Payload rules only ---------------------------------------------------------------------
    status, out, err = run("--no-fetch", "--header", "apns-push-type:alert", "--format", "junit", "templates")
    expect("exit status (two templates fail, one is unreadable)", 1, status)
    expect("stderr", "", err)
    suite, cases = read(out)
    counts = (suite.name, suite.tests, suite.failures, suite.errors, suite.skipped)
    expect("suite name, tests, failures, errors, skipped", ("preflight", 7, 2, 1, 0), counts)
    if not suite.time >= 0:
        fail("suite time", ">= 0", suite.time)
    expect("case names, in byte order", [
        "templates/expo/batch.json#0", "templates/expo/batch.json#1", "templates/odd \"quote\" <&> '\\x01.json",
        "templates/promo/campaign.json", "templates/promo/moved.json", "templates/promo/sale.json",
        "templates/welcome.json"], [case.name for case in suite])
    expect("classname of a nested template", "templates/promo", cases["templates/promo/sale.json"].classname)

    not_fetched = ("info media.not-fetched at /image: the download was skipped (fetch=false or --no-fetch), so "
                   "only the payload and the URL were checked; fix: none needed; the media's type and size are "
                   "only checked when it is downloaded")
    welcome = cases["templates/welcome.json"]
    expect("welcome passes", (True, []), (welcome.is_passed, results(welcome)))
    expect("welcome's system-out", not_fetched, welcome.system_out)

    sale = cases["templates/promo/sale.json"]
    message = "aps has no mutable-content, so the Notification Service Extension never runs and no media is attached"
    expect("sale's one failure", [("Failure", "aps.mutable-content.missing", message,
                                   f"aps.mutable-content.missing at aps.mutable-content: {message}\n"
                                   "fix: add \"mutable-content\": 1 inside aps")], results(sale))

    campaign = cases["templates/promo/campaign.json"]
    expect("a warning is not a failure", (True, []), (campaign.is_passed, results(campaign)))
    expect("the warning and the info in system-out", "warning aps.key.unknown at aps.campaign: aps.campaign is "
           "not a key Apple defines; iOS ignores it and APNs may in future reject it; fix: move \"campaign\" out of "
           "aps to the top level of the payload, where custom keys belong\n" + not_fetched, campaign.system_out)

    first, second = cases["templates/expo/batch.json#0"], cases["templates/expo/batch.json#1"]
    expect("the Expo array's first message passes", True, first.is_passed)
    expect("the Expo array's second message: a failure per error finding",
           ["envelope.mutable-content.missing", "media.url.insecure"], [result.type for result in second.result])

    moved = cases["templates/promo/moved.json"]
    reason = "cannot read templates/promo/moved.json: No such file or directory"
    expect("a dangling link is an error", [("Error", "file.unreadable", reason, reason)], results(moved))

    hostile = cases["templates/odd \"quote\" <&> '\\x01.json"]
    expect("a file name of XML's special characters", (True, "templates"), (hostile.is_passed, hostile.classname))

    # --- One template downloaded from the loopback nginx ----------------------------------------
    https = int(origins["HTTPS_PORT"])
    (work / "config.json").write_text(json.dumps({
        "fetch": {"ca_file": origins["CA_FILE"], "resolve": [f"media.test:{https}:127.0.0.1"]},
        "egress": {"allow_cidrs": ["127.0.0.0/8"], "allowed_ports": [https]},
    }))
    media = work / "media"
    media.mkdir()
    for name, path in (("image.json", "image.jpg"), ("missing.json", "missing.jpg")):
        (media / name).write_text(json.dumps({"aps": {"alert": "hi", "mutable-content": 1},
                                              "image": f"https://media.test:{https}/media/{path}"}))
    status, out, err = run("--config", "config.json", "--header", "apns-push-type:alert", "--format", "junit",
                           "media")
    expect("exit status (the missing image fails)", 1, status)
    suite, cases = read(out)
    expect("downloading suite: tests, failures, errors", (2, 1, 0), (suite.tests, suite.failures, suite.errors))
    downloaded = cases["media/image.json"]
    expect("the downloaded image passes", (True, []), (downloaded.is_passed, results(downloaded)))
    if "media.not-fetched" in (downloaded.system_out or ""):
        fail("the image was downloaded", "no media.not-fetched", downloaded.system_out)
    missing = cases["media/missing.json"]
    expect("the missing image's failure", ["media.fetch.http-status"], [result.type for result in missing.result])
    if "404" not in (missing.result[0].message if missing.result else ""):
        fail("the failure's message names the status", "404 in the message", results(missing))
finally:
    shutil.rmtree(work, ignore_errors=True)

if failures:
    print("cli-test: " + "\n  ".join(["junit output read back with junitparser:"] + failures), file=sys.stderr)
    sys.exit(1)
print("cli-test: 7 cases from 6 templates and 2 downloads, read back with junitparser: counts, results, "
      "failures, system-out as expected")
