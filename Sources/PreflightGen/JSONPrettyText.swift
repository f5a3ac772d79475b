public import PreflightCore

/// A JSON value as indented text, in the layout of Python's `json.dumps(value, indent=2,
/// ensure_ascii=False)` plus a final line end: how openapi.json has always been written, so that
/// stamping it changes only the lines whose values changed.
///
/// ```swift
/// JSONPrettyText.render(.object([JSONMember(key: "a", value: .array([]))]))  // "{\n  \"a\": []\n}\n"
/// ```
public enum JSONPrettyText {
    public static func render(_ value: JSONValue) -> String {
        var text = ""
        append(value, indent: "", to: &text)
        return text + "\n"
    }

    private static func append(_ value: JSONValue, indent: String, to text: inout String) {
        let inner = indent + "  "
        switch value {
        case .object(let members):
            guard !members.isEmpty else { return text += "{}" }
            text += "{\n"
            for (index, member) in members.enumerated() {
                text += inner + quoted(member.key) + ": "
                append(member.value, indent: inner, to: &text)
                text += index == members.count - 1 ? "\n" : ",\n"
            }
            text += indent + "}"
        case .array(let elements):
            guard !elements.isEmpty else { return text += "[]" }
            text += "[\n"
            for (index, element) in elements.enumerated() {
                text += inner
                append(element, indent: inner, to: &text)
                text += index == elements.count - 1 ? "\n" : ",\n"
            }
            text += indent + "]"
        case .string(let string): text += quoted(string)
        case .number(let number): text += number.text
        case .bool(let flag): text += flag ? "true" : "false"
        case .null: text += "null"
        }
    }

    /// Python's escapes with `ensure_ascii=False`: the quote, the backslash and the control
    /// characters, nothing else.
    static func quoted(_ string: String) -> String {
        var text = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case "\u{08}": text += "\\b"
            case "\u{0C}": text += "\\f"
            case let control where control.value < 0x20: text += "\\u00" + hex(control.value)
            default: text.unicodeScalars.append(scalar)
            }
        }
        return text + "\""
    }

    private static func hex(_ value: UInt32) -> String {
        let digits = Array("0123456789abcdef")
        return String([digits[Int(value >> 4)], digits[Int(value & 0xF)]])
    }
}
