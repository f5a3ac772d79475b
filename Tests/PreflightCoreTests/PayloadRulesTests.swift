import PreflightCore
import Testing

/// The codes the engine reports for a payload sent with `apns-push-type: alert`.
func codes(_ payload: String, headers: APNsHeaders = APNsHeaders(pushType: "alert")) -> [String] {
    codes(Array(payload.utf8), headers: headers)
}

func codes(_ bytes: [UInt8], headers: APNsHeaders = APNsHeaders(pushType: "alert")) -> [String] {
    PayloadInspector(configuration: PreflightConfiguration()).inspect(body: bytes, headers: headers).findings.map(
        \.code.rawValue)
}

/// A payload that passes every rule, with `aps` members spliced in.
func payload(aps: String = #""alert":{"title":"T","body":"B"},"mutable-content":1"#, rest: String = "") -> String {
    #"{"aps":{\#(aps)},"image":"https://cdn.example.com/a.jpg"\#(rest)}"#
}

@Suite struct PayloadRulesTests {
    @Test func aValidRichPushHasNoFindings() {
        #expect(codes(payload()) == [])
        let inspection = PayloadInspector(configuration: PreflightConfiguration()).inspect(
            body: Array(payload().utf8), headers: APNsHeaders(pushType: "alert"))
        #expect(inspection.report.verdict == .pass)
        #expect(inspection.media?.key == "/image")
        #expect(inspection.media?.url.host == "cdn.example.com")
        #expect(inspection.summary.mediaURL == "https://cdn.example.com/a.jpg")
    }

    @Test(arguments: [
        ("", ["payload.invalid-json"]),
        ("{", ["payload.invalid-json"]),
        ("{'aps': {}}", ["payload.invalid-json"]),
        ("[]", ["payload.not-object"]),
        ("\"aps\"", ["payload.not-object"]),
        ("null", ["payload.not-object"]),
        (#"{"image":"https://a.example/x.jpg"}"#, ["aps.missing"]),
        (#"{"aps":"alert","image":"https://a.example/x.jpg"}"#, ["aps.not-object"]),
        (#"{"aps":[],"image":"https://a.example/x.jpg"}"#, ["aps.not-object"]),
    ])
    func payloadShape(text: String, expected: [String]) {
        #expect(codes(text) == expected)
    }

    @Test func invalidUTF8IsInvalidJSON() {
        let bytes = Array(#"{"aps":{"alert":""#.utf8) + [0xFF, 0xFE] + Array(#""}}"#.utf8)
        #expect(codes(bytes) == ["payload.invalid-json"])
        let inspection = PayloadInspector(configuration: PreflightConfiguration()).inspect(
            body: bytes, headers: APNsHeaders(pushType: "alert"))
        #expect(inspection.findings[0].message.contains("not valid UTF-8"))
    }

    @Test func duplicateKeysInAnyObject() {
        #expect(codes(payload(aps: #""alert":"a","alert":"b","mutable-content":1"#)) == ["payload.duplicate-key"])
        let inspection = PayloadInspector(configuration: PreflightConfiguration()).inspect(
            body: Array(payload(rest: #","meta":{"id":1,"id":2}"#).utf8), headers: APNsHeaders(pushType: "alert"))
        #expect(inspection.findings.map(\.code) == [.payloadDuplicateKey])
        #expect(inspection.findings.first?.path == "meta.id")
        #expect(inspection.findings.first?.severity == .warning)
    }

    @Test(arguments: [
        (#""alert":"hi""#, ["aps.mutable-content.missing"]),
        (#""alert":"hi","mutable-content":"1""#, ["aps.mutable-content.invalid"]),
        (#""alert":"hi","mutable-content":true"#, ["aps.mutable-content.invalid"]),
        (#""alert":"hi","mutable-content":0"#, ["aps.mutable-content.invalid"]),
        (#""alert":"hi","mutable-content":2"#, ["aps.mutable-content.invalid"]),
        (#""alert":"hi","mutable-content":1.5"#, ["aps.mutable-content.invalid"]),
        (#""alert":"hi","mutable-content":1.0"#, ["aps.mutable-content.invalid"]),
        (#""alert":"hi","mutable-content":null"#, ["aps.mutable-content.invalid"]),
        (#""alert":"hi","mutable-content":1"#, []),
    ])
    func mutableContent(aps: String, expected: [String]) {
        #expect(codes(payload(aps: aps)) == expected)
    }

    @Test(arguments: [
        (#""mutable-content":1"#, ["aps.alert.missing"]),
        (#""mutable-content":1,"content-available":1"#, ["aps.alert.missing"]),
        (#""mutable-content":1,"alert":"""#, ["aps.alert.empty"]),
        (#""mutable-content":1,"alert":"   ""#, ["aps.alert.empty"]),
        (#""mutable-content":1,"alert":{}"#, ["aps.alert.empty"]),
        (#""mutable-content":1,"alert":{"title":"","body":""}"#, ["aps.alert.empty"]),
        (#""mutable-content":1,"alert":{"launch-image":"a.png"}"#, ["aps.alert.empty"]),
        (#""mutable-content":1,"alert":{"title":"T"}"#, []),
        (#""mutable-content":1,"alert":{"subtitle":"S"}"#, []),
        (#""mutable-content":1,"alert":{"body":"B"}"#, []),
        (#""mutable-content":1,"alert":{"loc-key":"MSG","loc-args":["a"]}"#, []),
        (#""mutable-content":1,"alert":{"title-loc-key":"T"}"#, []),
        (#""mutable-content":1,"alert":"Hello""#, []),
        (#""mutable-content":1,"alert":7"#, ["aps.key.invalid-type"]),
    ])
    func alert(aps: String, expected: [String]) {
        #expect(codes(payload(aps: aps)) == expected)
    }

    static let base = #""alert":"hi","mutable-content":1,"#

    @Test(arguments: [
        (#""badge":3"#, []),
        (#""badge":0"#, []),
        (#""badge":-1"#, ["aps.key.invalid-type"]),
        (#""badge":"3""#, ["aps.key.invalid-type"]),
        (#""badge":1.5"#, ["aps.key.invalid-type"]),
        (#""sound":"default""#, []),
        (#""sound":{"critical":1,"name":"default","volume":0.5}"#, []),
        (#""sound":{"critical":2,"name":"default"}"#, ["aps.key.invalid-type"]),
        (#""sound":{"name":"default","volume":1.5}"#, ["aps.key.invalid-type"]),
        // A critical sound without a name plays the default critical sound.
        (#""sound":{"critical":1}"#, []),
        (#""sound":{"critical":0}"#, ["aps.sound.name-missing"]),
        (#""sound":{"name":"a.caf","loud":true}"#, ["aps.key.unknown"]),
        (#""sound":1"#, ["aps.key.invalid-type"]),
        (#""thread-id":"t""#, []),
        (#""thread-id":5"#, ["aps.key.invalid-type"]),
        (#""category":"C""#, []),
        (#""category":["C"]"#, ["aps.key.invalid-type"]),
        (#""content-available":1"#, []),
        // The alert and its media still show: a warning, not a failed push.
        (#""content-available":true"#, ["aps.key.value-ignored"]),
        (#""interruption-level":"time-sensitive""#, []),
        (#""interruption-level":"urgent""#, ["aps.key.invalid-type"]),
        (#""relevance-score":0.75"#, []),
        (#""relevance-score":2"#, ["aps.key.value-ignored"]),
        (#""target-content-id":"x""#, []),
        (#""filter-criteria":"work""#, []),
        (#""stale-date":1700000000"#, ["aps.key.live-activity"]),
        (#""stale-date":"tomorrow""#, ["aps.key.invalid-type", "aps.key.live-activity"]),
        (#""timestamp":1700000000"#, []),
        (#""dismissal-date":-5"#, ["aps.key.invalid-type", "aps.key.live-activity"]),
        (#""content-state":{"score":1}"#, ["aps.key.live-activity"]),
        (#""content-state":"x""#, ["aps.key.invalid-type", "aps.key.live-activity"]),
        (#""event":"update""#, ["aps.key.live-activity"]),
        (#""event":"pause""#, ["aps.key.invalid-type", "aps.key.live-activity"]),
        (#""events":"update""#, ["aps.key.unknown"]),
        (#""attributes-type":"Score","attributes":{"team":"A"}"#, ["aps.key.live-activity", "aps.key.live-activity"]),
        (#""input-push-token":1"#, ["aps.key.live-activity"]),
        (#""input-push-channel":"ch""#, ["aps.key.live-activity"]),
        (#""content-available":0"#, ["aps.content-available.zero"]),
        (#""content-available":2"#, ["aps.key.value-ignored"]),
        (#""sound":{"name":"default"}"#, []),
        (#""sound":"ping.caf""#, []),
        (#""sound":"ping.AIFF""#, []),
        (#""sound":"ping.wav""#, []),
        (#""sound":"ping.mp3""#, ["aps.sound.unplayable"]),
        (#""sound":"ping""#, ["aps.sound.unplayable"]),
        (#""sound":{"critical":1,"name":"siren.m4a","volume":1}"#, ["aps.sound.unplayable"]),
        (#""interruption-level":"critical""#, ["aps.interruption-level.critical"]),
        (#""image-url":"https://a.example/b.jpg""#, ["aps.key.unknown"]),
        (#""custom":{"a":1}"#, ["aps.key.unknown"]),
    ])
    func apsKeyTypes(member: String, expected: [String]) {
        #expect(codes(payload(aps: Self.base + member)) == expected)
    }

    @Test(arguments: [
        (#""alert":{"title":"T","title-loc-args":"x"}"#, ["aps.key.invalid-type"]),
        (#""alert":{"title":"T","subtitle":3}"#, ["aps.key.invalid-type"]),
        (#""alert":{"title":"T","loc-key":null}"#, []),
        (#""alert":{"title":"T","summary-arg-count":2}"#, []),
        (#""alert":{"title":"T","color":"red"}"#, ["aps.key.unknown"]),
    ])
    func alertKeyTypes(member: String, expected: [String]) {
        #expect(codes(payload(aps: #""mutable-content":1,"# + member)) == expected)
    }

    /// A Live Activity's `relevance-score` is any number; a notification's is 0...1. Live
    /// Activity keys are only flagged in alert pushes.
    @Test(arguments: [
        ("alert", #""alert":"hi","mutable-content":1,"relevance-score":2"#, ["aps.key.value-ignored"]),
        ("liveactivity", #""event":"update","timestamp":1,"content-state":{},"relevance-score":2"#, []),
        (
            "liveactivity", #""event":"update","timestamp":1,"content-state":{},"relevance-score":"high""#,
            ["aps.key.value-ignored"]
        ),
        ("liveactivity", #""event":"update","timestamp":1,"content-state":{"a":1}"#, []),
        // A rich alert sent as a Live Activity: the activity's keys are missing, the extension never runs.
        (
            "liveactivity", Self.base + #""relevance-score":2"#,
            ["kind.key-missing", "kind.key-missing", "headers.push-type.not-alert"]
        ),
    ])
    func rulesFollowThePushType(pushType: String, aps: String, expected: [String]) {
        #expect(codes(payload(aps: aps), headers: APNsHeaders(pushType: pushType)) == expected)
    }

    @Test func unknownApsKeyAdvisesMovingIt() throws {
        let inspection = PayloadInspector(configuration: PreflightConfiguration()).inspect(
            body: Array(payload(aps: Self.base + #""campaign":"x""#).utf8), headers: APNsHeaders(pushType: "alert"))
        let finding = try #require(inspection.findings.first)
        #expect(finding.code == .apsKeyUnknown)
        #expect(finding.severity == .warning)
        #expect(finding.path == "aps.campaign")
        #expect(finding.fix.contains("top level"))
        #expect(inspection.report.verdict == .warn)
    }
}
