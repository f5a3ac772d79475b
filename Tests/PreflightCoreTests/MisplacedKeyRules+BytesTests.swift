import Testing

@testable import PreflightCore

/// The names of the `aps` flags recognised outside `aps` from their bytes: the three spellings of
/// each, with or without FCM's legacy prefix, and nothing one byte off, shorter or longer.
@Suite struct MisplacedKeyNameTests {
    /// The spellings senders use (written out, not built from the rule's words).
    static let named: [(String, FindingCode)] = [
        ("mutable-content", .mutableContentMisplaced), ("mutable_content", .mutableContentMisplaced),
        ("mutableContent", .mutableContentMisplaced), ("content-available", .contentAvailableMisplaced),
        ("content_available", .contentAvailableMisplaced), ("contentAvailable", .contentAvailableMisplaced),
    ]

    private static func code(_ text: String) -> FindingCode? {
        Array(text.utf8).withUnsafeBufferPointer { MisplacedKeyRules.code(forKey: $0) }
    }

    @Test func everySpellingIsFoundAloneAndAfterTheLegacyPrefix() {
        for (name, code) in Self.named {
            #expect(Self.code(name) == code, "\(name)")
            #expect(Self.code("gcm.notification." + name) == code, "\(name)")
            #expect(MisplacedKeyRules.code(forKey: name) == code, "\(name)")
        }
    }

    @Test(arguments: [
        "", "aps", "m", "c", "mutable", "content", "mutable-", "mutable-conten", "mutable-contents", "mutable-contenu",
        "Mutable-content", "mutable-Content", "mutable_Content", "mutablecontent", "mutableContents", "mutablEContent",
        "mutable.content", "mutable content", "mutable--content", "content-availablE", "contentavailable",
        "content-available-", "contentAvailabl", "content_Available", "gcm.notification.", "gcm.notification",
        "gcm.notificationmutable-content", "gcm.notification.gcm.notification.mutable-content",
        "gcm.notification.Mutable-content", "xgcm.notification.mutable-content", "mutable-content\u{301}",
    ])
    func anotherKeyIsNone(_ text: String) {
        #expect(Self.code(text) == nil)
        #expect(MisplacedKeyRules.code(forKey: text) == nil)
    }

    /// An escaped key is the key it decodes to (as iOS's dictionary reads it), reported under
    /// the decoded name.
    @Test func anEscapedKeyIsTheFlagItSpells() {
        let inspection = MisplacedKeyRulesTests.inspect(
            #"{"aps":{"alert":"hi"},"mutable\u002dcontent":1,"gcm.notification.content\u005Favailable":1}"#)
        #expect(
            MisplacedKeyRulesTests.misplaced(inspection) == [
                "aps.mutable-content.misplaced warning mutable-content",
                "aps.content-available.misplaced warning gcm.notification.content_available",
            ])
    }
}
