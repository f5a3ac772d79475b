import PreflightCore
import PreflightService
import Testing

/// Text a stranger writes so that a person sees something other than what the gate judged.
@Suite struct HostileTextTests {
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
}
