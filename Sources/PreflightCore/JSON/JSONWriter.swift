/// Builds compact JSON text by hand, faster than a reflective encoder on the hot path
/// and with a key order chosen for people reading a report.
///
/// ```swift
/// var writer = JSONWriter()
/// writer.object { $0.field("status", "ok") }
/// writer.text  // {"status":"ok"}
/// ```
public struct JSONWriter: Sendable {
    /// The JSON written so far.
    public private(set) var text = ""
    private var needsComma = false

    public init() {}

    /// Writes an object whose members `body` adds with the `field` methods.
    public mutating func object(_ body: (inout JSONWriter) -> Void) {
        separate()
        text += "{"
        needsComma = false
        body(&self)
        text += "}"
        needsComma = true
    }

    /// Writes an array whose elements `body` adds.
    public mutating func array(_ body: (inout JSONWriter) -> Void) {
        separate()
        text += "["
        needsComma = false
        body(&self)
        text += "]"
        needsComma = true
    }

    /// Writes a key; the next value written is its value.
    public mutating func key(_ name: String) {
        separate()
        Self.appendQuoted(name, to: &text)
        text += ":"
        needsComma = false
    }

    public mutating func value(_ string: String?) {
        separate()
        if let string { Self.appendQuoted(string, to: &text) } else { text += "null" }
        needsComma = true
    }

    public mutating func value(_ number: Int) {
        separate()
        text += String(number)
        needsComma = true
    }

    public mutating func value(_ number: Double) {
        separate()
        text += number.isFinite ? String(number) : "null"
        needsComma = true
    }

    public mutating func value(_ flag: Bool) {
        separate()
        text += flag ? "true" : "false"
        needsComma = true
    }

    /// Writes a JSON value read earlier, unchanged.
    public mutating func value(_ json: JSONValue) {
        switch json {
        case .object(let members):
            object { writer in
                for member in members { writer.key(member.key); writer.value(member.value) }
            }
        case .array(let elements):
            array { writer in for element in elements { writer.value(element) } }
        case .string(let string): value(string)
        case .number(let number):
            separate()
            text += number.text
            needsComma = true
        case .bool(let flag): value(flag)
        case .null: value(nil as String?)
        }
    }

    public mutating func field(_ name: String, _ string: String?) {
        key(name)
        value(string)
    }

    public mutating func field(_ name: String, _ number: Int) {
        key(name)
        value(number)
    }

    public mutating func field(_ name: String, _ number: Double) {
        key(name)
        value(number)
    }

    public mutating func field(_ name: String, _ flag: Bool) {
        key(name)
        value(flag)
    }

    private mutating func separate() {
        if needsComma { text += "," }
    }

    /// Appends `string` as a JSON string literal, escaping what RFC 8259 requires.
    public static func appendQuoted(_ string: String, to text: inout String) {
        text += "\""
        var plainStart = string.utf8.startIndex
        var index = plainStart
        let utf8 = string.utf8
        while index != utf8.endIndex {
            let byte = utf8[index]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 {
                text += String(string[plainStart..<index])
                switch byte {
                case UInt8(ascii: "\""): text += "\\\""
                case UInt8(ascii: "\\"): text += "\\\\"
                case 0x0A: text += "\\n"
                case 0x0D: text += "\\r"
                case 0x09: text += "\\t"
                default:
                    let hex = String(byte, radix: 16)
                    text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                }
                plainStart = utf8.index(after: index)
            }
            index = utf8.index(after: index)
        }
        text += String(string[plainStart..<utf8.endIndex])
        text += "\""
    }
}
