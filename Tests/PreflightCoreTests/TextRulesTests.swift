import Testing

@testable import PreflightCore

/// Issue 15: what a person reads: template placeholders, cut-off text, a title alone, stray whitespace.
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

    /// Issue 16: characters are counted by byte only where that is exact (ASCII without a carriage
    /// return); every other text is counted by grapheme, as before.
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
}
