import PreflightCore
import PreflightService
import Testing

/// The broadcast headers and headers given twice, over HTTP, in a batch item and with the CLI:
/// the one header policy.
@Suite struct BroadcastHeaderEndpointTests {
    static let channel = "c29tZUNoYW5uZWw="
    static let broadcastHeaders = [
        ("apns-push-type", "liveactivity"), ("apns-priority", "10"), ("apns-expiration", "0"),
        ("apns-channel-id", channel), ("apns-request-id", "123e4567-e89b-12d3-a456-426614174000"),
    ]

    /// A Live Activity update of exactly `size` bytes.
    static func update(bytes size: Int, event: String = "update") -> String {
        let prefix = #"{"aps":{"event":"\#(event)","timestamp":1735689600,"content-state":{"score":""#
        let suffix = #""}}}"#
        return prefix + String(repeating: "x", count: size - prefix.utf8.count - suffix.utf8.count) + suffix
    }

    static func findings(_ report: JSONValue?, code: String) -> [JSONValue] {
        guard case .array(let all)? = report?["findings"] else { return [] }
        return all.filter { $0["code"]?.string == code }
    }

    func post(_ service: PreflightService, headers: [(String, String)], body: String) throws -> TestResponse {
        try httpRequest(
            port: service.port, "POST", "/v1/preflight?fetch=false", headers: headers, body: Array(body.utf8))
    }

    @Test func aBroadcastOf4500BytesIsAcceptedAndPassesTheSizeRule() throws {
        try withService { service in
            let response = try post(service, headers: Self.broadcastHeaders, body: Self.update(bytes: 4500))
            // Judged, not refused: the channel and request ids are headers APNs defines.
            #expect(response.status != 400, "\(response.text)")
            #expect(response.json?["payload"]?["bytes"]?.integer == 4500)
            #expect(response.json?["payload"]?["limit"]?.integer == 5120)
            #expect(Self.findings(response.json, code: "payload.too-large").isEmpty)
            #expect(Self.findings(response.json, code: "headers.channel-id.invalid").isEmpty)
            #expect(Self.findings(response.json, code: "headers.request-id.invalid").isEmpty)
        }
    }

    @Test func aBroadcastOf5200BytesIsTooLarge() throws {
        try withService { service in
            let response = try post(service, headers: Self.broadcastHeaders, body: Self.update(bytes: 5200))
            #expect(response.status == 422)
            #expect(response.json?["payload"]?["limit"]?.integer == 5120)
            let found = Self.findings(response.json, code: "payload.too-large")
            #expect(found.count == 1)
            #expect(
                found.first?["message"]?.string
                    == "the payload is 5200 bytes; APNs refuses more than 5120 for broadcast pushes")
        }
    }

    @Test func badChannelAndRequestIDsAreFindingsAtTheHeader() throws {
        try withService { service in
            let headers = [
                ("apns-push-type", "liveactivity"), ("apns-priority", "10"), ("apns-expiration", "0"),
                ("apns-channel-id", "not base64!"), ("apns-request-id", "req-42"),
            ]
            let response = try post(service, headers: headers, body: Self.update(bytes: 300))
            #expect(response.status == 422)
            let channel = Self.findings(response.json, code: "headers.channel-id.invalid")
            #expect(channel.count == 1)
            #expect(channel.first?["path"]?.string == "apns-channel-id")
            #expect(channel.first?["severity"]?.string == "error")
            let request = Self.findings(response.json, code: "headers.request-id.invalid")
            #expect(request.count == 1)
            #expect(request.first?["path"]?.string == "apns-request-id")
        }
    }

    @Test func aBroadcastStartIsAnError() throws {
        try withService { service in
            let response = try post(
                service, headers: Self.broadcastHeaders, body: Self.update(bytes: 300, event: "start"))
            #expect(response.status == 422)
            let found = Self.findings(response.json, code: "aps.event.broadcast-start")
            #expect(found.count == 1)
            #expect(found.first?["path"]?.string == "aps.event")
        }
    }

    /// Two `apns-priority` lines on the wire: libmicrohttpd hands both over and the HTTP layer
    /// joins them ("10, 10"); the repeat is a finding, not a priority of "10, 10".
    @Test func aRepeatedHeaderOverHTTPIsHeadersDuplicate() throws {
        try withService { service in
            let body = PreflightEndpointTests.valid
            let response = try post(
                service, headers: [("apns-push-type", "alert"), ("apns-priority", "10"), ("APNS-Priority", "10")],
                body: body)
            #expect(response.status == 422)
            let found = Self.findings(response.json, code: "headers.duplicate")
            #expect(found.count == 1)
            #expect(found.first?["path"]?.string == "apns-priority")
            #expect(found.first?["severity"]?.string == "error")
            #expect(Self.findings(response.json, code: "headers.priority.invalid").isEmpty)
            // A repeated header that is not an APNs one is no finding.
            let other = try post(
                service, headers: [("apns-push-type", "alert"), ("x-trace", "a"), ("x-trace", "b")], body: body)
            #expect(other.status == 200)
            #expect(Self.findings(other.json, code: "headers.duplicate").isEmpty)
        }
    }

    @Test func aRepeatedHeaderInABatchItemIsHeadersDuplicate() throws {
        try withService { service in
            let body = """
                {"items": [
                  {"payload": {"aps": {"alert": "a", "mutable-content": 1}, "image": "https://c.example/a.jpg"},
                   "headers": {"apns-push-type": "alert", "apns-priority": "10", "apns-priority": "5"}},
                  {"payload": \(Self.update(bytes: 4500)),
                   "headers": {"apns-push-type": "liveactivity", "apns-priority": "10", "apns-expiration": "0",
                               "apns-channel-id": "\(Self.channel)", "apns-request-id": "nope"}}
                ]}
                """
            let response = try httpRequest(
                port: service.port, "POST", "/v1/preflight/batch?fetch=false", body: Array(body.utf8))
            #expect(response.status == 200, "\(response.text)")
            guard case .array(let results)? = response.json?["results"] else {
                Issue.record("no results in \(response.text)")
                return
            }
            #expect(results.count == 2)
            let duplicate = Self.findings(results.first, code: "headers.duplicate")
            #expect(duplicate.count == 1)
            #expect(duplicate.first?["path"]?.string == "apns-priority")
            #expect(results.first?["verdict"]?.string == "fail")
            let second = results.last
            #expect(second?["payload"]?["limit"]?.integer == 5120)
            #expect(Self.findings(second, code: "payload.too-large").isEmpty)
            #expect(Self.findings(second, code: "headers.request-id.invalid").count == 1)
        }
    }

    @Test func theCLIAcceptsTheBroadcastHeadersAndFindsARepeat() throws {
        let valid = PreflightEndpointTests.valid
        let twice = try runProcess(
            preflightBinary,
            [
                "check", "--no-fetch", "--header", "apns-push-type: alert", "--header", "apns-priority: 10", "--header",
                "apns-priority: 5", "-",
            ],
            input: Array(valid.utf8))
        #expect(twice.status == 1)
        #expect(
            twice.output.contains(
                "error   headers.duplicate at apns-priority: apns-priority is given more than once; APNs refuses the request (400 DuplicateHeaders)"
            ), "\(twice.output)")

        let broadcast = try runProcess(
            preflightBinary,
            ["check", "--no-fetch", "--format", "json"]
                + Self.broadcastHeaders.flatMap { ["--header", "\($0.0): \($0.1)"] } + ["-"],
            input: Array(Self.update(bytes: 4500).utf8))
        #expect(broadcast.status != 2, "\(broadcast.output)")
        let report = try JSONParser.parse(Array(broadcast.output.utf8)).value
        #expect(report["payload"]?["limit"]?.integer == 5120)
        #expect(Self.findings(report, code: "payload.too-large").isEmpty)

        let bad = try runProcess(
            preflightBinary,
            [
                "check", "--no-fetch", "--header", "apns-push-type: liveactivity", "--header", "apns-channel-id: %%%",
                "-",
            ],
            input: Array(Self.update(bytes: 300).utf8))
        #expect(bad.status == 1)
        #expect(bad.output.contains("error   headers.channel-id.invalid at apns-channel-id:"), "\(bad.output)")
    }
}
