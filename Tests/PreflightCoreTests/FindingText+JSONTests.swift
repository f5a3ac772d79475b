import Testing

@testable import PreflightCore

/// A finding's texts kept as pieces and written into the report's JSON piece by piece: the bytes
/// are those of the joined text (escapes, the byte bound and its ellipsis, a character at the cut),
/// and findings compare by what their texts read.
@Suite struct FindingTextJSONTests {
    private static let summary = PayloadSummary(bytes: 10, limit: 4096, pushType: "alert", mediaURL: nil, mediaKey: nil)

    /// The report's JSON for one finding, from `code` to the end of its `fix`.
    private static func findingJSON(_ finding: Finding) throws -> String {
        let json = Report(findings: [finding], payload: summary).json
        let start = try #require(json.firstRange(of: #"{"code":"#))
        let end = try #require(json.firstRange(of: #"}],"payload""#))
        return String(json[start.lowerBound..<end.lowerBound]) + "}"
    }

    private static func isPieces(_ text: FindingText) -> Bool {
        !text.isJoined
    }

    /// A catalog code is written without a scan for bytes to escape; a code made from a name
    /// that holds a quote or a control character is escaped as any other string.
    @Test func aCodeIsWrittenPlainOnlyWhenItNeedsNoEscape() throws {
        #expect(FindingCode.alertTruncated.isPlain)
        #expect(FindingCatalog.entries.allSatisfy { $0.code.isPlain })
        let odd = FindingCode(rawValue: "odd\"code\n")
        #expect(!odd.isPlain)
        let finding = Finding(odd, path: nil, message: "m", fix: "f")
        #expect(
            try Self.findingJSON(finding)
                == #"{"code":"odd\"code\n","severity":"error","path":null,"message":"m","fix":"f"}"#)
        let plain = Finding(.alertTruncated, path: "aps.alert.body", message: "m", fix: "f")
        #expect(
            try Self.findingJSON(plain)
                == #"{"code":"aps.alert.truncated","severity":"info","path":"aps.alert.body","message":"m","fix":"f"}"#)
    }

    /// A number piece is spelled digit by digit, not through `String`: the same text and count.
    @Test(arguments: [0, 9, 10, 178, 4096, -1, -906, Int.max, Int.min])
    func aNumberPieceReadsAsStringSpellsIt(number: Int) throws {
        let text: FindingText = "has \(number) characters"
        #expect(Self.isPieces(text))
        #expect(text.text == "has \(String(number)) characters")
        #expect(text.utf8Count == "has \(String(number)) characters".utf8.count)
        let finding = Finding(.alertTruncated, path: nil, message: text, fix: "x")
        #expect(try Self.findingJSON(finding).contains(#""message":"has \#(number) characters""#))
    }

    /// Every kind of piece in every slot (three strings, numbers, literals), copied into the
    /// report in one write: the bytes of the joined text.
    @Test func aTextOfEveryKindOfPieceIsWrittenAsItsJoinedText() throws {
        let (first, second, third) = ("key", "välue", "")
        let text: FindingText = "\(first)=\(second) \(-12)\(third)!"
        #expect(Self.isPieces(text))
        let finding = Finding(.alertTruncated, path: nil, message: text, fix: "\(third)")
        let json = try Self.findingJSON(finding)
        #expect(json.contains(#""message":"key=välue -12!","fix":"""#))
        #expect(text.utf8Count == "key=välue -12!".utf8.count)
    }

    @Test func anArgumentIsEscapedInTheJSONAsTheJoinedTextWouldBe() throws {
        let field = "a\"b\\c\u{01}d\ne\u{7F}é"
        let templated = Finding(
            .alertTruncated, path: "aps.alert.body", message: "the \(field) has \(906) characters",
            fix: "put what matters in the first \(178) characters")
        #expect(Self.isPieces(templated.messageText) && Self.isPieces(templated.fixText))
        let json = try Self.findingJSON(templated)
        #expect(
            json
                == #"{"code":"aps.alert.truncated","severity":"info","path":"aps.alert.body","message":"the a\"b\\c\u0001d\ne"#
                + "\u{7F}é"
                + #" has 906 characters","fix":"put what matters in the first 178 characters"}"#)
        let joined = Finding(
            .alertTruncated, path: "aps.alert.body", message: templated.message, fix: templated.fix)
        #expect(
            Report(findings: [joined], payload: Self.summary).jsonBytes
                == Report(findings: [templated], payload: Self.summary).jsonBytes)
    }

    @Test func aTextPastTheBoundIsCutBeforeTheCharacterAtTheCutWithItsEllipsis() throws {
        // 1 + 1019 bytes, then "é" over bytes 1020 and 1021: the cut at 1021 bytes (1024 less the
        // ellipsis's 3) falls inside it, so the text ends before it.
        let run = String(repeating: "a", count: 1019)
        let finding = Finding(.alertTruncated, path: "aps.alert.body", message: "[\(run)é] and more", fix: "\(run)")
        #expect(finding.message == "[" + run + "…")
        #expect(finding.messageText.utf8Count == 1023)
        #expect(finding.fix == run)
        #expect(Self.isPieces(finding.fixText))
        let json = try Self.findingJSON(finding)
        #expect(json.contains(#""message":"["# + run + #"…","fix":""# + run + #""}"#))
    }

    @Test func aTextOfExactlyTheBoundKeepsItsPiecesAndOneByteMoreIsCut() {
        let limit = Finding.maxTextBytes - Quoting.ellipsis.utf8.count
        let fits = String(repeating: "b", count: limit - 2)
        let atLimit = Finding(.alertTruncated, path: "aps.alert.body", message: "\(fits)\(12)", fix: "f")
        #expect(Self.isPieces(atLimit.messageText))
        #expect(atLimit.message == fits + "12")
        let over = Finding(.alertTruncated, path: "aps.alert.body", message: "\(fits)\(123)", fix: "f")
        #expect(over.message == fits + "12…")
        #expect(over.messageText.utf8Count == Finding.maxTextBytes)
    }

    /// A literal piece is its static bytes' address and count: literals of one ASCII byte, of one
    /// two-byte character and of several characters, in all seven slots, read back as written.
    @Test func literalsOfOneByteAndOfSeveralReadBackFromEverySlot() throws {
        let text: FindingText = "é\(1)x\(-2)€ab\(3)z"
        #expect(Self.isPieces(text))
        #expect(text.pieces.count == 7)
        #expect(text.text == "é1x-2€ab3z")
        #expect(text.utf8Count == "é1x-2€ab3z".utf8.count)
        let json = try Self.findingJSON(Finding(.alertTruncated, path: nil, message: text, fix: "\(4)!"))
        #expect(json.hasSuffix(#""message":"é1x-2€ab3z","fix":"4!"}"#))
    }

    @Test func moreValuesThanFitInlineAreJoinedAsTheyAreBuilt() throws {
        let text: FindingText = "\(1)-\(2)-\(3)-\(4)-\(5) and \(Severity.warning)"
        #expect(!Self.isPieces(text))
        #expect(text.text == "1-2-3-4-5 and warning")
        let json = try Self.findingJSON(Finding(.alertTruncated, path: "aps.alert.body", message: text, fix: "f"))
        #expect(json.contains(#""message":"1-2-3-4-5 and warning","fix":"f"}"#))
    }

    @Test func threeStringsStayInlineAndAFourthJoinsTheText() throws {
        let (key, value, name, more) = ("sound", "chime.caf", "generic", "é\"")
        let three: FindingText = "\(key)=\(value) in \(name)"
        #expect(Self.isPieces(three))
        #expect(three.text == "sound=chime.caf in generic")
        #expect(three.utf8Count == 26)
        let four: FindingText = "\(key)=\(value) in \(name) \(more)!"
        #expect(!Self.isPieces(four))
        #expect(four.text == "sound=chime.caf in generic é\"!")
        let json = try Self.findingJSON(Finding(.alertTruncated, path: nil, message: three, fix: four))
        #expect(json.hasSuffix(#""message":"sound=chime.caf in generic","fix":"sound=chime.caf in generic é\"!"}"#))
    }

    /// A finding is written in one write, or, when its path or a text holds a byte to escape, a
    /// member at a time: the two forms join in one list with their commas, and a finding whose
    /// message was already copied when its fix turned out to need escapes is written whole again.
    @Test func findingsWrittenInOneWriteOrAMemberAtATimeJoinAsOneList() throws {
        let quoted = "a\"b"
        let findings = [
            Finding(.alertTruncated, path: "aps.alert.body", message: "the body has \(906) characters", fix: "cut"),
            Finding(.mediaURLInvalid, path: "/im\"age", message: "m", fix: "f"),
            Finding(.alertWhitespace, path: nil, message: "x", fix: "\(quoted)"),
            Finding(.alertWhitespace, path: "p", message: "ok", fix: "ok"),
        ]
        let json = Report(findings: findings, payload: Self.summary).json
        let start = try #require(json.firstRange(of: #""findings":["#))
        let end = try #require(json.firstRange(of: #"],"payload""#))
        let expected: [String] = [
            #"{"code":"aps.alert.truncated","severity":"info","path":"aps.alert.body","message":"the body has 906 characters","fix":"cut"}"#,
            #"{"code":"media.url.invalid","severity":"error","path":"/im\"age","message":"m","fix":"f"}"#,
            #"{"code":"aps.alert.whitespace","severity":"warning","path":null,"message":"x","fix":"a\"b"}"#,
            #"{"code":"aps.alert.whitespace","severity":"warning","path":"p","message":"ok","fix":"ok"}"#,
        ]
        #expect(String(json[start.upperBound..<end.lowerBound]) == expected.joined(separator: ","))
    }

    /// A report opens with its verdict and its findings' list in one write, for each verdict, with
    /// findings or none.
    @Test func aReportOpensWithItsVerdictAndFindingsForEachVerdict() throws {
        let cases: [([Finding], String)] = [
            ([], "pass"),
            ([Finding(.alertTruncated, path: nil, message: "m", fix: "f")], "pass"),
            ([Finding(.alertWhitespace, path: nil, message: "m", fix: "f")], "warn"),
            ([Finding(.mediaURLInvalid, path: nil, message: "m", fix: "f")], "fail"),
        ]
        for (findings, verdict) in cases {
            let json = Report(findings: findings, payload: Self.summary).json
            #expect(json.hasPrefix(#"{"verdict":""# + verdict + #"","findings":["#))
            let listed = findings.isEmpty ? "" : try Self.findingJSON(findings[0])
            #expect(json.contains(#""findings":["# + listed + #"],"payload":{"bytes":10,"#))
            #expect(json.hasSuffix("}}"))
        }
    }

    /// The one-write form spells a severity from a literal and bounds it by the longest.
    @Test func aSeveritysSpellingIsItsRawValue() {
        for severity in Severity.allCases { #expect(severity.spelling.description == severity.rawValue) }
        #expect(Severity.allCases.map(\.rawValue.utf8.count).max() == Severity.longestSpelling)
    }

    @Test func findingsAreEqualWhenTheirTextsReadTheSame() {
        let count = 906
        let templated = Finding(.alertTruncated, path: "aps.alert", message: "has \(count) characters", fix: "cut")
        let joined = Finding(.alertTruncated, path: "aps.alert", message: "has 906 characters" + "", fix: "cut")
        #expect(templated == joined)
        #expect(
            templated != Finding(.alertTruncated, path: "aps.alert", message: "has \(count + 1) characters", fix: "cut")
        )
        #expect(
            templated != Finding(.alertTruncated, path: "aps.alert", message: "has \(count) characters", fix: "cut it"))
    }
}
