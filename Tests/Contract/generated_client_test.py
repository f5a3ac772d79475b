#!/usr/bin/env python3
"""Calls the running server through the client openapi-python-client generated from openapi.json
(the package `preflight_client` on PYTHONPATH), not through httpx by hand: a pass with a download,
a fail (422 parsed into the Report model), a batch, /v1/version, and 401 with keys on; and the
exact bytes, which the generated preflight() cannot send (check_exact_bytes). Every
answer must parse into the model the document names for its status, and that model written back
(to_dict) must equal the JSON the server sent: a field the document lacks, or one of another
type, shows as a difference. Run by Tests/Contract/client-test.sh, which sets the environment."""

import io
import json
import os
import subprocess
import sys
import traceback
from datetime import datetime

from preflight_client import AuthenticatedClient, Client
from preflight_client.api.default import preflight, preflight_batch, version
from preflight_client.models import (
    Apns,
    BatchItem,
    BatchItemHeaders,
    BatchRequest,
    BatchResponse,
    Error,
    ErrorErrorCode,
    FindingCode,
    FindingSeverity,
    Report,
    ReportVerdict,
    Version,
)
from preflight_client.types import File

env = os.environ
media = env["MEDIA_URL"]
# raise_on_unexpected_status: a status the document does not list for the operation raises.
open_client = Client(base_url=env["OPEN_URL"], raise_on_unexpected_status=True, timeout=None)
failures = []
passed = 0


def expect(name, condition, wanted, got):
    global passed
    if condition:
        passed += 1
    else:
        failures.append(name)
        print(f"  FAIL {name}: expected {wanted}, got {got}")


def expect_parsed(name, response, status, model):
    """The status, the model the document names for it, and the model written back equal to the body."""
    expect(
        f"{name}: status", response.status_code == status, status, f"{response.status_code} {response.content[:300]!r}"
    )
    expect(f"{name}: model", isinstance(response.parsed, model), model.__name__, type(response.parsed).__name__)
    if isinstance(response.parsed, model):
        sent = json.loads(response.content)
        written = response.parsed.to_dict()
        where = difference(sent, written)
        expect(
            f"{name}: the {model.__name__} model holds every field sent", where is None, "the body written back", where
        )
    return response.parsed


def difference(sent, written, path=""):
    """The first place where `written` differs from `sent`, as "path: sent != written", or None."""
    if isinstance(sent, dict) and isinstance(written, dict):
        for key in sorted(sent.keys() | written.keys()):
            if key not in written or key not in sent:
                return f"{path}/{key}: {'sent but not in the model' if key in sent else 'in the model but not sent'}"
            found = difference(sent[key], written[key], f"{path}/{key}")
            if found:
                return found
        return None
    if isinstance(sent, list) and isinstance(written, list) and len(sent) == len(written):
        return next((d for i, (a, b) in enumerate(zip(sent, written)) if (d := difference(a, b, f"{path}/{i}"))), None)
    if isinstance(sent, str) and isinstance(written, str) and sent != written:
        # A `format: date-time` field is a datetime in the model, written back by isoformat():
        # "2026-12-03T22:09:17Z" comes back as "2026-12-03T22:09:17+00:00", the same instant.
        try:
            return (
                None
                if datetime.fromisoformat(sent) == datetime.fromisoformat(written)
                else f"{path}: {sent!r} != {written!r}"
            )
        except ValueError:
            pass
    return None if sent == written and type(sent) is type(written) else f"{path}: {sent!r} != {written!r}"


def codes(report):
    return [finding.code for finding in report.findings]


def rich_alert(url, **aps):
    return Apns.from_dict({"aps": {"alert": {"title": "Sale", "body": "Everything 50% off"}, **aps}, "image": url})


def check_pass():
    body = rich_alert(f"{media}/image.jpg", **{"mutable-content": 1})
    report = expect_parsed(
        "pass", preflight.sync_detailed(client=open_client, body=body, apns_push_type="alert"), 200, Report
    )
    if not isinstance(report, Report):
        return
    expect("pass: verdict", report.verdict == ReportVerdict.PASS, "pass", report.verdict)
    expect("pass: media.http_status", report.media.http_status == 200, 200, report.media.http_status)
    expect(
        "pass: media.sniffed_type", report.media.sniffed_type == "image/jpeg", "image/jpeg", report.media.sniffed_type
    )
    expect(
        "pass: payload.judged_as",
        report.payload.judged_as.value == "rich-alert",
        "rich-alert",
        report.payload.judged_as,
    )
    expect(
        "pass: no error finding",
        all(f.severity != FindingSeverity.ERROR for f in report.findings),
        "none",
        codes(report),
    )
    print(
        f"client: pass: 200, Report, verdict {report.verdict.value}, media {report.media.sniffed_type} "
        f"over {report.media.tls.version}"
    )


def check_fail():
    body = rich_alert("https://cdn.example.com/sale.jpg")
    report = expect_parsed("fail", preflight.sync_detailed(client=open_client, body=body, fetch=False), 422, Report)
    if not isinstance(report, Report):
        return
    expect("fail: verdict", report.verdict == ReportVerdict.FAIL, "fail", report.verdict)
    missing = [f for f in report.findings if f.code == FindingCode.APS_MUTABLE_CONTENT_MISSING]
    expect("fail: finding aps.mutable-content.missing", len(missing) == 1, "one", codes(report))
    if missing:
        expect("fail: its severity", missing[0].severity == FindingSeverity.ERROR, "error", missing[0].severity)
        expect("fail: its path", missing[0].path == "aps.mutable-content", "aps.mutable-content", missing[0].path)
    expect("fail: media.not-fetched", FindingCode.MEDIA_NOT_FETCHED in codes(report), "listed", codes(report))
    print(f"client: fail: 422, Report, verdict {report.verdict.value}, {FindingCode.APS_MUTABLE_CONTENT_MISSING.value}")


def check_batch():
    items = [
        BatchItem(
            payload=rich_alert(f"{media}/image.jpg", **{"mutable-content": 1}).to_dict(),
            headers=BatchItemHeaders(apns_push_type="alert"),
        ),
        BatchItem(payload='{"aps": {"alert": "hi"'),
        BatchItem(payload=rich_alert(f"{media}/image.jpg").to_dict(), headers=BatchItemHeaders(apns_priority="7")),
    ]
    response = preflight_batch.sync_detailed(client=open_client, body=BatchRequest(items=items), fetch=False)
    batch = expect_parsed("batch", response, 200, BatchResponse)
    if not isinstance(batch, BatchResponse):
        return
    verdicts = [result.verdict for result in batch.results]
    expect(
        "batch: verdicts in order",
        verdicts == [ReportVerdict.PASS, ReportVerdict.FAIL, ReportVerdict.FAIL],
        "pass, fail, fail",
        verdicts,
    )
    if len(batch.results) == 3:
        expect(
            "batch: item 2 payload.invalid-json",
            FindingCode.PAYLOAD_INVALID_JSON in codes(batch.results[1]),
            "listed",
            codes(batch.results[1]),
        )
        expect(
            "batch: item 3 headers.priority.invalid",
            FindingCode.HEADERS_PRIORITY_INVALID in codes(batch.results[2]),
            "listed",
            codes(batch.results[2]),
        )
    print(f"client: batch: 200, BatchResponse of {len(batch.results)} Reports, {', '.join(v.value for v in verdicts)}")


def check_version():
    parsed = expect_parsed("version", version.sync_detailed(client=open_client), 200, Version)
    if not isinstance(parsed, Version):
        return
    with open(env["DOCUMENT"]) as file:
        document = json.load(file)
    expect(
        "version: version is the document's",
        parsed.version == document["info"]["version"],
        document["info"]["version"],
        parsed.version,
    )
    printed = subprocess.run([env["PREFLIGHT_BINARY"], "version"], capture_output=True, text=True, check=True).stdout
    for field in ("version", "commit", "libmicrohttpd", "libcurl", "openssl"):
        value = getattr(parsed, field)
        expect(
            f"version: {field} is the one `preflight version` prints",
            value != "" and value in printed,
            f"in {printed.strip()!r}",
            value,
        )
    print(f"client: version: 200, Version {parsed.version} ({parsed.commit}), libcurl {parsed.libcurl}")


def check_keys():
    keyed = env["KEYED_URL"]
    anonymous = Client(base_url=keyed, raise_on_unexpected_status=True)
    for name, response in (
        ("version", version.sync_detailed(client=anonymous)),
        (
            "preflight",
            preflight.sync_detailed(client=anonymous, body=rich_alert("https://cdn.example.com/a.jpg"), fetch=False),
        ),
    ):
        error = expect_parsed(f"no key: {name}", response, 401, Error)
        if isinstance(error, Error):
            expect(
                f"no key: {name}: error.code",
                error.error.code == ErrorErrorCode.UNAUTHORIZED,
                "unauthorized",
                error.error.code,
            )
    wrong = AuthenticatedClient(base_url=keyed, token="not-the-key", raise_on_unexpected_status=True)
    expect_parsed("a wrong key: version", version.sync_detailed(client=wrong), 401, Error)
    keyed_client = AuthenticatedClient(base_url=keyed, token=env["API_KEY"], raise_on_unexpected_status=True)
    parsed = expect_parsed("the key: version", version.sync_detailed(client=keyed_client), 200, Version)
    print(
        "client: keys on: 401 Error unauthorized without the key and with a wrong one, 200 Version with it"
        if isinstance(parsed, Version)
        else "client: keys on: failed"
    )


def check_exact_bytes():
    """preflight() cannot send a File (the exact bytes, application/octet-stream) or an Expo array:
    with two content types the generated body dispatch is isinstance(body, Airship | ... |
    list[ExpoPushMessage] | ...), which Python refuses for a parameterized generic, before
    anything is sent. docs/api.md says so and gives the way round (the generated client's own
    httpx client and Report model); this check fails once a generator version sends the File."""
    raw = b'{"aps": {"alert": "Sale", "mutable-content": 1},   "image": "https://cdn.example.com/sale.jpg"}'
    try:
        preflight.sync_detailed(client=open_client, body=File(payload=io.BytesIO(raw)), fetch=False)
        refused = "sent"
    except TypeError as error:
        refused = str(error)
    expect(
        "exact bytes: preflight() refuses a File body",
        "parameterized generic" in refused,
        "TypeError ... parameterized generic",
        refused,
    )
    response = open_client.get_httpx_client().post(
        "/v1/preflight",
        params={"fetch": "false"},
        content=raw,
        headers={"Content-Type": "application/octet-stream", "apns-push-type": "alert"},
    )
    report = Report.from_dict(response.json())
    expect("exact bytes: status", response.status_code == 200, 200, response.status_code)
    expect("exact bytes: payload.bytes", report.payload.bytes_ == len(raw), len(raw), report.payload.bytes_)
    expect("exact bytes: verdict", report.verdict == ReportVerdict.PASS, "pass", report.verdict)
    print(
        f"client: exact bytes: preflight() refuses a File (TypeError); through get_httpx_client(), 200, "
        f"Report of {report.payload.bytes_} bytes"
    )


for check in (check_pass, check_fail, check_batch, check_version, check_keys, check_exact_bytes):
    try:
        check()
    except Exception:  # noqa: BLE001 (recorded as this check failing)
        # A body the generated parser cannot read (a required field missing, a value outside an
        # enum) or a status the document does not list for the operation (UnexpectedStatus).
        traceback.print_exc()
        expect(check.__name__, False, "no exception", "the exception above")
print(f"client: {passed} passed, {len(failures)} failed")
sys.exit(1 if failures else 0)
