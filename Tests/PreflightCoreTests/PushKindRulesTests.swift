import Testing

@testable import PreflightCore

/// One valid push of every kind passes, judged as that kind; each kind's table finds what its
/// Apple page forbids or needs.
@Suite struct PushKindRulesTests {
    /// A valid push of each kind: its headers and payload as Apple's pages show them.
    static let valid: [(PushKind, APNsHeaders, String)] = [
        (
            .richAlert, APNsHeaders(pushType: "alert", priority: "10", topic: "com.example.app"),
            #"{"aps":{"alert":{"title":"Sale","body":"Today"},"mutable-content":1},"image":"https://cdn.example.com/a.jpg"}"#
        ),
        (.alert, APNsHeaders(pushType: "alert", topic: "com.example.app"), #"{"aps":{"alert":"Order shipped"}}"#),
        (.alert, APNsHeaders(pushType: "alert"), #"{"aps":{"badge":3}}"#),
        (.alert, APNsHeaders(pushType: "alert"), #"{"aps":{"sound":"default"}}"#),
        (
            .background, APNsHeaders(pushType: "background", priority: "5", topic: "com.example.app"),
            #"{"aps":{"content-available":1},"sync":"inbox"}"#
        ),
        (
            .voip, APNsHeaders(pushType: "voip", priority: "10", topic: "com.example.app.voip"),
            #"{"caller":"Ada","uuid":"6a1b"}"#
        ),
        (
            .liveActivity,
            APNsHeaders(pushType: "liveactivity", priority: "10", topic: "com.example.app.push-type.liveactivity"),
            #"{"aps":{"timestamp":1700000000,"event":"update","content-state":{"score":"2-1"},"alert":{"title":{"loc-key":"GOAL","loc-args":["Ada"]},"body":"2-1","sound":"goal.caf"},"relevance-score":75}}"#
        ),
        (
            .liveActivity,
            APNsHeaders(pushType: "liveactivity", priority: "10", topic: "com.example.app.push-type.liveactivity"),
            #"{"aps":{"timestamp":1700000000,"event":"start","content-state":{"score":"0-0"},"attributes-type":"MatchAttributes","attributes":{"home":"A"},"alert":{"title":"Kick-off","body":"A v B"},"input-push-token":1}}"#
        ),
        (
            .pushToTalk,
            APNsHeaders(pushType: "pushtotalk", priority: "10", topic: "com.example.app.voip-ptt", expiration: "0"),
            #"{"activeSpeaker":"Ada"}"#
        ),
        (
            .widgets, APNsHeaders(pushType: "widgets", topic: "com.example.app.push-type.widgets"),
            #"{"aps":{"content-changed":true}}"#
        ),
        (
            .controls, APNsHeaders(pushType: "controls", topic: "com.example.app.push-type.controls"),
            #"{"aps":{"content-changed":true}}"#
        ),
        (.location, APNsHeaders(pushType: "location", priority: "10", topic: "com.example.app.location-query"), "{}"),
        (.complication, APNsHeaders(pushType: "complication", topic: "com.example.app.complication"), #"{"aps":{}}"#),
        (
            .fileProvider, APNsHeaders(pushType: "fileprovider", topic: "com.example.app.pushkit.fileprovider"),
            #"{"container-identifier":"NSFileProviderRootContainerItemIdentifier"}"#
        ),
        (.mdm, APNsHeaders(pushType: "mdm", topic: "com.apple.mgmt.External.1234"), #"{"mdm":"8E9B1B7A-1F5C"}"#),
        (
            .liveActivityBroadcast,
            APNsHeaders(pushType: "liveactivity", priority: "10", expiration: "0", channelID: "dHdpY2UgYSBjaGFubmVs"),
            #"{"aps":{"timestamp":1700000000,"event":"update","content-state":{"score":"2-1"}}}"#
        ),
    ]

    static func inspect(_ body: String, _ headers: APNsHeaders, expectMedia: Bool = false)
        -> PayloadInspector.Inspection
    {
        PayloadInspector(configuration: PreflightConfiguration()).inspect(
            body: Array(body.utf8), headers: headers, expectMedia: expectMedia)
    }

    @Test(arguments: valid)
    func aValidPushOfEachKindPasses(kind: PushKind, headers: APNsHeaders, body: String) {
        let inspection = Self.inspect(body, headers)
        #expect(inspection.summary.judgedAs == kind)
        #expect(inspection.report.verdict == .pass, "\(inspection.findings.map(\.message))")
        let expected: [String] = kind == .alert ? ["media.none"] : []
        #expect(inspection.findings.map(\.code.rawValue) == expected)
    }

    @Test func everyKindHasAValidPush() {
        #expect(Set(Self.valid.map(\.0)) == Set(PushKind.allCases))
    }

    /// "You can't use broadcast push notifications to start a Live Activity".
    @Test func aBroadcastCannotStartALiveActivity() {
        let headers = APNsHeaders(
            pushType: "liveactivity", priority: "10", expiration: "0", channelID: "dHdpY2UgYSBjaGFubmVs")
        let start = Self.inspect(
            #"{"aps":{"timestamp":1,"event":"start","content-state":{},"attributes-type":"A","attributes":{},"alert":{"title":"T","body":"B"}}}"#,
            headers)
        #expect(start.summary.judgedAs == .liveActivityBroadcast)
        #expect(start.findings.map(\.code.rawValue) == ["aps.event.broadcast-start"])
    }

    /// Each push type APNs knows names its kind, spelled exactly: a type of the same length, a
    /// case change, a longer or shorter spelling, `alert` and an unknown type name none (they are
    /// judged from the payload).
    @Test func eachPushTypeNamesItsKindSpelledExactly() {
        let named: [String: PushKind] = [
            "background": .background, "voip": .voip, "liveactivity": .liveActivity, "pushtotalk": .pushToTalk,
            "widgets": .widgets, "controls": .controls, "location": .location, "complication": .complication,
            "fileprovider": .fileProvider, "mdm": .mdm,
        ]
        #expect(Set(named.keys).union(["alert"]) == Set(APNsHeaders.knownPushTypes))
        for (type, kind) in named {
            #expect(PushKind.named(byPushType: type, broadcast: false) == kind)
            #expect(PushKind.named(byPushType: type.uppercased(), broadcast: false) == nil)
            #expect(PushKind.named(byPushType: type + "s", broadcast: false) == nil)
            #expect(PushKind.named(byPushType: String(type.dropLast()), broadcast: false) == nil)
            var swapped = Array(type.utf8)
            swapped[swapped.count - 1] ^= 0x01
            #expect(PushKind.named(byPushType: String(decoding: swapped, as: UTF8.self), broadcast: false) == nil)
        }
        #expect(PushKind.named(byPushType: "liveactivity", broadcast: true) == .liveActivityBroadcast)
        for other in ["alert", "", "wigdets", "locatoin", "mdn"] {
            #expect(PushKind.named(byPushType: other, broadcast: false) == nil, "\(other)")
        }
    }

    @Test func aChannelMakesALiveActivityABroadcast() throws {
        let aps = #"{"aps":{"timestamp":1700000000,"event":"update","content-state":{"score":"2-1"}}}"#
        let document = try JSONDocument.parse(Array(aps.utf8))
        let root = document.root["aps"]
        #expect(
            PushKind.judge(pushType: "liveactivity", aps: root, mediaFound: false, expectMedia: false, broadcast: true)
                == .liveActivityBroadcast)
        #expect(
            PushKind.judge(pushType: "liveactivity", aps: root, mediaFound: false, expectMedia: false) == .liveActivity)
    }

    /// The issue's failing cases and each kind's rules, with their exact codes.
    @Test(
        arguments: [
            // A content-available-only payload sent as an alert: nothing shown, the wake at risk.
            (
                APNsHeaders(pushType: "alert"), #"{"aps":{"content-available":1}}"#, PushKind.alert,
                ["kind.silent-as-alert", "media.none"]
            ),
            // Nothing at all to show.
            (
                APNsHeaders(pushType: "alert"), #"{"aps":{"category":"x"}}"#, .alert,
                ["aps.alert.missing", "media.none"]
            ),
            // An alert sent as background; priority 10 is APNs's default.
            (
                APNsHeaders(pushType: "background"), #"{"aps":{"alert":"hi","content-available":1}}"#, .background,
                ["kind.priority", "kind.alert-in-background"]
            ),
            (
                APNsHeaders(pushType: "background", priority: "10"), #"{"aps":{"content-available":1}}"#, .background,
                ["kind.priority"]
            ),
            (APNsHeaders(pushType: "background", priority: "5"), #"{"aps":{}}"#, .background, ["kind.key-missing"]),
            (APNsHeaders(pushType: "background", priority: "5"), #"{"data":1}"#, .background, ["kind.key-missing"]),
            (
                APNsHeaders(pushType: "background", priority: "5"), #"{"aps":{"content-available":"1"}}"#, .background,
                ["kind.key-invalid"]
            ),
            (
                APNsHeaders(pushType: "background", priority: "5", topic: "com.example.app"),
                #"{"aps":{"content-available":1,"mutable-content":1},"image":"https://cdn.example.com/a.jpg"}"#,
                .background, ["headers.push-type.not-alert"]
            ),
            (APNsHeaders(pushType: "voip", topic: "com.example.app"), "{}", .voip, ["kind.topic-suffix"]),
            (
                APNsHeaders(pushType: "liveactivity", priority: "1", topic: "com.example.app.push-type.liveactivity"),
                #"{"aps":{"timestamp":1,"event":"end","content-state":{}}}"#, .liveActivity, ["kind.priority"]
            ),
            (
                APNsHeaders(pushType: "liveactivity"), #"{"aps":{"event":"update"}}"#, .liveActivity,
                ["kind.key-missing", "kind.key-missing"]
            ),
            (
                APNsHeaders(pushType: "liveactivity"), #"{"aps":{"event":"start","timestamp":1,"content-state":{}}}"#,
                .liveActivity, ["kind.key-missing", "kind.key-missing", "kind.key-missing"]
            ),
            (
                APNsHeaders(pushType: "liveactivity"),
                #"{"aps":{"event":"update","timestamp":1,"content-state":{},"alert":{"title":3}}}"#, .liveActivity,
                ["aps.key.invalid-type"]
            ),
            (APNsHeaders(pushType: "pushtotalk", priority: "5", expiration: "0"), "{}", .pushToTalk, ["kind.priority"]),
            (APNsHeaders(pushType: "pushtotalk"), "{}", .pushToTalk, ["kind.expiration"]),
            (APNsHeaders(pushType: "widgets"), #"{"aps":{}}"#, .widgets, ["kind.key-missing"]),
            (APNsHeaders(pushType: "controls"), #"{"aps":{"content-changed":1}}"#, .controls, ["kind.key-invalid"]),
            (
                APNsHeaders(pushType: "widgets", topic: "com.example.app.push-type.controls"),
                #"{"aps":{"content-changed":true}}"#, .widgets, ["kind.topic-suffix"]
            ),
            (APNsHeaders(pushType: "mdm"), "{}", .mdm, ["kind.mdm-magic"]),
            // A background push uses the bundle id as its topic, as an alert does.
            (
                APNsHeaders(pushType: "background", priority: "5", topic: "com.example.app.voip"),
                #"{"aps":{"content-available":1}}"#, .background, ["headers.topic.push-type-mismatch"]
            ),
            // mutable-content and alert text without media: the extension runs; only expect=media needs media.
            (
                APNsHeaders(pushType: "alert"), #"{"aps":{"alert":"hi","mutable-content":1}}"#, .richAlert,
                ["media.none"]
            ),
        ] as [(APNsHeaders, String, PushKind, [String])])
    func eachKindsRules(headers: APNsHeaders, body: String, kind: PushKind, expected: [String]) {
        let inspection = Self.inspect(body, headers)
        #expect(inspection.summary.judgedAs == kind)
        #expect(inspection.findings.map(\.code.rawValue) == expected, "\(inspection.findings.map(\.message))")
    }

    /// A body with no payload to read is judged from its headers alone.
    @Test func aBodyThatIsNotAnObjectIsJudgedFromItsHeaders() {
        #expect(Self.inspect("not json", APNsHeaders(pushType: "background")).summary.judgedAs == .background)
        #expect(Self.inspect("[1]", APNsHeaders(pushType: "alert")).summary.judgedAs == .alert)
        #expect(Self.inspect("[1]", APNsHeaders(pushType: "alert"), expectMedia: true).summary.judgedAs == .richAlert)
    }

    @Test func expectMediaMakesAnAlertRichAndItsMissingMediaAnError() {
        let inspection = Self.inspect(
            #"{"aps":{"alert":"hi","mutable-content":1}}"#, APNsHeaders(pushType: "alert"), expectMedia: true)
        #expect(inspection.summary.judgedAs == .richAlert)
        #expect(inspection.findings.map(\.code.rawValue) == ["media.url.missing"])
        let plain = Self.inspect(#"{"aps":{"alert":"hi"}}"#, APNsHeaders(pushType: "alert"), expectMedia: true)
        #expect(plain.summary.judgedAs == .richAlert)
        #expect(plain.findings.map(\.code.rawValue) == ["aps.mutable-content.missing", "media.url.missing"])
    }

    /// A `.webp` URL is told to convert the file: no name makes iOS attach WebP.
    @Test func anUntypedWebPIsToldToConvertTheFile() throws {
        let inspection = Self.inspect(
            #"{"aps":{"alert":"hi","mutable-content":1},"image":"https://cdn.example.com/a.webp"}"#,
            APNsHeaders(pushType: "alert"))
        let untyped = try #require(inspection.findings.first { $0.code == .attachmentUntyped })
        #expect(untyped.fix.hasPrefix("convert the file to a type iOS attaches"))
        #expect(untyped.fix.hasSuffix("iOS attaches no .webp file, whatever its name"))
    }
}
