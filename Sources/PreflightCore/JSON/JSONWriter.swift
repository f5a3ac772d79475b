/// Builds compact JSON text by hand, faster than a reflective encoder on the hot path
/// and with a key order chosen for people reading a report.
///
/// ```swift
/// var writer = JSONWriter()
/// writer.object { $0.field("status", "ok") }
/// writer.text  // {"status":"ok"}
/// ```
public struct JSONWriter: Sendable {
    /// The JSON written so far, as UTF-8 bytes.
    public private(set) var bytes: [UInt8] = []
    private var needsComma = false

    public init(capacity: Int = 512) {
        bytes.reserveCapacity(capacity)
    }

    /// A writer that writes after what `bytes` holds, into its storage: `bytes` is moved in (and
    /// left empty), so no copy is made; `finish(into:)` moves the text back.
    public init(appendingTo bytes: inout [UInt8]) {
        swap(&self.bytes, &bytes)
    }

    /// Moves the text written into `bytes` (which must be empty: `init(appendingTo:)`'s), leaving
    /// the writer empty.
    public mutating func finish(into bytes: inout [UInt8]) {
        swap(&self.bytes, &bytes)
    }

    /// The JSON written so far.
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Writes an object whose members `body` adds with the `field` methods.
    public mutating func object(_ body: (inout JSONWriter) -> Void) {
        separate()
        bytes.append(UInt8(ascii: "{"))
        needsComma = false
        body(&self)
        bytes.append(UInt8(ascii: "}"))
        needsComma = true
    }

    /// Writes an array whose elements `body` adds.
    public mutating func array(_ body: (inout JSONWriter) -> Void) {
        separate()
        bytes.append(UInt8(ascii: "["))
        needsComma = false
        body(&self)
        bytes.append(UInt8(ascii: "]"))
        needsComma = true
    }

    /// Writes a key written in the source, which needs no escape (the report's own names: a
    /// debug build checks it); the next value written is its value. Copied as it is, not scanned
    /// for bytes to escape: a report writes a dozen of them.
    public mutating func key(_ name: StaticString) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        name.withUTF8Buffer { utf8 in
            assert(ByteScan.firstStringSpecial(utf8, from: 0) == utf8.count, "a key to escape: \(name)")
            bytes.append(contentsOf: utf8)
        }
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    /// Writes a key made at run time (a code, a header's name, a member of a document), escaped
    /// as JSON requires; the next value written is its value.
    public mutating func key(text name: String) {
        separate()
        Self.appendQuoted(name, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    public mutating func value(_ string: String?) {
        separate()
        if let string { Self.appendQuoted(string, to: &bytes) } else { append("null") }
        needsComma = true
    }

    public mutating func value(_ text: DocumentText?) {
        separate()
        if let text { text.withUTF8 { Self.appendQuoted($0, to: &bytes) } } else { append("null") }
        needsComma = true
    }

    public mutating func value(_ number: Int) {
        separate()
        Self.appendDecimal(number, to: &bytes)
        needsComma = true
    }

    /// Appends `number` in decimal, as `String(number)` spells it (no string made: a report
    /// writes its byte counts and limits on every request, the access log its status and bytes).
    public static func appendDecimal(_ number: Int, to bytes: inout [UInt8]) {
        DecimalDigits.withSpelling(number) { bytes.append(contentsOf: $0) }
    }

    public mutating func value(_ number: Double) {
        separate()
        append(number.isFinite ? String(number) : "null")
        needsComma = true
    }

    public mutating func value(_ flag: Bool) {
        separate()
        append(flag ? "true" : "false")
        needsComma = true
    }

    /// Writes a JSON value read earlier, unchanged.
    public mutating func value(_ json: JSONValue) {
        switch json {
        case .object(let members):
            object { writer in
                for member in members { writer.key(text: member.key); writer.value(member.value) }
            }
        case .array(let elements):
            array { writer in for element in elements { writer.value(element) } }
        case .string(let string): value(string)
        case .number(let number):
            separate()
            append(number.text)
            needsComma = true
        case .bool(let flag): value(flag)
        case .null: value(nil as String?)
        }
    }

    /// Writes a value of a document, as `value(_: JSONValue)` writes its tree: the same bytes.
    public mutating func value(_ json: JSONView) {
        if let members = json.members {
            object { writer in
                for member in members { writer.key(text: member.key); writer.value(member.value) }
            }
        } else if let elements = json.elements {
            array { writer in for element in elements { writer.value(element) } }
        } else if json.isString {
            separate()
            json.withUTF8 { Self.appendQuoted($0, to: &bytes) }
            needsComma = true
        } else {
            // A number, true, false or null: as written.
            separate()
            bytes.append(contentsOf: json.document.bytes[json.node.range])
            needsComma = true
        }
    }

    /// Writes a string value whose bytes `body` appends as they are, without building a `String`:
    /// text made only of characters JSON never escapes (a percent-encoded path), or pieces that
    /// `body` escapes itself with `appendEscaped` (a finding's message).
    mutating func unescapedString(_ body: (inout [UInt8]) -> Void) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        body(&bytes)
        bytes.append(UInt8(ascii: "\""))
        needsComma = true
    }

    public mutating func field(_ name: StaticString, _ string: String?) {
        key(name)
        value(string)
    }

    /// A string held by a document or as a `String`, written from its bytes: the same text
    /// `field(_:_: String?)` writes for its `string`.
    public mutating func field(_ name: StaticString, _ text: DocumentText?) {
        key(name)
        value(text)
    }

    public mutating func field(_ name: StaticString, _ number: Int) {
        key(name)
        value(number)
    }

    public mutating func field(_ name: StaticString, _ number: Double) {
        key(name)
        value(number)
    }

    public mutating func field(_ name: StaticString, _ flag: Bool) {
        key(name)
        value(flag)
    }

    private mutating func separate() {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
    }

    private mutating func append(_ string: String) {
        bytes.append(contentsOf: string.utf8)
    }

    /// Appends `string` as a JSON string literal, escaping what RFC 8259 requires.
    public static func appendQuoted(_ string: String, to bytes: inout [UInt8]) {
        var string = string
        string.withUTF8 { appendQuoted($0, to: &bytes) }
    }

    /// Appends the UTF-8 text `utf8` as a JSON string literal.
    static func appendQuoted(_ utf8: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        appendEscaped(utf8, to: &bytes)
        bytes.append(UInt8(ascii: "\""))
    }

    /// Appends the UTF-8 text `utf8` escaped as the inside of a JSON string literal (no quotes).
    static func appendEscaped(_ utf8: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8]) {
        var plainStart = 0
        // From one byte that needs escaping to the next, sixteen bytes at a time; the runs
        // between are copied whole.
        var index = ByteScan.firstStringSpecial(utf8, from: 0)
        while index < utf8.count {
            let byte = utf8[index]
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[plainStart..<index]))
            plainStart = index + 1
            switch byte {
            case UInt8(ascii: "\""): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case 0x0A: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case 0x0D: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case 0x09: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            default:
                let hex = Array("0123456789abcdef".utf8)
                bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), 0x30, 0x30])
                bytes.append(hex[Int(byte >> 4)])
                bytes.append(hex[Int(byte & 0x0F)])
            }
            index = ByteScan.firstStringSpecial(utf8, from: index + 1)
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[plainStart...]))
    }
}
