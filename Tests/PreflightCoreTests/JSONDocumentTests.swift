import Testing

@testable import PreflightCore

/// The payload rules read a `JSONDocument` (one array of nodes over the bytes) in
/// place; what they read must be what the `JSONValue` tree of the same text says.
@Suite struct JSONDocumentTests {
    static let texts = [
        #"{"aps":{"alert":{"title":"Sale","body":"50% off"},"mutable-content":1,"badge":3},"image":"https://x/a.jpg"}"#,
        #"{"a\u0062":1,"ab":2,"c":[1,{"d":"e"},[true,false,null]],"n":-1.5e3,"s":"\"q\" \u00e9 \ud83d\ude00"}"#,
        #"{"k":1,"k":"two","k":{"inner":[]},"empty":{},"list":[]}"#,
        #"  [ "x" , 0 , -0 , 12345678901234567890 , 1.0 ]  "#,
        #""just a string""#,
        #"{"\/path":"a\/b","tab\t":"\n"}"#,
    ]

    @Test(arguments: texts)
    func theViewReadsWhatTheTreeHolds(text: String) throws {
        let document = try JSONDocument.parse(Array(text.utf8))
        let tree = try JSONParser.parse(Array(text.utf8)).value
        try expectSame(document.root, tree, at: "$")
        var fromView = JSONWriter()
        fromView.value(document.root)
        var fromTree = JSONWriter()
        fromTree.value(tree)
        #expect(fromView.bytes == fromTree.bytes)
    }

    /// Walks both readings together: kinds, texts, numbers, and every key looked up by name.
    private func expectSame(_ view: JSONView, _ value: JSONValue, at path: String) throws {
        #expect(view.typeName == value.typeName, "\(path)")
        #expect(view.shortDescription == value.shortDescription, "\(path)")
        #expect(view.string == value.string, "\(path)")
        #expect(view.integer == value.integer, "\(path)")
        #expect(view.isNull == (value == .null), "\(path)")
        if let text = value.string { #expect(view.isString(text), "\(path)") }
        switch value {
        case .object(let members):
            let viewMembers = try #require(view.members)
            #expect(viewMembers.count == members.count, "\(path)")
            for (member, viewMember) in zip(members, viewMembers) {
                #expect(member.key == viewMember.key, "\(path)")
                try expectSame(viewMember.value, member.value, at: path + "." + member.key)
                // By name: the last of a repeated key, as the tree's subscript gives it.
                let byName = try #require(view[member.key])
                #expect(byName.value == value[member.key], "\(path)[\(member.key)]")
            }
            #expect(view["no such key"] == nil)
        case .array(let elements):
            let viewElements = try #require(view.elements)
            #expect(viewElements.count == elements.count, "\(path)")
            for (index, element) in elements.enumerated() {
                try expectSame(try #require(view.element(at: index)), element, at: path + "[\(index)]")
            }
            #expect(view.element(at: elements.count) == nil)
        default:
            #expect(view.members == nil && view.elements == nil, "\(path)")
        }
    }

    @Test func escapedKeysAreComparedByTheirText() throws {
        let document = try JSONDocument.parse(Array(#"{"a\u0062":1,"ab":2,"x":{"\u0079":1,"y":2}}"#.utf8))
        #expect(document.duplicateKeyPaths(limit: 10) == ["ab", "x.y"])
        #expect(document.root["ab"]?.integer == 2)
        #expect(document.root["x"]?["y"]?.integer == 2)
    }

    /// `é` (U+00E9) and `e` + U+0301 are two keys on iOS (`NSString` compares literally), though
    /// Swift's `String ==` calls them equal. Before, the parser called them one key when either
    /// was escaped or the object had 16 keys or more, and the tree's subscript picked the other.
    @Test func keysThatOnlyLookAlikeAreTwoKeys() throws {
        let composed = "caf\u{E9}"
        let decomposed = "cafe\u{301}"
        var large = ""
        for index in 0..<20 { large += #""k\#(index)":0,"# }
        let texts = [
            #"{"\#(composed)":1,"\#(decomposed)":2}"#,
            #"{"caf\u00e9":1,"cafe\u0301":2}"#,
            "{" + large + #""\#(composed)":1,"\#(decomposed)":2}"#,
        ]
        for text in texts {
            let document = try JSONDocument.parse(Array(text.utf8))
            #expect(document.duplicateKeyCount == 0, "\(text)")
            #expect(document.root[composed]?.integer == 1, "\(text)")
            #expect(document.root[decomposed]?.integer == 2, "\(text)")
            let tree = try JSONParser.parse(Array(text.utf8)).value
            #expect(tree[composed]?.integer == 1, "\(text)")
            #expect(tree[decomposed]?.integer == 2, "\(text)")
        }
    }

    @Test func repeatedKeysAreNamedByTheirPathPastEarlierContainers() throws {
        let text = #"{"a":{"b":[1,{"z":0}]},"l":[{"x":1},[],{"x":1,"x":2}],"c":{"d":1,"d":{"e":1,"e":2}},"c":0}"#
        let document = try JSONDocument.parse(Array(text.utf8))
        #expect(document.duplicateKeyPaths(limit: 10) == ["l[2].x", "c.d.e", "c.d", "c"])
    }

    /// A repeated key is kept as its node; only the ones reported are named, each by a walk down
    /// from the root. Naming each repeat as it is read would make a path per repeat (hundreds of
    /// megabytes for 6,552 repeats under a 32 KB key); naming all of them by a walk would be
    /// quadratic (about 2 * 10^10 steps for the 200,000 below, far past the time limit).
    @Test(.timeLimit(.minutes(1))) func manyRepeatedKeysAreCountedAndOnlyTheReportedOnesNamed() throws {
        var text = #"{"list":[0,{"#
        for _ in 0..<200_000 { text += #""k":1,"# }
        text += #""k":1}]}"#
        let document = try JSONDocument.parse(Array(text.utf8))
        #expect(document.duplicateKeyCount == 200_000)
        #expect(document.duplicateKeyPaths(limit: 10) == Array(repeating: "list[1].k", count: 10))
        let (_, findings) = PayloadRules.judged(ParsedPayload(document))
        #expect(findings.count == 10)
        #expect(findings.omitted == [.payloadDuplicateKey: 199_990])
    }

    /// The offsets and reasons of the parser this one replaced (each worked out by hand).
    @Test(arguments: [
        (#"{"a":1,}"#, 7, "expected a string key"),
        (#""\x""#, 3, "invalid escape"),
        (#""\ud800""#, 7, "lone surrogate in \\u escape"),
        (#""\ud800\u0041""#, 13, "invalid surrogate pair"),
        (#""\udc00""#, 7, "lone surrogate in \\u escape"),
        (#""\u12G4""#, 5, "invalid hex digit in \\u escape"),
        (#""\u12""#, 3, "short \\u escape"),
        (#"[1,2"#, 4, "unexpected end of input in an array"),
        (#"{"a":tru}"#, 5, "unexpected character"),
        (#"-"#, 1, "invalid number"),
        (#"1e+"#, 3, "invalid exponent"),
        (#""a"#, 2, "unterminated string"),
        (#""\"#, 2, "unterminated escape"),
    ])
    func failuresKeepTheirOffsets(text: String, offset: Int, reason: String) {
        do {
            _ = try JSONDocument.parse(Array(text.utf8))
            Issue.record("accepted \(text)")
        } catch {
            #expect(error.offset == offset, "\(text)")
            #expect(error.reason == reason, "\(text)")
        }
    }

    @Test func nestingPastTheLimitIsRefusedAtItsBracket() {
        let text = String(repeating: "[", count: JSONParser.maxDepth + 1)
        do {
            _ = try JSONDocument.parse(Array(text.utf8))
            Issue.record("accepted")
        } catch {
            #expect(error.offset == JSONParser.maxDepth)
            #expect(error.reason == "nesting deeper than 64 levels")
        }
    }

    /// A number's integer is read from its bytes as `JSONNumber` reads it from its text: the
    /// edges of 64 bits, a fraction, an exponent, a negative zero, and numbers at random.
    @Test func anIntegerIsReadFromTheBytesAsFromTheText() throws {
        var texts = [
            "0", "-0", "1", "-1", "10", "9223372036854775807", "9223372036854775808", "-9223372036854775808",
            "-9223372036854775809", "99999999999999999999", "1.0", "1e2", "1E2", "-1E-2", "0.5", "-0.0", "1e+2",
        ]
        var generator = SplitMix(seed: 0x1_2345)
        for _ in 0..<500 {
            let magnitude = generator.next() >> (generator.next() % 64)
            texts.append((generator.next() % 2 == 0 ? "-" : "") + String(magnitude))
        }
        for text in texts {
            let document = try JSONDocument.parse(Array("[\(text)]".utf8))
            let number = try #require(document.root.element(at: 0))
            #expect(number.integer == JSONNumber(text: text).integer, "\(text)")
        }
        let string = try JSONDocument.parse(Array(#"["1"]"#.utf8))
        #expect(string.root.element(at: 0)?.integer == nil)
    }
}
