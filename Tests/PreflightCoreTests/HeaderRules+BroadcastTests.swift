import PreflightCore
import Testing

/// A broadcast Live Activity push (a request with `apns-channel-id`) and headers given twice.
@Suite struct HeaderRulesBroadcastTests {
    /// Apple's own example of a channel id (ActivityKit, `PushType.channel(_:)`).
    static let channel = "c29tZUNoYW5uZWw="
    static let broadcast = APNsHeaders(
        pushType: "liveactivity", priority: "10", expiration: "0", channelID: channel)

    /// The codes of this suite's rules among everything the engine reports (other rules judge
    /// the push kind; they are not what this suite is about).
    static let ours: Set<String> = [
        "headers.channel-id.invalid", "headers.request-id.invalid", "headers.broadcast.push-type",
        "headers.broadcast.header-missing", "aps.event.broadcast-start", "headers.duplicate", "payload.too-large",
    ]

    /// A Live Activity update of exactly `size` bytes.
    static func update(bytes size: Int, event: String = "update") -> [UInt8] {
        let prefix = #"{"aps":{"event":"\#(event)","timestamp":1735689600,"content-state":{"score":""#
        let suffix = #""}}}"#
        let padding = String(repeating: "x", count: size - prefix.utf8.count - suffix.utf8.count)
        return Array((prefix + padding + suffix).utf8)
    }

    static func inspect(_ body: [UInt8], _ headers: APNsHeaders) -> PayloadInspector.Inspection {
        PayloadInspector(configuration: PreflightConfiguration()).inspect(body: body, headers: headers)
    }

    static func ourCodes(_ body: [UInt8], _ headers: APNsHeaders) -> [String] {
        inspect(body, headers).findings.map(\.code.rawValue).filter(ours.contains)
    }

    @Test func aBroadcastOf4500BytesPassesTheSizeRule() {
        let body = Self.update(bytes: 4500)
        #expect(body.count == 4500)
        let inspection = Self.inspect(body, Self.broadcast)
        #expect(Self.ourCodes(body, Self.broadcast) == [])
        #expect(inspection.summary.limit == 5120)
        // The same payload sent to a device token is over the 4,096 bytes of a Live Activity push.
        var toToken = Self.broadcast
        toToken.channelID = nil
        #expect(Self.ourCodes(body, toToken) == ["payload.too-large"])
    }

    @Test func aBroadcastOver5120BytesIsTooLarge() throws {
        let body = Self.update(bytes: 5200)
        let inspection = Self.inspect(body, Self.broadcast)
        #expect(Self.ourCodes(body, Self.broadcast) == ["payload.too-large"])
        #expect(inspection.summary.limit == 5120)
        let finding = try #require(inspection.findings.first { $0.code == .payloadTooLarge })
        #expect(finding.message == "the payload is 5200 bytes; APNs refuses more than 5120 for broadcast pushes")
        #expect(Self.ourCodes(Self.update(bytes: 5120), Self.broadcast) == [])
        #expect(Self.ourCodes(Self.update(bytes: 5121), Self.broadcast) == ["payload.too-large"])
    }

    @Test(arguments: [
        ("c29tZUNoYW5uZWw=", [String]()),
        ("dHN0LXNyY2gtY2hubA==", []),
        ("YWJj", []),
        ("not base64!", ["headers.channel-id.invalid"]),
        ("c29tZUNoYW5uZWw", ["headers.channel-id.invalid"]),
        ("c29t=UNoYW5uZWw", ["headers.channel-id.invalid"]),
        ("YQ===", ["headers.channel-id.invalid"]),
        ("", ["headers.channel-id.invalid"]),
    ])
    func channelIDs(value: String, expected: [String]) throws {
        var headers = Self.broadcast
        headers.channelID = value
        let inspection = Self.inspect(Self.update(bytes: 200), headers)
        #expect(Self.ourCodes(Self.update(bytes: 200), headers) == expected)
        if !expected.isEmpty {
            let finding = try #require(inspection.findings.first { $0.code == .channelIDInvalid })
            #expect(finding.path == "apns-channel-id")
            #expect(finding.severity == .error)
        }
    }

    @Test(arguments: [
        ("123e4567-e89b-12d3-a456-426614174000", [String]()),
        ("123E4567-E89B-12D3-A456-426614174000", []),
        ("123e4567e89b12d3a456426614174000", ["headers.request-id.invalid"]),
        ("123e4567-e89b-12d3-a456-42661417400g", ["headers.request-id.invalid"]),
        ("req-42", ["headers.request-id.invalid"]),
    ])
    func requestIDs(value: String, expected: [String]) throws {
        var headers = Self.broadcast
        headers.requestID = value
        #expect(Self.ourCodes(Self.update(bytes: 200), headers) == expected)
        if !expected.isEmpty {
            let finding = try #require(
                Self.inspect(Self.update(bytes: 200), headers).findings.first { $0.code == .requestIDInvalid })
            #expect(finding.path == "apns-request-id")
        }
    }

    @Test func aBroadcastCannotStartALiveActivity() throws {
        let body = Self.update(bytes: 300, event: "start")
        #expect(Self.ourCodes(body, Self.broadcast) == ["aps.event.broadcast-start"])
        let finding = try #require(
            Self.inspect(body, Self.broadcast).findings.first { $0.code == .broadcastStart })
        #expect(finding.path == "aps.event")
        #expect(finding.severity == .error)
        // A start sent to a push-to-start token is not a broadcast.
        var toToken = Self.broadcast
        toToken.channelID = nil
        #expect(Self.ourCodes(body, toToken) == [])
        #expect(Self.ourCodes(Self.update(bytes: 300, event: "end"), Self.broadcast) == [])
    }

    @Test func aBroadcastIsALiveActivityPushWithItsRequiredHeaders() {
        let body = Self.update(bytes: 300)
        #expect(
            Self.ourCodes(
                body, APNsHeaders(pushType: "alert", priority: "10", expiration: "0", channelID: Self.channel))
                == ["headers.broadcast.push-type"])
        let bare = APNsHeaders(channelID: Self.channel)
        #expect(Self.ourCodes(body, bare) == Array(repeating: "headers.broadcast.header-missing", count: 3))
        #expect(
            Self.inspect(body, bare).findings.filter { $0.code == .broadcastHeaderMissing }.map(\.path) == [
                "apns-push-type", "apns-priority", "apns-expiration",
            ])
    }

    @Test func aHeaderGivenTwiceIsRecordedAndItsValueNotJudged() {
        var headers = APNsHeaders()
        #expect(headers.give("apns-push-type", "alert") == .set)
        #expect(headers.give("apns-priority", "10") == .set)
        #expect(headers.give("APNS-Priority", "high") == .set)
        #expect(headers.give("apns-priority", "5") == .set)
        #expect(headers.give("x-other", "1") == .ignored)
        #expect(headers.give("x-other", "2") == .ignored)
        #expect(headers.give("apns-foo", "1") == .unknownAPNsHeader)
        #expect(headers.repeated == ["apns-priority"])
        #expect(headers.priority == nil)
        let codes = Self.inspect(Array(payload().utf8), headers).findings.map(\.code.rawValue)
        // One finding for the name, however often it repeats; no priority.invalid for "high".
        #expect(codes == ["headers.duplicate"])
    }
}
