import Foundation
import FoundationXML
import PreflightService
import Testing

/// The writer's escapes, read back by a real XML parser (libxml2, through FoundationXML): every
/// string stays well-formed and means what it said, or shows what XML cannot carry.
@Suite struct XMLWriterTests {
    @Test func textEscapesMarkupAndCarriageReturn() {
        #expect(XMLWriter.escapedText(#"a<b>&"c"'d'"#) == #"a&lt;b&gt;&amp;"c"'d'"#)
        #expect(XMLWriter.escapedText("]]>") == "]]&gt;")
        #expect(XMLWriter.escapedText("line\r\nnext\tend") == "line&#13;\nnext\tend")
    }

    @Test func attributesEscapeQuotesAndWhitespace() {
        #expect(XMLWriter.escapedAttribute(#"a<b>&"c"'d'"#) == "a&lt;b&gt;&amp;&quot;c&quot;&apos;d&apos;")
        #expect(XMLWriter.escapedAttribute("a\tb\nc\rd") == "a&#9;b&#10;c&#13;d")
    }

    /// The C0 controls other than tab, LF and CR, and U+FFFE/U+FFFF, are not XML 1.0 characters
    /// even as references: they are written as visible escapes; the rest of Unicode stays.
    @Test func charactersXMLCannotCarryAreWrittenVisibly() {
        #expect(XMLWriter.escapedText("\u{0}\u{1B}[31m\u{7}\u{1F}") == #"\x00\x1b[31m\x07\x1f"#)
        #expect(XMLWriter.escapedText("\u{FFFE}\u{FFFF}") == #"\u{fffe}\u{ffff}"#)
        #expect(XMLWriter.escapedAttribute("\u{B}\u{C}") == #"\x0b\x0c"#)
        #expect(XMLWriter.escapedText("é 👨‍👩‍👧 \u{85}\u{202E}\u{FFFD}") == "é 👨‍👩‍👧 \u{85}\u{202E}\u{FFFD}")
        #expect(XMLWriter.isForbidden("\u{8}") && !XMLWriter.isForbidden("\u{9}") && !XMLWriter.isForbidden("\u{7F}"))
    }

    @Test func aDocumentOfHostileStringsParsesBackToThem() throws {
        var hostile = (0..<0x20).map { String(UnicodeScalar(UInt8($0))) }.joined()
        hostile += #"<tag attr="x">&amp; 'q' ]]> "# + "\u{FFFE}\u{FFFF}é"
        var writer = XMLWriter()
        writer.open("suite", ["name": hostile, "n": "1"])
        writer.element("case", ["message": hostile], text: hostile)
        writer.element("empty")
        writer.close("suite")
        let document = try XMLDocument(data: Data(writer.text.utf8), options: [])
        let root = try #require(document.rootElement())
        // What a parser gives back: the string, with each character XML cannot carry as its escape.
        let visible = hostile.unicodeScalars.map { scalar -> String in
            guard XMLWriter.isForbidden(scalar) else { return String(scalar) }
            let hex = String(scalar.value, radix: 16)
            return scalar.value < 0x20 ? "\\x" + (hex.count == 1 ? "0" : "") + hex : "\\u{\(hex)}"
        }.joined()
        #expect(root.attribute(forName: "name")?.stringValue == visible)
        let child = try #require(root.elements(forName: "case").first)
        #expect(child.attribute(forName: "message")?.stringValue == visible)
        #expect(child.stringValue == visible)
        #expect(root.elements(forName: "empty").count == 1)
        #expect(writer.text.hasPrefix(#"<?xml version="1.0" encoding="UTF-8"?>"# + "\n<suite name="))
    }
}
