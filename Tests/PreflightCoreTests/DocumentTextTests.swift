import Testing

@testable import PreflightCore

/// A string held as its document's node: the same text, equality and JSON as the `String` it
/// spells, escapes undone; the report's `media_url` written from the node byte for byte as from
/// the `String`.
@Suite struct DocumentTextTests {
    /// The text of the node at `u`: made while the document is held (a view does not hold it).
    private static func text(atU json: String) throws -> DocumentText? {
        let document = try JSONDocument.parse(Array(json.utf8))
        return DocumentText(node: try #require(document.root["u"]))
    }

    @Test func aNodeSpellsItsTextWithEscapesUndone() throws {
        let text = try #require(try Self.text(atU: #"{"u":"https:\/\/a.test\/h\u0065ro.jpg"}"#))
        #expect(text.string == "https://a.test/hero.jpg")
        #expect(text.withUTF8 { Array($0) } == Array("https://a.test/hero.jpg".utf8))
        #expect(text == DocumentText("https://a.test/hero.jpg"))
        #expect(text != DocumentText("https://a.test/hero.jpeg"))
    }

    @Test func onlyAStringNodeIsText() throws {
        #expect(try Self.text(atU: #"{"u":12}"#) == nil)
        #expect(try Self.text(atU: #"{"u":null}"#) == nil)
    }

    /// Each class of byte JSON escapes, in a URL the rules refuse but the report still names.
    @Test(arguments: [
        #"https://a.test/a\"b.jpg"#, #"https://a.test/a\\b.jpg"#, #"https://a.test/a\u0001b\tc\nd.jpg"#,
        #"https://a.test/\u00e9t\u00e9 \ud83d\ude00.jpg"#, #"https:\/\/CDN.example.com\/push\/hero.jpg"#,
    ])
    func theReportWritesTheNodeAsItWritesTheString(url: String) throws {
        let body = #"{"aps":{"alert":"a","mutable-content":1},"image":""# + url + #""}"#
        let report = PayloadInspector(configuration: PreflightConfiguration()).inspect(
            body: Array(body.utf8), headers: APNsHeaders(pushType: "alert")
        ).report
        var asString = report
        asString.payload.mediaURL = report.payload.mediaURL
        let spelled = try JSONDocument.parse(Array(#"{"u":""#.utf8) + Array(url.utf8) + [0x22, 0x7D])
        #expect(report.payload.mediaURL == spelled.root["u"]?.string)
        #expect(report.jsonBytes == asString.jsonBytes)
        var writer = JSONWriter()
        writer.object { $0.field("media_url", spelled.root["u"]?.string) }
        let field = writer.bytes.dropFirst().dropLast()
        #expect(String(decoding: report.jsonBytes, as: UTF8.self).contains(String(decoding: field, as: UTF8.self)))
    }
}
