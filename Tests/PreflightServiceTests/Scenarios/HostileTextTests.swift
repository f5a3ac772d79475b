import PreflightCore
import PreflightService
import Testing

/// Text a stranger writes so that a person sees something other than what the gate judged.
@Suite(.serialized) struct HostileTextTests {
    /// An alert of a zero-width space and a no-break space shows nothing: the push fails as an
    /// empty alert over HTTP as in the rules.
    @Test func anInvisibleAlertFailsOverHTTP() throws {
        try withService { service in
            let body =
                "{\"aps\":{\"alert\":\"\u{200B}\u{00A0}\\ufeff\",\"mutable-content\":1},\"image\":\"https://cdn.example.com/a.jpg\"}"
            let response = try httpRequest(
                port: service.port, "POST", "/v1/preflight?fetch=false", headers: [("apns-push-type", "alert")],
                body: Array(body.utf8))
            #expect(response.status == 422)
            let report = try #require(response.json)
            guard case .array(let findings)? = report["findings"] else {
                Issue.record("findings is not an array")
                return
            }
            #expect(findings.compactMap { $0["code"]?.string } == ["aps.alert.empty", "media.not-fetched"])
            #expect(findings.first?["path"]?.string == "aps.alert")
        }
    }

    /// A Braze push with "é" and "e" + U+0301 as two keys of `extra`: Braze sends both, so the
    /// derived payload holds both, over 4,096 bytes.
    @Test func canonicallyEquivalentKeysAreSizedApartOverHTTP() throws {
        try withService { service in
            let big = String(repeating: "x", count: 2_100)
            let body =
                #"{"messages":{"apple_push":{"alert":{"title":"Braze","body":"Your order shipped"},"#
                + #""asset_url":"https://cdn.example.com/a.png","asset_file_type":"png","#
                + #""extra":{"\#u{E9}":"\#(big)","e\#u{301}":"\#(big)"}}}}"#
            let response = try httpRequest(
                port: service.port, "POST", "/v1/preflight?fetch=false", headers: [("apns-push-type", "alert")],
                body: Array(body.utf8))
            #expect(response.status == 422)
            let report = try #require(response.json)
            let derived = try #require(report["envelope"]?["derived_payload"]?.string)
            // 149 bytes of {"aps":{...},"ab":{...}}, and the members ,"é":"x…" (2,108) and ,"é":"x…" (2,109).
            #expect(derived.utf8.count == 4_366)
            #expect(report["payload"]?["bytes"]?.integer == 4_366)
            guard case .array(let findings)? = report["findings"] else {
                Issue.record("findings is not an array")
                return
            }
            #expect(
                findings.compactMap { $0["code"]?.string } == [
                    "envelope.detected", "payload.too-large", "media.not-fetched",
                ])
        }
    }

    /// The text report (`Accept: text/plain`, as `preflight check --format text` prints it) of a
    /// payload and an origin `Content-Type` that carry terminal escapes: written as `\x1b`, so
    /// the FAIL cannot be redrawn as a green PASS.
    @Test func terminalEscapesReachTheTextReportEscaped() throws {
        let origins = try Origins.load()
        try withService(origins.configuration()) { service in
            // image/png; x=ESC[2KESC[32mPASS, served over JPEG bytes: media.type.mismatch quotes it.
            let url = origins.origin + "/jpeg?ct=image/png;%20x=%1B%5B2K%1B%5B32mPASS"
            let body =
                #"{"aps":{"alert":"Hi","mutable-content":"\u001b[2K\u001b[32mPASS\u202e"},"image":"\#(url)"}"#
            let response = try httpRequest(
                port: service.port, "POST", "/v1/preflight",
                headers: [("apns-push-type", "alert"), ("Accept", "text/plain")], body: Array(body.utf8))
            #expect(response.status == 422)
            #expect(response.headers["content-type"] == "text/plain; charset=utf-8")
            let text = response.text
            #expect(text.hasPrefix("FAIL"))
            #expect(!response.body.contains(0x1B))
            #expect(!text.unicodeScalars.contains { $0.value == 0x202E })
            #expect(text.contains(#"mutable-content is "\x1b[2K\x1b[32mPASS\u{202e}""#))
            #expect(text.contains(#"Content-Type: image/png; x=\x1b[2K\x1b[32mPASS but the bytes are jpeg"#))
        }
    }
}
