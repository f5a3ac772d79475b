import Testing

@testable import PreflightCore

@Suite struct JSONParserTests {
    @Test func keepsNumbersAsWritten() throws {
        let value = try JSONParser.parse(Array(#"{"a":1,"b":true,"c":"1","d":1.5,"e":1.0,"f":-0,"g":1e2}"#.utf8)).value
        #expect(value["a"] == .number(JSONNumber(text: "1")))
        #expect(value["a"]?.integer == 1)
        #expect(value["b"] == .bool(true))
        #expect(value["c"] == .string("1"))
        #expect(value["d"]?.integer == nil)
        #expect(value["d"]?.double == 1.5)
        #expect(value["e"]?.integer == nil)
        #expect(value["f"]?.integer == 0)
        #expect(value["g"]?.double == 100)
    }

    @Test func reportsDuplicateKeysWithTheirPath() throws {
        let result = try JSONParser.parse(
            Array(#"{"aps":{"alert":"a","alert":"b","list":[{"x":1,"x":2}]},"k":1,"k":2}"#.utf8))
        #expect(result.duplicateKeys == ["aps.alert", "aps.list[0].x", "k"])
        #expect(result.value["aps"]?["alert"]?.string == "b")
    }

    @Test func findsDuplicatesInLargeObjects() throws {
        var text = "{"
        for index in 0..<40 { text += "\"k\(index)\":\(index)," }
        text += "\"k7\":0}"
        #expect(try JSONParser.parse(Array(text.utf8)).duplicateKeys == ["k7"])
    }

    @Test func decodesEscapes() throws {
        let value = try JSONParser.parse(Array(#"["a\"b\\c\/d\n\u00e9\ud83d\ude00"]"#.utf8)).value
        #expect(value == .array([.string("a\"b\\c/d\né😀")]))
    }

    @Test(arguments: [
        ("", "unexpected end of input"),
        ("{", "expected a string key"),
        ("[", "unexpected end of input"),
        ("{\"a\":1,}", "expected a string key"),
        ("[1,]", "unexpected character"),
        ("{\"a\" 1}", "expected ':' after a key"),
        ("01", "leading zero in a number"),
        ("1.", "invalid fraction"),
        ("\"abc", "unterminated string"),
        ("\"a\u{01}\"", "control character in a string"),
        ("\"\\x\"", "invalid escape"),
        ("\"\\ud800\"", "lone surrogate in \\u escape"),
        ("{} x", "unexpected data after the JSON value"),
        ("tru", "unexpected end of input"),
        ("nul!", "unexpected character"),
    ])
    func rejectsInvalidJSON(text: String, reason: String) {
        #expect(throws: JSONParser.Failure.self) { try JSONParser.parse(Array(text.utf8)) }
        do {
            _ = try JSONParser.parse(Array(text.utf8))
        } catch {
            #expect(error.reason == reason)
            #expect(!error.invalidUTF8)
        }
    }

    @Test func rejectsInvalidUTF8() {
        for bytes: [UInt8] in [[0x22, 0xFF, 0x22], [0x22, 0xC3, 0x22], [0x7B, 0xE9, 0x7D]] {
            do {
                _ = try JSONParser.parse(bytes)
                Issue.record("accepted \(bytes)")
            } catch {
                #expect(error.invalidUTF8, "\(bytes): \(error.reason)")
            }
        }
    }

    /// UTF-8 is checked in place; it must agree with the standard library's check on
    /// every input, and name the first byte of the first ill-formed sequence.
    @Test func utf8CheckAgreesWithTheStandardLibrary() {
        var generator = SystemRandomNumberGenerator()
        // Lead and continuation bytes weighted so that most inputs hold multi-byte sequences.
        let alphabet: [UInt8] = [
            0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1, 0xEC, 0xED, 0xEE,
            0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF,
        ]
        for round in 0..<20_000 {
            let count = Int.random(in: 0...24, using: &generator)
            var bytes = (0..<count).map { _ in alphabet.randomElement(using: &generator)! }
            if round % 3 == 0 { bytes = Array("plain ascii prefix!".utf8) + bytes }
            let found = bytes.withUnsafeBufferPointer { UTF8Validation.firstInvalid(in: $0) }
            let valid = String(validating: bytes, as: UTF8.self) != nil
            #expect((found == nil) == valid, "\(bytes)")
            if let found {
                // Everything before the offset is UTF-8; the sequence starting there is not.
                #expect(String(validating: bytes[..<found], as: UTF8.self) != nil, "\(bytes) at \(found)")
                #expect(bytes[found] >= 0x80, "\(bytes) at \(found)")
            }
        }
        let first = { (bytes: [UInt8]) in bytes.withUnsafeBufferPointer { UTF8Validation.firstInvalid(in: $0) } }
        #expect(first(Array("a\u{10FFFF}é😀".utf8)) == nil)
        #expect(first([0x61, 0xED, 0xA0, 0x80]) == 1)  // a surrogate
        #expect(first([0x61, 0x62, 0xC0, 0xAF]) == 2)  // overlong "/"
        #expect(first([0xF4, 0x90, 0x80, 0x80]) == 0)  // past U+10FFFF
    }

    /// The ASCII runs read thirty-two and eight bytes at a time stop at the first byte over 0x7F
    /// wherever it is: an ill-formed byte is found at every offset of ASCII texts up to 80 bytes,
    /// and a well-formed two-byte character there is accepted.
    @Test func utf8CheckFindsABadByteAtEveryOffsetOfAnASCIIRun() {
        let first = { (bytes: [UInt8]) in bytes.withUnsafeBufferPointer { UTF8Validation.firstInvalid(in: $0) } }
        for count in 0...80 {
            // All ASCII, the run ending exactly at the end of a block, a word or a byte.
            #expect(first([UInt8](repeating: UInt8(ascii: "a"), count: count)) == nil, "length \(count)")
        }
        for count in 1...80 {
            for offset in 0..<count {
                var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: count)
                bytes[offset] = 0xFF
                #expect(first(bytes) == offset, "length \(count), offset \(offset)")
                bytes[offset] = 0xC3
                bytes.insert(0xA9, at: offset + 1)  // é
                #expect(first(bytes) == nil, "length \(count), offset \(offset)")
            }
        }
    }

    /// Strings are written from one byte that needs escaping to the next; every string
    /// must read back as itself, and the escapes are RFC 8259's.
    @Test func writtenStringsReadBackWhateverTheyHold() throws {
        var bytes: [UInt8] = []
        JSONWriter.appendQuoted("a\"b\\c\nd\re\tf\u{1}g\u{1F}é😀" + String(repeating: "x", count: 20) + "\"", to: &bytes)
        #expect(
            String(decoding: bytes, as: UTF8.self)
                == #""a\"b\\c\nd\re\tf\u0001g\u001fé😀xxxxxxxxxxxxxxxxxxxx\"""#)
        var generator = SystemRandomNumberGenerator()
        let pieces = ["a", "\"", "\\", "\n", "\u{0}", "\u{1F}", "é", "😀", "/", " ", "abcdefghijklmnop"]
        for _ in 0..<2_000 {
            let text = (0..<Int.random(in: 0...24, using: &generator)).map { _ in
                pieces.randomElement(using: &generator)!
            }.joined()
            var written: [UInt8] = []
            JSONWriter.appendQuoted(text, to: &written)
            let read = try JSONParser.parse(written).value
            #expect(read == .string(text), "\(text.debugDescription)")
        }
    }

    @Test func refusesDeepNesting() {
        let deep = Array(String(repeating: "[", count: 65).utf8) + Array(String(repeating: "]", count: 65).utf8)
        #expect(throws: JSONParser.Failure.self) { try JSONParser.parse(deep) }
        let fine = Array(String(repeating: "[", count: 64).utf8) + Array(String(repeating: "]", count: 64).utf8)
        #expect(throws: Never.self) { try JSONParser.parse(fine) }
    }

    @Test func writerEscapesAndRoundTrips() throws {
        var writer = JSONWriter()
        writer.object { object in
            object.field("text", "quote \" backslash \\ newline \n tab \t bell \u{07} é")
            object.field("n", 3)
            object.field("missing", nil as String?)
        }
        #expect(
            writer.text == #"{"text":"quote \" backslash \\ newline \n tab \t bell \u0007 é","n":3,"missing":null}"#)
        let back = try JSONParser.parse(writer.bytes).value
        #expect(back["text"]?.string == "quote \" backslash \\ newline \n tab \t bell \u{07} é")
    }
}
