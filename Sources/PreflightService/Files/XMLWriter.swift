/// Builds indented XML 1.0 text by hand: elements, attributes and character data, each escaped
/// so that any Swift string (a payload's text quoted in a finding, a file name) stays well-formed.
/// The sections cited below are those of W3C's Extensible Markup Language (XML) 1.0, Fifth
/// Edition (www.w3.org/TR/xml/).
///
/// ```swift
/// var writer = XMLWriter()
/// writer.element("failure", ["type": "a&b"], text: "x < y")
/// writer.text  // <?xml ...?>\n<failure type="a&amp;b">x &lt; y</failure>\n
/// ```
public struct XMLWriter: Sendable {
    /// The document written so far, the XML declaration first.
    public private(set) var text = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
    private var depth = 0

    public init() {}

    /// Opens `name` with `attributes` (in the order given); `close` ends it.
    public mutating func open(_ name: String, _ attributes: KeyValuePairs<String, String> = [:]) {
        text += indent + "<" + name + Self.attributeText(attributes) + ">\n"
        depth += 1
    }

    /// Ends the element `open` began.
    public mutating func close(_ name: String) {
        depth -= 1
        text += indent + "</" + name + ">\n"
    }

    /// One element: empty (`<name .../>`) when `text` is nil, else holding `text` as character data.
    public mutating func element(
        _ name: String, _ attributes: KeyValuePairs<String, String> = [:], text content: String? = nil
    ) {
        let start = indent + "<" + name + Self.attributeText(attributes)
        guard let content else {
            text += start + "/>\n"
            return
        }
        text += start + ">" + Self.escapedText(content) + "</" + name + ">\n"
    }

    private var indent: String { String(repeating: "  ", count: depth) }

    private static func attributeText(_ attributes: KeyValuePairs<String, String>) -> String {
        attributes.map { " \($0.key)=\"\(escapedAttribute($0.value))\"" }.joined()
    }

    // MARK: - Escaping

    /// `text` as character data: `&`, `<` and `>` (`]]>` may not appear in content) as entities,
    /// a carriage return as `&#13;` (a parser turns a literal CR or CR LF into LF: XML 1.0,
    /// section 2.11), and what XML 1.0 cannot carry at all written visibly (`forbidden`).
    public static func escapedText(_ text: String) -> String {
        escaped(text) { scalar in
            switch scalar {
            case "&": "&amp;"
            case "<": "&lt;"
            case ">": "&gt;"
            case "\r": "&#13;"
            default: nil
            }
        }
    }

    /// `value` for a double-quoted attribute: the characters of `escapedText`, both quotes, and
    /// tab, line feed and carriage return as character references, which attribute-value
    /// normalization would otherwise turn into spaces (XML 1.0, section 3.3.3).
    public static func escapedAttribute(_ value: String) -> String {
        escaped(value) { scalar in
            switch scalar {
            case "&": "&amp;"
            case "<": "&lt;"
            case ">": "&gt;"
            case "\"": "&quot;"
            case "'": "&apos;"
            case "\t": "&#9;"
            case "\n": "&#10;"
            case "\r": "&#13;"
            default: nil
            }
        }
    }

    /// Whether XML 1.0 can carry `scalar` at all, even as a character reference. Its `Char`
    /// production (section 2.2) is #x9 | #xA | #xD | [#x20-#xD7FF] | [#xE000-#xFFFD] |
    /// [#x10000-#x10FFFF]; a Swift string holds no surrogates, so what is left out is the C0
    /// controls other than tab, line feed and carriage return, and U+FFFE and U+FFFF. A parser
    /// must refuse a document holding one (a `&#27;` too), so they are written as `\x1b`,
    /// `\u{fffe}`: the report stays readable and the escape is visible.
    public static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D: false
        case 0x00..<0x20, 0xFFFE, 0xFFFF: true
        default: false
        }
    }

    private static func escaped(_ text: String, _ entity: (Unicode.Scalar) -> String?) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if let replacement = entity(scalar) {
                out += replacement
            } else if isForbidden(scalar) {
                let hex = String(scalar.value, radix: 16)
                out += scalar.value < 0x20 ? "\\x" + (hex.count == 1 ? "0" : "") + hex : "\\u{" + hex + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
