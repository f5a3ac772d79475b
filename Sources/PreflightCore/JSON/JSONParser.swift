/// A strict RFC 8259 parser over bytes: it checks UTF-8, keeps repeated keys, and
/// records where they are, so the payload rules can judge what APNs would see.
public struct JSONParser {
    /// What a parse gives: the value, and the dotted path of every repeated key.
    public struct Result: Sendable {
        public var value: JSONValue
        public var duplicateKeys: [String]

        public init(value: JSONValue, duplicateKeys: [String]) {
            self.value = value
            self.duplicateKeys = duplicateKeys
        }
    }

    /// Why bytes are not JSON, with the byte offset where reading stopped.
    public struct Failure: Error, Sendable, Equatable {
        public var offset: Int
        public var reason: String
        public var invalidUTF8: Bool

        public var message: String { "\(reason) at byte \(offset)" }
    }

    /// Deepest nesting accepted; deeper input is refused rather than risking the stack.
    public static let maxDepth = 64

    private let bytes: [UInt8]
    private var index = 0
    private var depth = 0
    private var duplicates: [String] = []
    /// Where the parser is, kept as parts and joined only when a duplicate is reported.
    private var pathStack: [PathPart] = []

    private enum PathPart {
        case key(String)
        case index(Int)
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
        // A payload nests a few levels: one allocation instead of growing through 1, 2 and 4.
        pathStack.reserveCapacity(8)
    }

    /// Parses one JSON text that must fill `bytes` (whitespace around it allowed).
    public static func parse(_ bytes: [UInt8]) throws(Failure) -> Result {
        // One pass over the whole input settles UTF-8, so strings need no check of their own.
        if let offset = bytes.withUnsafeBufferPointer({ UTF8Validation.firstInvalid(in: $0) }) {
            throw Failure(offset: offset, reason: "invalid UTF-8", invalidUTF8: true)
        }
        var parser = JSONParser(bytes: bytes)
        parser.skipWhitespace()
        let value = try parser.parseValue()
        parser.skipWhitespace()
        if parser.index != bytes.count {
            throw parser.failure("unexpected data after the JSON value")
        }
        return Result(value: value, duplicateKeys: parser.duplicates)
    }

    // MARK: - Values

    private mutating func parseValue() throws(Failure) -> JSONValue {
        guard index < bytes.count else { throw failure("unexpected end of input") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectLiteral("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default:
            throw failure("unexpected character")
        }
    }

    private mutating func enter() throws(Failure) {
        depth += 1
        if depth > Self.maxDepth { throw failure("nesting deeper than \(Self.maxDepth) levels") }
    }

    private mutating func parseObject() throws(Failure) -> JSONValue {
        try enter()
        index += 1
        var members: [JSONMember] = []
        var seen: Set<String>? = nil
        skipWhitespace()
        if peek(UInt8(ascii: "}")) {
            index += 1
            depth -= 1
            return .object(members)
        }
        // One allocation for the usual object instead of growing through 1, 2, 4 and 8.
        members.reserveCapacity(8)
        while true {
            skipWhitespace()
            guard peek(UInt8(ascii: "\"")) else { throw failure("expected a string key") }
            let key = try parseString()
            skipWhitespace()
            guard peek(UInt8(ascii: ":")) else { throw failure("expected ':' after a key") }
            index += 1
            skipWhitespace()
            pathStack.append(.key(key))
            let value = try parseValue()
            if isRepeated(key, in: members, seen: &seen) { duplicates.append(currentPath) }
            pathStack.removeLast()
            members.append(JSONMember(key: key, value: value))
            skipWhitespace()
            guard index < bytes.count else { throw failure("unexpected end of input in an object") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
            } else if bytes[index] == UInt8(ascii: "}") {
                index += 1
                depth -= 1
                return .object(members)
            } else {
                throw failure("expected ',' or '}' in an object")
            }
        }
    }

    private mutating func parseArray() throws(Failure) -> JSONValue {
        try enter()
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if peek(UInt8(ascii: "]")) {
            index += 1
            depth -= 1
            return .array(elements)
        }
        elements.reserveCapacity(4)
        while true {
            skipWhitespace()
            pathStack.append(.index(elements.count))
            elements.append(try parseValue())
            pathStack.removeLast()
            skipWhitespace()
            guard index < bytes.count else { throw failure("unexpected end of input in an array") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
            } else if bytes[index] == UInt8(ascii: "]") {
                index += 1
                depth -= 1
                return .array(elements)
            } else {
                throw failure("expected ',' or ']' in an array")
            }
        }
    }

    /// Whether `key` is already in `members`: a scan for small objects, a set past 16 keys.
    private func isRepeated(_ key: String, in members: [JSONMember], seen: inout Set<String>?) -> Bool {
        if members.count < 16 { return members.contains { $0.key == key } }
        if seen == nil { seen = Set(members.map(\.key)) }
        return !seen!.insert(key).inserted
    }

    /// The dotted path of the value being read: `aps.alert.title`, `items[2].id`.
    private var currentPath: String {
        var path = ""
        for part in pathStack {
            switch part {
            case .key(let key): path += path.isEmpty ? key : "." + key
            case .index(let index): path += "[\(index)]"
            }
        }
        return path
    }

    // MARK: - Scalars

    private mutating func parseString() throws(Failure) -> String {
        index += 1
        let start = index
        // Fast path: no escapes, only a scan for the closing quote and control characters
        // (sixteen bytes at a time up to the first of them).
        index = bytes.withUnsafeBufferPointer { ByteScan.firstStringSpecial($0, from: start) }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let slice = bytes[start..<index]
                index += 1
                return try decodeUTF8(slice, at: start)
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw failure("control character in a string") }
            index += 1
        }
        var buffer = Array(bytes[start..<index])
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return try decodeUTF8(buffer[...], at: start)
            case UInt8(ascii: "\\"):
                index += 1
                try parseEscape(into: &buffer)
            case 0..<0x20:
                throw failure("control character in a string")
            default:
                buffer.append(byte)
                index += 1
            }
        }
        throw failure("unterminated string")
    }

    private mutating func parseEscape(into buffer: inout [UInt8]) throws(Failure) {
        guard index < bytes.count else { throw failure("unterminated escape") }
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): buffer.append(byte)
        case UInt8(ascii: "b"): buffer.append(0x08)
        case UInt8(ascii: "f"): buffer.append(0x0C)
        case UInt8(ascii: "n"): buffer.append(0x0A)
        case UInt8(ascii: "r"): buffer.append(0x0D)
        case UInt8(ascii: "t"): buffer.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try parseHex4()
            if (0xD800..<0xDC00).contains(scalar) {
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
                else { throw failure("lone surrogate in \\u escape") }
                index += 2
                let low = try parseHex4()
                guard (0xDC00..<0xE000).contains(low) else { throw failure("invalid surrogate pair") }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00..<0xE000).contains(scalar) {
                throw failure("lone surrogate in \\u escape")
            }
            guard let unicode = Unicode.Scalar(scalar) else { throw failure("invalid \\u escape") }
            buffer.append(contentsOf: Array(String(Character(unicode)).utf8))
        default:
            throw failure("invalid escape")
        }
    }

    private mutating func parseHex4() throws(Failure) -> UInt32 {
        guard index + 4 <= bytes.count else { throw failure("short \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw failure("invalid hex digit in \\u escape")
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    private mutating func parseNumber() throws(Failure) -> JSONNumber {
        let start = index
        if peek(UInt8(ascii: "-")) { index += 1 }
        guard index < bytes.count, isDigit(bytes[index]) else { throw failure("invalid number") }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, isDigit(bytes[index]) { throw failure("leading zero in a number") }
        } else {
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if peek(UInt8(ascii: ".")) {
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else { throw failure("invalid fraction") }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if peek(UInt8(ascii: "e")) || peek(UInt8(ascii: "E")) {
            index += 1
            if peek(UInt8(ascii: "+")) || peek(UInt8(ascii: "-")) { index += 1 }
            guard index < bytes.count, isDigit(bytes[index]) else { throw failure("invalid exponent") }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        return JSONNumber(text: String(decoding: bytes[start..<index], as: UTF8.self))
    }

    private mutating func expectLiteral(_ literal: StaticString) throws(Failure) {
        let count = literal.utf8CodeUnitCount
        guard index + count <= bytes.count else { throw failure("unexpected end of input") }
        let matches = literal.withUTF8Buffer { expected in
            (0..<count).allSatisfy { bytes[index + $0] == expected[$0] }
        }
        guard matches else { throw failure("unexpected character") }
        index += count
    }

    // MARK: - Bytes

    private func decodeUTF8(_ slice: ArraySlice<UInt8>, at start: Int) throws(Failure) -> String {
        // The input was validated as a whole; a string's bytes start and end on characters
        // because its delimiters are ASCII.
        String(decoding: slice, as: UTF8.self)
    }

    private func peek(_ byte: UInt8) -> Bool {
        index < bytes.count && bytes[index] == byte
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private func failure(_ reason: String, utf8: Bool = false) -> Failure {
        Failure(offset: index, reason: reason, invalidUTF8: utf8)
    }
}
