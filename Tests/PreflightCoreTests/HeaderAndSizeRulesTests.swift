import PreflightCore
import Testing

@Suite struct HeaderAndSizeRulesTests {
    @Test(arguments: [
        (APNsHeaders(pushType: "alert"), [String]()),
        (APNsHeaders(), ["headers.push-type.missing"]),
        (APNsHeaders(pushType: "Alert"), ["headers.push-type.invalid"]),
        (APNsHeaders(pushType: "rich"), ["headers.push-type.invalid"]),
        // A rich payload sent as another kind: judged by that kind's table, and told the extension never runs.
        (
            APNsHeaders(pushType: "background"),
            ["kind.priority", "kind.key-missing", "kind.alert-in-background", "headers.push-type.not-alert"]
        ),
        (APNsHeaders(pushType: "voip"), ["headers.push-type.not-alert"]),
        (
            APNsHeaders(pushType: "liveactivity"),
            ["kind.key-missing", "kind.key-missing", "headers.push-type.not-alert"]
        ),
        (APNsHeaders(pushType: "alert", priority: "10"), []),
        (APNsHeaders(pushType: "alert", priority: "5"), []),
        (APNsHeaders(pushType: "alert", priority: "1"), ["headers.priority.low"]),
        (APNsHeaders(priority: "1"), ["headers.push-type.missing", "headers.priority.low"]),
        (
            APNsHeaders(pushType: "background", priority: "1"),
            ["kind.key-missing", "kind.alert-in-background", "headers.push-type.not-alert"]
        ),
        (APNsHeaders(pushType: "widgets"), ["kind.key-missing", "headers.push-type.not-alert"]),
        (APNsHeaders(pushType: "controls"), ["kind.key-missing", "headers.push-type.not-alert"]),
        (APNsHeaders(pushType: "alert", priority: "high"), ["headers.priority.invalid"]),
        (APNsHeaders(pushType: "alert", priority: "0"), ["headers.priority.invalid"]),
        (APNsHeaders(pushType: "alert", collapseID: String(repeating: "c", count: 64)), []),
        (
            APNsHeaders(pushType: "alert", collapseID: String(repeating: "c", count: 65)),
            ["headers.collapse-id.too-long"]
        ),
        (
            APNsHeaders(pushType: "alert", collapseID: String(repeating: "é", count: 33)),
            ["headers.collapse-id.too-long"]
        ),
        (APNsHeaders(pushType: "alert", expiration: "0"), []),
        (APNsHeaders(pushType: "alert", expiration: "1735689600"), []),
        (APNsHeaders(pushType: "alert", expiration: "100000000000"), []),
        (APNsHeaders(pushType: "alert", expiration: "1735689600000"), ["headers.expiration.milliseconds"]),
        (APNsHeaders(pushType: "alert", expiration: "-1"), ["headers.expiration.invalid"]),
        (APNsHeaders(pushType: "alert", expiration: "soon"), ["headers.expiration.invalid"]),
        (APNsHeaders(pushType: "alert", expiration: ""), ["headers.expiration.invalid"]),
        (APNsHeaders(pushType: "alert", topic: "com.example.app"), []),
        (APNsHeaders(pushType: "alert", topic: ""), ["headers.topic.empty"]),
        (APNsHeaders(pushType: "alert", topic: "com.example.app.voip"), ["headers.topic.push-type-mismatch"]),
        (APNsHeaders(pushType: "alert", topic: "com.example.app.complication"), ["headers.topic.push-type-mismatch"]),
        (
            APNsHeaders(pushType: "alert", topic: "com.example.app.pushkit.fileprovider"),
            ["headers.topic.push-type-mismatch"]
        ),
        (
            APNsHeaders(pushType: "alert", topic: "com.example.app.push-type.liveactivity"),
            ["headers.topic.push-type-mismatch"]
        ),
        (
            APNsHeaders(pushType: "alert", topic: "com.example.app.push-type.widgets"),
            ["headers.topic.push-type-mismatch"]
        ),
        (
            APNsHeaders(pushType: "alert", topic: "com.example.app.push-type.controls"),
            ["headers.topic.push-type-mismatch"]
        ),
        (APNsHeaders(pushType: "alert", topic: "com.example.app.location-query"), ["headers.topic.push-type-mismatch"]),
        (APNsHeaders(pushType: "alert", topic: "com.example.app.voip-ptt"), ["headers.topic.push-type-mismatch"]),
        (
            APNsHeaders(topic: "com.example.app.voip"),
            ["headers.push-type.missing", "headers.topic.push-type-mismatch"]
        ),
        (APNsHeaders(pushType: "voip", topic: "com.example.app.voip"), ["headers.push-type.not-alert"]),
        (APNsHeaders(pushType: "alert", topic: "com.example.voipapp"), []),
    ])
    func headers(headers: APNsHeaders, expected: [String]) {
        #expect(codes(payload(), headers: headers) == expected)
    }

    /// A valid payload padded to exactly `size` bytes with a top-level custom key.
    func padded(to size: Int) -> [UInt8] {
        let prefix = #"{"aps":{"alert":"hi","mutable-content":1},"image":"https://cdn.example.com/a.jpg","pad":""#
        let suffix = #""}"#
        let padding = String(repeating: "x", count: size - prefix.utf8.count - suffix.utf8.count)
        return Array((prefix + padding + suffix).utf8)
    }

    @Test func alertLimitIs4096Bytes() {
        #expect(padded(to: 4096).count == 4096)
        #expect(codes(padded(to: 4096)) == [])
        #expect(codes(padded(to: 4097)) == ["payload.too-large"])
    }

    @Test func voipLimitIs5120Bytes() {
        let voip = APNsHeaders(pushType: "voip")
        #expect(codes(padded(to: 5120), headers: voip) == ["headers.push-type.not-alert"])
        #expect(codes(padded(to: 5121), headers: voip) == ["payload.too-large", "headers.push-type.not-alert"])
        #expect(codes(padded(to: 4097), headers: voip) == ["headers.push-type.not-alert"])
    }

    @Test func sizeIsJudgedOnTheBytesAsSent() {
        // Whitespace and escapes count: the same JSON value pretty-printed can pass the limit.
        let spaced = Array(payload().utf8) + [UInt8](repeating: 0x20, count: 4096 - payload().utf8.count + 1)
        #expect(codes(spaced) == ["payload.too-large"])
        let inspection = PayloadInspector(configuration: PreflightConfiguration()).inspect(
            body: spaced, headers: APNsHeaders(pushType: "alert"))
        #expect(inspection.summary.bytes == 4097)
        #expect(inspection.summary.limit == 4096)
    }

    @Test func configuredLimitsApply() {
        var configuration = PreflightConfiguration()
        configuration.payload.maxBytes = 100
        let findings = PayloadInspector(configuration: configuration).inspect(
            body: Array(payload(rest: #","x":"\#(String(repeating: "y", count: 40))""#).utf8),
            headers: APNsHeaders(pushType: "alert")
        ).findings
        #expect(findings.map(\.code) == [.payloadTooLarge])
    }
}
