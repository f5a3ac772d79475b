import PreflightCore
import PreflightService
import Testing

@Suite(.serialized) struct BatchEndpointTests {
    func post(_ service: PreflightService, _ body: String, query: String = "") throws -> TestResponse {
        try httpRequest(port: service.port, "POST", "/v1/preflight/batch" + query, body: Array(body.utf8))
    }

    func results(_ response: TestResponse) throws -> [JSONValue] {
        guard case .array(let results)? = response.json?["results"] else {
            throw TestConnection.Failure(description: "no results in \(response.text)")
        }
        return results
    }

    /// Four items: a pass, a background push with an alert (fail), a payload that is not JSON
    /// (fail), and a media URL with no type (warn).
    static let mixed = """
        {"items": [
          {"payload": {"aps": {"alert": "a", "mutable-content": 1}, "image": "https://c.example/a.jpg"},
           "headers": {"apns-push-type": "alert"}},
          {"payload": "{\\"aps\\":{\\"alert\\":\\"b\\"}}", "headers": {"apns-push-type": "background"}},
          {"payload": "not json"},
          {"payload": {"aps": {"alert": "d", "mutable-content": 1}, "image": "https://c.example/d"},
           "headers": {"apns-push-type": "alert", "apns-priority": "10"}}
        ]}
        """

    @Test func reportsComeBackInOrder() throws {
        try withService { service in
            let body = Self.mixed
            let response = try post(service, body, query: "?fetch=false")
            #expect(response.status == 200)
            let reports = try results(response)
            #expect(reports.count == 4)
            #expect(reports.map { $0["verdict"]?.string } == ["pass", "fail", "fail", "warn"])
            #expect(reports[1]["payload"]?["push_type"]?.string == "background")
            #expect(reports[1]["payload"]?["bytes"]?.integer == 21)
            // An object payload is measured as compact JSON.
            #expect(reports[0]["payload"]?["bytes"]?.integer == 75)
            let third = try #require(reports[2]["findings"]).shortDescription
            #expect(third == "an array")
            #expect(response.text.contains("payload.invalid-json"))
        }
    }

    /// A batch's reports are counted as it is answered: each verdict, and each code as many
    /// times as the reports hold it (counted per batch, added to the metrics at once).
    @Test func aBatchsReportsAreCountedInTheMetrics() throws {
        try withService { service in
            let body = Self.mixed
            let reports = try results(try post(service, body, query: "?fetch=false"))
            var codes: [String: Int] = [:]
            for report in reports {
                guard case .array(let findings)? = report["findings"] else { continue }
                for finding in findings { codes[finding["code"]?.string ?? "-", default: 0] += 1 }
            }
            #expect(codes["media.not-fetched"] == 2)
            let expected =
                [
                    #"preflight_reports_total{verdict="pass"} 1"#, #"preflight_reports_total{verdict="warn"} 1"#,
                    #"preflight_reports_total{verdict="fail"} 2"#,
                ] + codes.map { #"preflight_findings_total{code="\#($0.key)"} \#($0.value)"# }
            let text = try metrics(port: service.port, containing: expected)
            for line in expected { #expect(text.contains(line + "\n"), "\(line)") }
        }
    }

    @Test(arguments: [
        ("", "the batch is not valid JSON"),
        ("[]", "the batch must be an object with an \"items\" array"),
        (#"{"items": []}"#, "a batch holds 1 to 100 items, not 0"),
        (#"{"items": [1]}"#, "items[0] is not an object"),
        (#"{"items": [{"payload": 5}]}"#, "items[0].payload must be the payload object"),
        (#"{"items": [{"payload": "{}", "extra": 1}]}"#, "items[0].extra is not a batch item key"),
        (#"{"items": [{"payload": "{}", "headers": []}]}"#, "items[0].headers must be an object of strings"),
        (
            #"{"items": [{"payload": "{}", "headers": {"apns-priority": 10}}]}"#,
            "items[0].headers.apns-priority must be a string"
        ),
        (
            #"{"items": [{"payload": "{}", "headers": {"apns-foo": "1"}}]}"#,
            "items[0].headers.apns-foo is not a header APNs defines"
        ),
        // A repeated key is refused, not read as its last value.
        (
            #"{"items": [{"payload": "{}"}], "items": [{"payload": {"aps": {}}}]}"#,
            #"the batch repeats the key "items"; give it once"#
        ),
        (
            #"{"items": [{"payload": "{}", "payload": {"aps": {}}}]}"#,
            #"items[0] repeats the key "payload"; give it once"#
        ),
        (
            #"{"items": [{"payload": "{}", "headers": {}, "headers": {}}]}"#,
            #"items[0] repeats the key "headers"; give it once"#
        ),
    ])
    func malformedBatchesAre400(body: String, message: String) throws {
        try withService { service in
            let response = try post(service, body)
            #expect(response.status == 400)
            #expect(response.errorCode == "invalid-batch")
            #expect(response.json?["error"]?["message"]?.string?.hasPrefix(message) == true, "\(response.text)")
        }
    }

    @Test func atMostOneHundredItems() throws {
        try withService { service in
            let item = #"{"payload": "{}"}"#
            let full = #"{"items": ["# + Array(repeating: item, count: 100).joined(separator: ",") + "]}"
            #expect(try results(try post(service, full)).count == 100)
            let over = #"{"items": ["# + Array(repeating: item, count: 101).joined(separator: ",") + "]}"
            let refused = try post(service, over)
            #expect(refused.status == 400)
            #expect(refused.json?["error"]?["message"]?.string == "a batch holds 1 to 100 items, not 101")
        }
    }

    @Test func hasItsOwnBodyLimitAndTheKeys() throws {
        var configuration = testConfiguration()
        configuration.server.maxBodyBytes = 1000
        configuration.server.maxBatchBodyBytes = 5000
        configuration.auth.apiKeys = ["batch-key"]
        try withService(configuration) { service in
            let padding = String(repeating: " ", count: 3000)
            let body = Array((#"{"items": [{"payload": "{}"}]}"# + padding).utf8)
            let anonymous = try httpRequest(port: service.port, "POST", "/v1/preflight/batch", body: body)
            #expect(anonymous.status == 401)
            let allowed = try httpRequest(
                port: service.port, "POST", "/v1/preflight/batch", headers: [("Authorization", "Bearer batch-key")],
                body: body)
            #expect(allowed.status == 200)
            let single = try httpRequest(
                port: service.port, "POST", "/v1/preflight", headers: [("Authorization", "Bearer batch-key")],
                body: body)
            #expect(single.status == 413)
            let tooLarge = try httpRequest(
                port: service.port, "POST", "/v1/preflight/batch", headers: [("Authorization", "Bearer batch-key")],
                body: body + Array(String(repeating: " ", count: 2001).utf8))
            #expect(tooLarge.status == 413)
            #expect(tooLarge.errorCode == "body-too-large")
        }
    }

    @Test func downloadsAreSharedAcrossTheBatch() throws {
        let origins = try Origins.load()
        try withService(origins.configuration()) { service in
            let url = origins.origin + "/wait/batch.jpg?ms=300"
            let item =
                #"{"payload": {"aps": {"alert": "x", "mutable-content": 1}, "image": "\#(url)"}, "headers": {"apns-push-type": "alert"}}"#
            let body = #"{"items": ["# + Array(repeating: item, count: 10).joined(separator: ",") + "]}"
            let reports = try results(try post(service, body))
            #expect(reports.count == 10)
            #expect(reports.allSatisfy { $0["verdict"]?.string == "pass" })
            #expect(reports.allSatisfy { $0["attachment"]?["uti"]?.string == "public.jpeg" })
            #expect(try origins.hits("/wait/batch.jpg") == 1)
        }
    }

    /// Items that need no download are answered around those that wait for one: the reports
    /// written before the first download and those stored after it come back in the items'
    /// order, each its own, and all of them are counted in the metrics.
    @Test func reportsAroundDownloadsComeBackInOrder() throws {
        let origins = try Origins.load()
        try withService(origins.configuration()) { service in
            let alert = #""headers": {"apns-push-type": "alert"}"#
            func media(_ name: String, ms: Int) -> String {
                let url = origins.origin + "/wait/\(name).jpg?ms=\(ms)"
                return #"{"payload": {"aps": {"alert": "m", "mutable-content": 1}, "image": "\#(url)"}, \#(alert)}"#
            }
            let items = [
                #"{"payload": {"aps": {"alert": "first"}}, \#(alert)}"#, media("around-one", ms: 200),
                #"{"payload": {"aps": {"alert": "b"}}, "headers": {"apns-push-type": "background"}}"#,
                media("around-two", ms: 20), #"{"payload": "not json", \#(alert)}"#,
            ]
            let reports = try results(try post(service, #"{"items": ["# + items.joined(separator: ",") + "]}"))
            #expect(reports.map { $0["verdict"]?.string } == ["pass", "pass", "fail", "pass", "fail"])
            #expect(reports.map { $0["attachment"]?["uti"]?.string } == [nil, "public.jpeg", nil, "public.jpeg", nil])
            func firstCode(_ report: JSONValue) -> String? {
                guard case .array(let findings)? = report["findings"] else { return nil }
                return findings.first?["code"]?.string
            }
            #expect(firstCode(reports[0]) == "media.none")
            #expect(firstCode(reports[4]) == "payload.invalid-json")
            let expected = [
                #"preflight_reports_total{verdict="pass"} 3"#, #"preflight_reports_total{verdict="fail"} 2"#,
            ]
            let text = try metrics(port: service.port, containing: expected)
            for line in expected { #expect(text.contains(line + "\n"), "\(line)") }
        }
    }

    /// On one kept-alive connection a batch's answer is written over the last answer's bytes:
    /// a one-item batch after a three-item one, and a single request after both, answer their
    /// own JSON alone (the exact length, nothing of the longer answer after it).
    @Test func answersWrittenOverTheLastOneCarryOnlyTheirOwnBytes() throws {
        try withService { service in
            let connection = try TestConnection(port: service.port)
            let item = #"{"payload": {"aps": {"alert": "a"}}, "headers": {"apns-push-type": "alert"}}"#
            for count in [3, 1] {
                let body = #"{"items": ["# + Array(repeating: item, count: count).joined(separator: ",") + "]}"
                connection.sendRequest("POST", "/v1/preflight/batch?fetch=false", body: Array(body.utf8))
                let response = try connection.readResponse()
                #expect(response.status == 200)
                #expect(response.headers["content-length"] == String(response.body.count))
                #expect(try results(response).count == count)
                #expect(response.text.hasSuffix("}]}"))
            }
            connection.sendRequest(
                "POST", "/v1/preflight?fetch=false", headers: [("apns-push-type", "alert")],
                body: Array(#"{"aps":{"alert":"a"}}"#.utf8))
            let single = try connection.readResponse()
            #expect(single.json?["verdict"]?.string == "pass")
            #expect(single.headers["content-length"] == String(single.body.count))
            #expect(single.text.hasSuffix("}}"))
        }
    }
}
