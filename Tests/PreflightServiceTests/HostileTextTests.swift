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
}
