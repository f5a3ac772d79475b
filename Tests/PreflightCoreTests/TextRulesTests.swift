import Testing

@testable import PreflightCore

/// What a person reads: template placeholders, cut-off text, a title alone, stray whitespace.
@Suite struct TextRulesTests {
    static func codes(_ payload: String) -> [String] {
        PayloadInspector(configuration: PreflightConfiguration()).inspect(
            body: Array(payload.utf8), headers: APNsHeaders(pushType: "alert")
        ).findings.map(\.code.rawValue).filter { $0 != "media.none" }
    }

    @Test(
        arguments: [
            ("Hi {{ first_name }}!", "{{ first_name }}"), ("Hi {{{name}}}", "{{{name}}}"),
            ("Order {% if x %}shipped", "{% if x %}"), ("Hi ${user.name}", "${user.name}"),
            ("Hi %{name}", "%{name}"), ("Hi [[name]]", "[[name]]"),
        ])
    func placeholdersOfEachTemplateLanguage(text: String, found: String) {
        #expect(TextRules.placeholder(in: text) == found)
        #expect(
            Self.codes(#"{"aps":{"alert":{"title":"Sale","body":"\#(text)"}}}"#) == ["aps.alert.template-unresolved"])
    }

    @Test func theQuickScanLooksForEveryOpening() {
        let (a, b, c, d) = TextRules.openingFirstBytes
        #expect(Set(TextRules.placeholders.map { $0.open.utf8.first! }) == [a, b, c, d])
    }

    /// A repeated field is judged as its last value, as iOS's dictionary keeps it: a later
    /// string's placeholder is found, and a later value that is not a string is no text.
    @Test func aRepeatedFieldIsJudgedAsItsLastValue() {
        #expect(
            Self.codes(#"{"aps":{"alert":{"title":"Hi","body":"plain","body":"Hello {{name}}"}}}"#)
                == ["payload.duplicate-key", "aps.alert.template-unresolved"])
        #expect(
            Self.codes(#"{"aps":{"alert":{"title":"Hi","body":"Hello {{name}}","body":5}}}"#) == [
                "payload.duplicate-key", "aps.key.invalid-type", "aps.alert.body.empty-with-title",
            ])
    }

    @Test func placeholdersNeedBothEnds() {
        #expect(TextRules.placeholder(in: "Save {50%} today, ${price} soon") == "${price}")
        #expect(TextRules.placeholder(in: "Costs $5 {not a template") == nil)
        #expect(Self.codes(#"{"aps":{"alert":{"title":"Sale","body":"Save 50% {today}"}}}"#) == [])
    }

    @Test func aTemplateInTheMediaURL() {
        let payload = #"{"aps":{"alert":"Sale","mutable-content":1},"image":"https://cdn.example.com/{{sku}}.jpg"}"#
        let findings = PayloadInspector(configuration: PreflightConfiguration()).inspect(
            body: Array(payload.utf8), headers: APNsHeaders(pushType: "alert")
        ).findings
        #expect(findings.map(\.code) == [.alertTemplateUnresolved])
        #expect(findings.first?.path == "/image")
    }

    @Test func truncationAtTheApproximateLengths() {
        let title = String(repeating: "t", count: TextRules.visibleTitle)
        let body = String(repeating: "b", count: TextRules.visibleBody)
        #expect(Self.codes(#"{"aps":{"alert":{"title":"\#(title)","body":"\#(body)"}}}"#) == [])
        let findings = PayloadInspector(configuration: PreflightConfiguration()).inspect(
            body: Array(#"{"aps":{"alert":{"title":"\#(title)x","body":"\#(body)x"}}}"#.utf8),
            headers: APNsHeaders(pushType: "alert")
        ).findings.filter { $0.code == .alertTruncated }
        #expect(findings.map(\.path) == ["aps.alert.title", "aps.alert.body"])
        #expect(
            findings.first?.message
                == "the title has 45 characters; collapsed, iOS shows about the first 44 and an ellipsis (all of it when expanded)"
        )
    }

    /// Characters are counted by byte only where that is exact (ASCII without a carriage return);
    /// every other text is counted by grapheme.
    @Test func theCountIsByCharacterWhateverTheBytes() {
        // 44 emoji are 176 bytes but 44 characters; 44 "e" + combining accent are 132 bytes.
        #expect(TextRules.characterCount(Substring(String(repeating: "\u{1F4E6}", count: 44)), over: 44) == nil)
        #expect(TextRules.characterCount(Substring(String(repeating: "e\u{301}", count: 44)), over: 44) == nil)
        #expect(TextRules.characterCount(Substring(String(repeating: "\u{1F4E6}", count: 45)), over: 44) == 45)
        // "\r\n" is one character in 2 bytes: 30 of them and 15 letters are 45 characters.
        let lines = String(repeating: "a\r\n", count: 15) + String(repeating: "b", count: 15)
        #expect(TextRules.characterCount(Substring(lines), over: 44) == 45)
        #expect(TextRules.characterCount(Substring(String(repeating: "x", count: 45)), over: 44) == 45)
        #expect(TextRules.characterCount(Substring(String(repeating: "x", count: 44)), over: 44) == nil)
        #expect(TextRules.trimmedText("Sale") == "Sale")
        #expect(TextRules.trimmedText("Sale\u{200B}") == "Sale")
        #expect(TextRules.trimmedText("\u{0600}a b") == "\u{0600}a b")
    }

    /// The sixteen-at-a-time scans and the pointer comparison agree with a byte-by-byte look, whatever the length
    /// and wherever the byte sits (in a block of sixteen or in the tail).
    @Test func byteScansAgreeWithAPlainLoop() {
        var generator = SystemRandomNumberGenerator()
        let alphabet: [UInt8] = [
            0x61, 0x62, 0x20, 0x7B, 0x24, 0x25, 0x5B, 0x0D, 0x80, 0xC3, 0xFF, 0x7F, 0x22, 0x5C, 0x1F, 0x0C, 0x0E, 0x00,
            0x01, 0x8D,
        ]
        for _ in 0..<5_000 {
            let count = Int.random(in: 0...70, using: &generator)
            // Mostly plain letters, so that a hit may sit anywhere or nowhere.
            let bytes = (0..<count).map { _ in
                Int.random(in: 0..<8, using: &generator) == 0 ? alphabet.randomElement(using: &generator)! : 0x61
            }
            let targets: Set<UInt8> = [0x7B, 0x24, 0x25, 0x5B]
            let any = bytes.withUnsafeBufferPointer { ByteScan.containsAny($0, of: (0x7B, 0x24, 0x25, 0x5B)) }
            #expect(any == bytes.contains(where: targets.contains), "\(bytes)")
            let ascii = bytes.withUnsafeBufferPointer { ByteScan.isASCII($0, excluding: 0x0D) }
            #expect(ascii == bytes.allSatisfy { $0 < 0x80 && $0 != 0x0D }, "\(bytes)")
            let start = Int.random(in: 0...count, using: &generator)
            let special = bytes.withUnsafeBufferPointer { ByteScan.firstStringSpecial($0, from: start) }
            let expected =
                bytes[start...].firstIndex { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") || $0 < 0x20 }
                ?? count
            #expect(special == expected, "\(bytes) from \(start)")
            let hasSpecial = bytes.withUnsafeBufferPointer { ByteScan.hasStringSpecial($0) }
            #expect(hasSpecial == bytes.contains { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") || $0 < 0x20 })
            // The same bytes, one byte changed, or one byte fewer.
            var other = bytes
            switch Int.random(in: 0..<3, using: &generator) {
            case 1 where !other.isEmpty: other[Int.random(in: 0..<count, using: &generator)] ^= 0x01
            case 2 where !other.isEmpty: other.removeLast()
            default: break
            }
            let same = bytes.withUnsafeBufferPointer { left in other.withUnsafeBufferPointer { ByteScan.same(left, $0) }
            }
            #expect(same == (bytes == other), "\(bytes) and \(other)")
        }
    }

    /// The string check's blocks (the last one read again in part), its two words and its bytes
    /// each see one quote, backslash or control byte wherever it sits, and none in plain text.
    @Test func theStringCheckSeesOneSpecialByteAtEveryOffset() {
        for count in [0, 1, 7, 8, 9, 15, 16, 17, 31, 32, 33, 47, 100] {
            let plain = [UInt8](repeating: 0x7E, count: count)
            #expect(!plain.withUnsafeBufferPointer { ByteScan.hasStringSpecial($0) }, "\(count) plain bytes")
            for offset in 0..<count {
                for value: UInt8 in [0x22, 0x5C, 0x00, 0x1F, 0x0A] {
                    var bytes = plain
                    bytes[offset] = value
                    let found = bytes.withUnsafeBufferPointer { ByteScan.hasStringSpecial($0) }
                    #expect(found, "byte \(value) at \(offset) of \(count)")
                }
            }
        }
        // Bytes the writer never escapes: space, DEL and those over 0x7F.
        let unescaped: [UInt8] = [0x20, 0x7F, 0x80, 0xFF, 0xC3, 0x21, 0x23, 0x5B, 0x5D]
        for count in [3, 12, 40] {
            let bytes = (0..<count).map { unescaped[$0 % unescaped.count] }
            #expect(!bytes.withUnsafeBufferPointer { ByteScan.hasStringSpecial($0) }, "\(bytes)")
        }
    }

    /// Two byte runs compare equal only when every byte is: a difference at every offset of a
    /// word, the next word and the tail, for lengths 0 to 24, and runs of different lengths.
    @Test func sameFindsADifferenceAtEveryOffset() {
        for count in 0...24 {
            let bytes = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
            let copy = Array(bytes)
            #expect(bytes.withUnsafeBufferPointer { left in copy.withUnsafeBufferPointer { ByteScan.same(left, $0) } })
            for offset in 0..<count {
                var other = bytes
                other[offset] ^= 0x80
                let same = bytes.withUnsafeBufferPointer { left in
                    other.withUnsafeBufferPointer { ByteScan.same(left, $0) }
                }
                #expect(!same, "length \(count), offset \(offset)")
            }
            let longer = bytes + [0]
            #expect(
                !bytes.withUnsafeBufferPointer { left in longer.withUnsafeBufferPointer { ByteScan.same(left, $0) } })
        }
    }

    /// The ASCII check's rounds of sixty-four bytes, its blocks of sixteen (the last one read
    /// again in part), its words and its tail, and the placeholder scan's blocks (the same last
    /// one) and tail, and the one pass that answers both (`textTraits`), each see one byte (over
    /// 0x7F or the excluded one; one of the four openings' first bytes) wherever it sits in a
    /// text of up to three rounds and a tail.
    @Test func roundScansSeeOneByteAtEveryOffset() {
        let openings = (UInt8(ascii: "{"), UInt8(ascii: "%"), UInt8(ascii: "$"), UInt8(ascii: "["))
        for count in [0, 1, 7, 15, 16, 17, 31, 32, 33, 63, 64, 65, 79, 127, 128, 200] {
            let plain = [UInt8](repeating: 0x61, count: count)
            #expect(plain.withUnsafeBufferPointer { ByteScan.isASCII($0, excluding: 0x0D) }, "\(count) plain bytes")
            #expect(!plain.withUnsafeBufferPointer { ByteScan.containsAny($0, of: openings) }, "\(count) plain bytes")
            let plainTraits = plain.withUnsafeBufferPointer {
                ByteScan.textTraits($0, any: openings, asciiExcluding: 0x0D)
            }
            #expect(!plainTraits.hasTarget && plainTraits.isASCII, "\(count) plain bytes")
            for offset in 0..<count {
                for value: UInt8 in [0x0D, 0x80, 0xC3, 0xFF] {
                    var bytes = plain
                    bytes[offset] = value
                    let ascii = bytes.withUnsafeBufferPointer { ByteScan.isASCII($0, excluding: 0x0D) }
                    #expect(!ascii, "byte \(value) at \(offset) of \(count)")
                    let traits = bytes.withUnsafeBufferPointer {
                        ByteScan.textTraits($0, any: openings, asciiExcluding: 0x0D)
                    }
                    #expect(!traits.isASCII && !traits.hasTarget, "byte \(value) at \(offset) of \(count)")
                }
                for value in [openings.0, openings.1, openings.2, openings.3] {
                    var bytes = plain
                    bytes[offset] = value
                    let found = bytes.withUnsafeBufferPointer { ByteScan.containsAny($0, of: openings) }
                    #expect(found, "byte \(value) at \(offset) of \(count)")
                    let traits = bytes.withUnsafeBufferPointer {
                        ByteScan.textTraits($0, any: openings, asciiExcluding: 0x0D)
                    }
                    #expect(traits.hasTarget && traits.isASCII, "byte \(value) at \(offset) of \(count)")
                }
            }
        }
    }

    /// The block and word scans find the first of their bytes exactly: every byte value at every
    /// offset of a sixteen-byte block, a word and a tail, among neighbours that make a word's
    /// subtraction borrow (a zero, a control byte, a quote, bytes over 0x80), with a second hit
    /// after it.
    @Test func wordScansFindTheFirstHitAtEveryOffset() {
        func special(_ byte: UInt8) -> Bool { byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 }
        for filler: UInt8 in [0x61, 0x20, 0x21, 0x23, 0x5B, 0x5D, 0x80, 0xA0, 0xFF] {
            for value in 0...255 {
                for offset in 0..<27 {
                    var bytes = [UInt8](repeating: filler, count: 27)
                    bytes[offset] = UInt8(value)
                    if offset + 1 < bytes.count { bytes[offset + 1] = 0x00 }
                    let expectedSpecial = bytes.firstIndex(where: special) ?? bytes.count
                    let expectedNewline = bytes.firstIndex(of: 0x0A) ?? bytes.count
                    let (foundSpecial, foundNewline) = bytes.withUnsafeBufferPointer {
                        (ByteScan.firstStringSpecial($0, from: 0), ByteScan.firstIndex(of: 0x0A, in: $0, from: 0))
                    }
                    #expect(foundSpecial == expectedSpecial, "byte \(value) at \(offset) among \(filler)")
                    // `needsNoEscape` reads a short text a byte at a time, a long one by the scan:
                    // both agree with it, over the first `offset + 1` bytes and over all 27.
                    for count in [offset + 1, bytes.count] {
                        let plain = bytes.withUnsafeBufferPointer {
                            JSONWriter.needsNoEscape(UnsafeBufferPointer(rebasing: $0[..<count]))
                        }
                        #expect(plain == !bytes[..<count].contains(where: special), "byte \(value), \(count) bytes")
                    }
                    #expect(foundNewline == expectedNewline, "byte \(value) at \(offset) among \(filler)")
                    // The ASCII check reads sixteen bytes, then eight, then one at a time.
                    for count in [offset + 1, 16, bytes.count] where count <= bytes.count {
                        let ascii = bytes.withUnsafeBufferPointer {
                            ByteScan.isASCII(UnsafeBufferPointer(rebasing: $0[..<count]), excluding: 0x0D)
                        }
                        #expect(
                            ascii == bytes[..<count].allSatisfy { $0 < 0x80 && $0 != 0x0D }, "byte \(value), \(count)")
                    }
                }
            }
        }
    }

    @Test func aTitleAloneMattersOnlyWithoutMedia() {
        #expect(Self.codes(#"{"aps":{"alert":{"title":"Shipped"}}}"#) == ["aps.alert.body.empty-with-title"])
        #expect(Self.codes(#"{"aps":{"alert":{"title":"Shipped","body":""}}}"#) == ["aps.alert.body.empty-with-title"])
        #expect(Self.codes(#"{"aps":{"alert":{"title":"Shipped","loc-key":"SHIPPED_BODY"}}}"#) == [])
        let rich =
            #"{"aps":{"alert":{"title":"New look"},"mutable-content":1},"image":"https://cdn.example.com/a.jpg"}"#
        #expect(Self.codes(rich) == [])
    }

    @Test(
        arguments: [
            (#""body":" Sale""#, ["aps.alert.whitespace"]), (#""body":"Sale\n""#, ["aps.alert.whitespace"]),
            (#""body":"Sale\u200B""#, ["aps.alert.whitespace"]),
            (#""body":"Sale","subtitle":"  ""#, ["aps.alert.whitespace"]),
            (#""body":"Sale""#, []),
        ])
    func whitespace(member: String, expected: [String]) {
        #expect(Self.codes(#"{"aps":{"alert":{"title":"Hi",\#(member)}}}"#) == expected)
    }

    /// Blank everywhere is aps.alert.empty's alone.
    @Test func allBlankIsTheEmptyAlertOnly() {
        #expect(Self.codes(#"{"aps":{"alert":"   "}}"#) == ["aps.alert.empty"])
    }

    /// Every White_Space scalar, and the default-ignorable ones senders' templates leave behind.
    static let invisibleScalars: [UInt32] = [
        0x0009, 0x000A, 0x000B, 0x000C, 0x000D, 0x0085, 0x00A0, 0x1680, 0x2000, 0x2001, 0x2002, 0x2003,
        0x2004, 0x2005, 0x2006, 0x2007, 0x2008, 0x2009, 0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000,
        0x200B, 0x200C, 0x200D, 0x200E, 0x200F, 0x2060, 0x2061, 0x2062, 0x2063, 0x2064, 0xFEFF, 0x180E,
        0x00AD, 0xFE00, 0xFE0F, 0x034F, 0x3164, 0xFFA0, 0x202A, 0x202E, 0x2066, 0x2069, 0xE0001,
    ]

    /// A JSON string escape of `scalar` (a surrogate pair past the BMP).
    static func escaped(_ value: UInt32) -> String {
        func unit(_ unit: UInt32) -> String {
            let hex = String(unit, radix: 16)
            return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        }
        guard value > 0xFFFF else { return unit(value) }
        let offset = value - 0x10000
        return unit(0xD800 + (offset >> 10)) + unit(0xDC00 + (offset & 0x3FF))
    }

    /// An alert of nothing a person sees is no alert, whether the scalar is written raw or escaped,
    /// alone, mixed with spaces, or in every field of a dictionary.
    @Test(arguments: invisibleScalars)
    func anInvisibleAlertIsEmpty(value: UInt32) throws {
        let scalar = try #require(Unicode.Scalar(value))
        #expect(TextRules.isInvisible(scalar))
        let escaped = Self.escaped(value)
        #expect(Self.codes(#"{"aps":{"alert":"\#(escaped)"}}"#) == ["aps.alert.empty"])
        #expect(Self.codes(#"{"aps":{"alert":" \#(escaped)  \#(escaped) "}}"#) == ["aps.alert.empty"])
        #expect(
            Self.codes(#"{"aps":{"alert":{"title":"\#(escaped)","body":" \#(escaped)\t"}}}"#) == ["aps.alert.empty"])
        if value >= 0x80 {
            // Raw UTF-8 (a JSON string may not hold a raw control below 0x20).
            let raw = String(Character(scalar))
            #expect(Self.codes(#"{"aps":{"alert":"\#(raw)"}}"#) == ["aps.alert.empty"])
            #expect(Self.codes(#"{"aps":{"alert":"  \#(raw) "}}"#) == ["aps.alert.empty"])
        }
    }

    /// A visible character beside the invisible ones makes the alert visible: an emoji sequence
    /// joined by U+200D, a letter after a BOM, a drawn format character (U+0600), a combining
    /// accent on a no-break space.
    @Test(
        arguments: [
            ("\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}", []), ("\u{0600}", []), ("\u{00A0}\u{0301}", []),
            ("\u{FEFF}Sale", ["aps.alert.whitespace"]), ("\u{200B}x\u{200B}", ["aps.alert.whitespace"]),
        ])
    func aVisibleCharacterAmongInvisibleOnesPasses(text: String, expected: [String]) {
        #expect(Self.codes(#"{"aps":{"alert":{"title":"Hi","body":"\#(text)"}}}"#) == expected)
        #expect(Self.codes(#"{"aps":{"alert":"\#(text)"}}"#) == expected)
        #expect(!Array(text.utf8).withUnsafeBufferPointer { TextRules.isBlank($0) })
    }
}
