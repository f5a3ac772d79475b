import PreflightCore
import PreflightService
import Testing

/// A misplaced `mutable-content` over real HTTP (one push, a batch item) and with the CLI.
@Suite(.serialized) struct MisplacedKeyTests {
    static let fcmBody =
        #"{"message":{"token":"t","notification":{"title":"a","body":"b","image":"https://a.test/a.jpg"},"data":{"mutable-content":"1"}}}"#

    /// The findings of a report, as "code severity path".
    static func rows(_ report: JSONValue?) -> [String] {
        guard case .array(let findings)? = report?["findings"] else { return [] }
        return findings.map {
            "\($0["code"]?.string ?? "") \($0["severity"]?.string ?? "") \($0["path"]?.string ?? "-")"
        }
    }

    @Test func anFCMDataKeyOverHTTP() throws {
        try withService { service in
            let response = try httpRequest(
                port: service.port, "POST", "/v1/preflight?fetch=false", body: Array(Self.fcmBody.utf8))
            #expect(response.status == 422)
            #expect(
                Self.rows(response.json).contains("aps.mutable-content.misplaced error message.data.mutable-content"))
            #expect(!Self.rows(response.json).contains { $0.hasSuffix(" mutable-content") })
        }
    }

    @Test func aBatchItem() throws {
        try withService { service in
            let body = #"""
                {"items": [
                  {"payload": {"aps": {"alert": "a"}, "mutable_content": 1}, "headers": {"apns-push-type": "alert"}},
                  {"payload": {"aps": {"alert": "b", "mutable-content": 1}, "image": "https://a.test/b.jpg"},
                   "headers": {"apns-push-type": "alert"}}
                ]}
                """#
            let response = try httpRequest(
                port: service.port, "POST", "/v1/preflight/batch?fetch=false", body: Array(body.utf8))
            #expect(response.status == 200)
            guard case .array(let reports)? = response.json?["results"] else {
                Issue.record("no results in \(response.text)")
                return
            }
            #expect(reports.map { $0["verdict"]?.string } == ["warn", "pass"])
            #expect(
                Self.rows(reports[0]) == ["aps.mutable-content.misplaced warning mutable_content", "media.none info -"])
            #expect(!Self.rows(reports[1]).contains { $0.contains("misplaced") })
        }
    }
}

extension CheckCommandTests {
    @Test func aMisplacedMutableContentFailsTheCheck() throws {
        let body = #"{"aps":{"alert":"hi"},"gcm.notification.mutable-content":"1","image":"https://a.test/a.jpg"}"#
        let result = try check(
            ["--no-fetch", "--header", "apns-push-type: alert", "--format", "json", "-"], stdin: body)
        #expect(result.status == 1)
        let report = try JSONParser.parse(Array(result.output.utf8)).value
        #expect(
            MisplacedKeyTests.rows(report).contains(
                "aps.mutable-content.misplaced error gcm.notification.mutable-content"))
    }
}
