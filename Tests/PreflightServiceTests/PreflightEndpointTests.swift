import PreflightCore
import PreflightService
import Testing

@Suite struct PreflightEndpointTests {
    static let valid =
        #"{"aps":{"alert":{"title":"Sale","body":"50% off"},"mutable-content":1},"image":"https://cdn.example.com/a.jpg"}"#

    @Test func passAnswers200WithTheReport() throws {
        try withService { service in
            let response = try httpRequest(
                port: service.port, "POST", "/v1/preflight?fetch=false",
                headers: [("apns-push-type", "alert"), ("apns-priority", "10")], body: Array(Self.valid.utf8))
            #expect(response.status == 200)
            #expect(response.headers["content-type"] == "application/json")
            let report = try #require(response.json)
            #expect(report["verdict"]?.string == "pass")
            #expect(report["payload"]?["bytes"]?.integer == Int64(Self.valid.utf8.count))
            #expect(report["payload"]?["limit"]?.integer == 4096)
            #expect(report["payload"]?["push_type"]?.string == "alert")
            #expect(report["payload"]?["media_url"]?.string == "https://cdn.example.com/a.jpg")
            #expect(report["payload"]?["media_key"]?.string == "/image")
            #expect(report["payload"]?["profile"]?.string == "test")
            // Nothing pretends a download happened.
            #expect(report["media"] == nil)
            #expect(report["attachment"] == nil)
            guard case .array(let findings)? = report["findings"] else {
                Issue.record("findings is not an array")
                return
            }
            #expect(findings.count == 1)
            #expect(findings[0]["code"]?.string == "media.not-fetched")
            #expect(findings[0]["severity"]?.string == "info")
            #expect(findings[0]["path"]?.string == "/image")
        }
    }

    @Test func failAnswers422WithCodesPathsAndFixes() throws {
        try withService { service in
            let body = #"{"aps":{"alert":"hi","mutable-content":"1"},"image":"http://cdn.example.com/a"}"#
            let response = try httpRequest(
                port: service.port, "POST", "/v1/preflight?fetch=false",
                headers: [("apns-push-type", "alert"), ("apns-collapse-id", String(repeating: "x", count: 65))],
                body: Array(body.utf8))
            #expect(response.status == 422)
            let report = try #require(response.json)
            #expect(report["verdict"]?.string == "fail")
            guard case .array(let findings)? = report["findings"] else {
                Issue.record("findings is not an array")
                return
            }
            #expect(
                findings.compactMap { $0["code"]?.string } == [
                    "headers.collapse-id.too-long", "aps.mutable-content.invalid", "media.url.insecure",
                    "media.url.no-extension", "media.not-fetched",
                ])
            #expect(findings[1]["path"]?.string == "aps.mutable-content")
            #expect(findings[1]["fix"]?.string == "set \"mutable-content\": 1 (the number, not a string or a boolean)")
        }
    }

    @Test func warnAnswers200() throws {
        try withService { service in
            let body = #"{"aps":{"alert":"hi","mutable-content":1,"campaign":"x"},"image":"https://c.example/a.png"}"#
            let response = try httpRequest(
                port: service.port, "POST", "/v1/preflight?fetch=false", headers: [("apns-push-type", "alert")],
                body: Array(body.utf8))
            #expect(response.status == 200)
            #expect(response.json?["verdict"]?.string == "warn")
        }
    }

    @Test(arguments: [
        ("", 422, "payload.invalid-json"),
        ("[1,2]", 422, "payload.not-object"),
        (#"{"aps":{"alert":"a","mutable-content":"1"}}"#, 422, "aps.mutable-content.invalid"),
    ])
    func badPayloadsAreFindingsNotProtocolErrors(body: String, status: Int, code: String) throws {
        try withService { service in
            let response = try httpRequest(
                port: service.port, "POST", "/v1/preflight", headers: [("apns-push-type", "alert")],
                body: Array(body.utf8))
            #expect(response.status == status)
            guard case .array(let findings)? = response.json?["findings"] else {
                Issue.record("no findings in \(response.text)")
                return
            }
            #expect(findings.compactMap { $0["code"]?.string } == [code])
        }
    }

    @Test func voipLimitFollowsThePushTypeHeader() throws {
        try withService { service in
            let body =
                #"{"aps":{"alert":"a","mutable-content":1},"image":"https://c.example/a.jpg","x":"\#(String(repeating: "y", count: 4500))"}"#
            let alert = try httpRequest(
                port: service.port, "POST", "/v1/preflight?fetch=false", headers: [("apns-push-type", "alert")],
                body: Array(body.utf8))
            #expect(alert.json?["payload"]?["limit"]?.integer == 4096)
            #expect(alert.text.contains("payload.too-large"))
            let voip = try httpRequest(
                port: service.port, "POST", "/v1/preflight?fetch=false", headers: [("apns-push-type", "voip")],
                body: Array(body.utf8))
            #expect(voip.json?["payload"]?["limit"]?.integer == 5120)
            #expect(!voip.text.contains("payload.too-large"))
        }
    }

    @Test func protocolErrors() throws {
        var configuration = testConfiguration()
        configuration.server.maxBodyBytes = 8192
        try withService(configuration) { service in
            let badQuery = try httpRequest(
                port: service.port, "POST", "/v1/preflight?fetch=maybe", body: Array(Self.valid.utf8))
            #expect(badQuery.status == 400)
            #expect(badQuery.errorCode == "invalid-query")
            let wrongMethod = try httpRequest(port: service.port, "GET", "/v1/preflight")
            #expect(wrongMethod.status == 405)
            #expect(wrongMethod.headers["allow"] == "POST")
            let tooLarge = try httpRequest(
                port: service.port, "POST", "/v1/preflight", body: [UInt8](repeating: 0x20, count: 8193))
            #expect(tooLarge.status == 413)
            #expect(tooLarge.errorCode == "body-too-large")
        }
    }

    @Test func reportsCountInMetrics() throws {
        try withService { service in
            _ = try httpRequest(
                port: service.port, "POST", "/v1/preflight?fetch=false", headers: [("apns-push-type", "alert")],
                body: Array(Self.valid.utf8))
            _ = try httpRequest(port: service.port, "POST", "/v1/preflight", body: Array("{}".utf8))
            let counted = #"preflight_http_requests_total{route="/v1/preflight",method="POST",status="422"} 1"#
            let metrics = try metrics(port: service.port, containing: [counted])
            #expect(metrics.contains(#"preflight_reports_total{verdict="pass"} 1"#))
            #expect(metrics.contains(#"preflight_reports_total{verdict="fail"} 1"#))
            #expect(metrics.contains(#"preflight_findings_total{code="aps.missing"} 1"#))
            #expect(metrics.contains(counted))
        }
    }
}
