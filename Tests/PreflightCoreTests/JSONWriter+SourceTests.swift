import Testing

@testable import PreflightCore

/// A document's container is written by copying its text without the whitespace between tokens
/// when none of its strings holds an escape, else by walking its values: both must write the
/// bytes the `JSONValue` tree's walk writes.
@Suite struct JSONWriterSourceTests {
    static let texts = [
        #"{ "a" : [ 1 , { } ] }"#,
        "{\n\t\"aps\": {\r\n \"alert\": {\"title\": \"Hi\", \"body\": \"Sale\"},\n \"mutable-content\": 1},\n \"u\": \"https://x.test/a.jpg\"\n}\n",
        #"[[[[]]] , [ ] , {"k":{"k":{"k":[true,false,null]}}}]"#,
        #"{"n":-0.5e+10,"m":1E-3,"z":0,"big":123456789012345678901234567890}"#,
        #"{"a":1,"a":2,"a":{"a":[]}}"#,
        #"{"é":"ü — 日本","😀":["\u0041"]}"#,
        #"{"esc":"a\"b\\c\/d\n","k\u00e9y":1}"#,
        #"{"":""," ":" ","  ":[" "," "]}"#,
        "[1 ,2, 3 ,\n4]",
        "{}",
        "[ ]",
    ]

    @Test(arguments: texts)
    func aContainerIsWrittenAsItsTreeIs(text: String) throws {
        let document = try JSONDocument.parse(Array(text.utf8))
        var fromDocument = JSONWriter()
        fromDocument.value(document.root)
        var fromTree = JSONWriter()
        fromTree.value(document.root.value)
        #expect(fromDocument.text == fromTree.text)
        #expect(String(decoding: document.root.compactBytes, as: UTF8.self) == fromTree.text)
        #expect(document.root.compactCount == fromTree.text.utf8.count)
    }

    /// A document with no whitespace between tokens and no escape is its compact text: counted
    /// as its length, copied whole; one space or one escape anywhere makes it not so.
    @Test func aMachinesDocumentIsItsOwnCompactText() throws {
        let compact = try JSONDocument.parse(Array(#"{"a":[1,{"b":"c d"}],"e":{}}"#.utf8))
        #expect(compact.isCompact)
        #expect(compact.root.compactCount == 28)
        let inner = try #require(compact.root["a"])
        #expect(inner.compactCount == 15)
        #expect(String(decoding: inner.compactBytes, as: UTF8.self) == #"[1,{"b":"c d"}]"#)
        #expect(try !JSONDocument.parse(Array(#"{"a":[1, 2]}"#.utf8)).isCompact)
        #expect(try !JSONDocument.parse(Array(#"{"a":"\u0041"}"#.utf8)).isCompact)
        #expect(try !JSONDocument.parse(Array(#"{"a":1} "#.utf8)).isCompact)
    }

    @Test func spacesBetweenTokensAreLeftOutAndKeptInStrings() throws {
        let document = try JSONDocument.parse(Array(#" { "a b" : [ 1 , { } , " c " ] , "d" : null } "#.utf8))
        #expect(document.unescapedEnd(ofContainer: 0) != nil)
        var writer = JSONWriter()
        writer.value(document.root)
        #expect(writer.text == #"{"a b":[1,{}," c "],"d":null}"#)
    }

    @Test func anEscapedStringIsWrittenByTheWalk() throws {
        let document = try JSONDocument.parse(Array(#"{"a": ["\u0041\/"]}"#.utf8))
        #expect(document.unescapedEnd(ofContainer: 0) == nil)
        var writer = JSONWriter()
        writer.value(document.root)
        #expect(writer.text == #"{"a":["A/"]}"#)
    }

    /// A container inside a document stops at its own closing bracket, with the members and
    /// the brackets after it left alone, and is separated from what the writer wrote before.
    @Test func anInnerContainerEndsAtItsOwnBracket() throws {
        let document = try JSONDocument.parse(
            Array(#"{"items": [ {"p": [[1], {"q": {}}] } , 7 ], "after": [ ] }"#.utf8))
        let items = try #require(document.root["items"])
        let first = try #require(items.element(at: 0))
        var writer = JSONWriter()
        writer.array {
            $0.value(first)
            $0.value(first)
        }
        #expect(writer.text == #"[{"p":[[1],{"q":{}}]},{"p":[[1],{"q":{}}]}]"#)
    }

    /// Random documents, with whitespace between every two tokens and some strings escaped,
    /// written both ways.
    @Test func randomDocumentsAreWrittenAsTheirTreesAre() throws {
        var generator = SplitMix(seed: 0x5EED)
        var copied = 0
        var containers = 0
        var compact = 0
        for round in 0..<400 {
            var text = ""
            // Every other document has no whitespace at all, as a machine writes it.
            Self.randomValue(depth: 0, into: &text, spaced: round % 2 == 0, using: &generator)
            let document = try JSONDocument.parse(Array(text.utf8))
            guard document.root.isObject || document.root.isArray else { continue }
            containers += 1
            if document.unescapedEnd(ofContainer: 0) != nil { copied += 1 }
            if document.isCompact { compact += 1 }
            var fromDocument = JSONWriter()
            fromDocument.value(document.root)
            var fromTree = JSONWriter()
            fromTree.value(document.root.value)
            #expect(fromDocument.text == fromTree.text, "\(text)")
            #expect(String(decoding: document.root.compactBytes, as: UTF8.self) == fromTree.text, "\(text)")
            #expect(document.root.compactCount == fromTree.text.utf8.count, "\(text)")
        }
        // Each way was taken: the copy, the whole text, and the walk.
        #expect(copied > 50)
        #expect(compact > 50)
        #expect(copied < containers)
    }

    private static func space(into text: inout String, spaced: Bool, using generator: inout SplitMix) {
        guard spaced else { return }
        text += ["", " ", "\n", "\t", " \r\n "][Int(generator.next() % 5)]
    }

    private static func randomValue(
        depth: Int, into text: inout String, spaced: Bool, using generator: inout SplitMix
    ) {
        space(into: &text, spaced: spaced, using: &generator)
        let choice = depth > 4 ? 2 + generator.next() % 5 : generator.next() % 7
        switch choice {
        case 0, 1:
            let open = choice == 0
            text += open ? "{" : "["
            let count = Int(generator.next() % 4)
            for position in 0..<count {
                if position > 0 { space(into: &text, spaced: spaced, using: &generator); text += "," }
                if open {
                    space(into: &text, spaced: spaced, using: &generator)
                    randomString(into: &text, using: &generator)
                    space(into: &text, spaced: spaced, using: &generator)
                    text += ":"
                }
                randomValue(depth: depth + 1, into: &text, spaced: spaced, using: &generator)
            }
            space(into: &text, spaced: spaced, using: &generator)
            text += open ? "}" : "]"
        case 2: randomString(into: &text, using: &generator)
        case 3: text += ["0", "-1", "2.5", "1e9", "-0.25E-3"][Int(generator.next() % 5)]
        case 4: text += "true"
        case 5: text += "false"
        default: text += "null"
        }
        space(into: &text, spaced: spaced, using: &generator)
    }

    private static func randomString(into text: inout String, using generator: inout SplitMix) {
        // Three pieces in twenty-five are escapes.
        let plain = ["a", "key", " ", "é", "日本", "x y", "😀", "-"]
        let escapes = [#"\n"#, #"\""#, #"\u00e9"#]
        text += "\""
        for _ in 0..<Int(generator.next() % 3) {
            let piece = Int(generator.next() % 25)
            text += piece < 22 ? plain[piece % plain.count] : escapes[piece - 22]
        }
        text += "\""
    }
}

/// A small seeded generator (SplitMix64), so a failing document can be made again.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
