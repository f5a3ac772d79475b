import Testing

@testable import PreflightCore

/// The `aps` keys recognised from their bytes: every key Apple defines is found under its own
/// name and no other, and a key one byte off, a prefix or an escape of it is read as written.
@Suite struct APSKeyTests {
    /// The keys of DESIGN.md's list (Apple, "Generating a remote notification"), written out
    /// here rather than read from `APSKey`, so a key dropped from the switch fails.
    static let apple = [
        "alert", "badge", "sound", "thread-id", "category", "content-available", "mutable-content",
        "target-content-id", "interruption-level", "relevance-score", "filter-criteria", "stale-date",
        "content-state", "timestamp", "event", "dismissal-date", "attributes-type", "attributes",
        "input-push-token", "input-push-channel",
    ]

    private static func key(_ text: String) -> APSKey? {
        Array(text.utf8).withUnsafeBufferPointer { APSKey($0) }
    }

    @Test func everyKeyAppleDefinesIsFoundUnderItsName() {
        for name in Self.apple {
            let key = Self.key(name)
            #expect(key.map { "\($0.name)" } == name, "\(name)")
            #expect(key?.path == "aps." + name)
        }
        #expect(APSKey.allCases.count == Self.apple.count)
    }

    @Test(arguments: [
        "", "Alert", "alerts", "aler", "thread-ix", "timestamq", "input-push-chann3l", "interruption-levex",
        "content-availabl", "mutable_content", "x-------------------", "stale-datf", "attributez",
    ])
    func aKeyAppleDoesNotDefineIsNone(_ text: String) {
        #expect(Self.key(text) == nil)
    }

    @Test func theLiveActivityKeysAreTheEightOfActivityKit() {
        let live = APSKey.allCases.filter(\.isLiveActivityOnly).map { "\($0.name)" }.sorted()
        #expect(
            live == [
                "attributes", "attributes-type", "content-state", "dismissal-date", "event", "input-push-channel",
                "input-push-token", "stale-date",
            ])
    }

    /// An escaped key is the key it decodes to, as a dictionary keyed by the decoded text read it.
    @Test func anEscapedKeyIsCheckedAsTheKeyItSpells() throws {
        let document = try JSONDocument.parse(Array(#"{"aps":{"b\u0061dge":"3","alert":"hi"}}"#.utf8))
        var findings = Findings()
        PayloadRules.apsKeys(PayloadContext(root: document.root), &findings, skipping: nil)
        #expect(findings.map(\.code) == [.apsKeyInvalidType])
        #expect(findings.first?.path == "aps.badge")
    }
}

/// The collector's counts, derived from what it kept and counted: the cap, `contains` and
/// `keeps` agree with a table of counts through appends, merges and removals.
@Suite struct FindingsCountTests {
    private static func finding(_ code: FindingCode, _ index: Int) -> Finding {
        Finding(code, path: "p\(index)", message: "m", fix: "f")
    }

    @Test func aMergedCollectorsCountsCarryOnUnderTheCap() {
        var small = Findings(perCode: 2)
        for index in 0..<5 { small.append(Self.finding(.apsKeyUnknown, index)) }
        var large = Findings(perCode: 4)
        large.append(contentsOf: small)
        // Two kept and three counted came over: five made, so the next one is past four.
        #expect(large.count == 2)
        #expect(large.omitted == [.apsKeyUnknown: 3])
        #expect(!large.keeps(.apsKeyUnknown))
        large.append(Self.finding(.apsKeyUnknown, 9))
        #expect(large.omitted == [.apsKeyUnknown: 4])
        #expect(large.contains(.apsKeyUnknown))
        large.removeAll(code: .apsKeyUnknown)
        #expect(!large.contains(.apsKeyUnknown))
        #expect(large.keeps(.apsKeyUnknown))
    }

    @Test func eachCodeHasItsOwnCap() {
        var findings = Findings(perCode: 3)
        for index in 0..<10 {
            findings.append(Self.finding(.apsKeyUnknown, index))
            findings.append(Self.finding(.payloadDuplicateKey, index))
        }
        #expect(findings.map(\.path) == ["p0", "p0", "p1", "p1", "p2", "p2"])
        #expect(findings.omitted == [.apsKeyUnknown: 7, .payloadDuplicateKey: 7])
        #expect(!findings.contains(.alertMissing))
    }
}
