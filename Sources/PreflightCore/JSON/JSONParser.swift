/// A strict RFC 8259 parser over bytes: it checks UTF-8, keeps repeated keys, and
/// records where they are, so the payload rules can judge what APNs would see.
///
/// It builds a `JSONDocument` (one block of nodes over the bytes); `parse` gives the same
/// document as a `JSONValue` tree.
public struct JSONParser {
    /// What a parse gives: the value, and the dotted path of every repeated key (each a walk
    /// down the document: for configuration files and tests; a request's are named only as
    /// reported, from `JSONDocument`).
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

    /// Parses one JSON text that must fill `bytes` (whitespace around it allowed).
    public static func parse(_ bytes: [UInt8]) throws(Failure) -> Result {
        let document = try JSONDocument.parse(bytes)
        return Result(
            value: document.value, duplicateKeys: document.duplicateKeyPaths(limit: document.duplicateKeyCount))
    }

    /// The nodes read so far: the first `nodeCount` of `block` (a pool's, grown as needed), which
    /// the document takes over (`JSONDocument.parse`).
    private(set) var block: JSONNodeBlock
    private(set) var nodeCount = 0
    /// The key node of every repeated key (its path is made only when reported).
    private(set) var duplicates: [UInt32] = []
    private var index = 0
    private var depth = 0
    /// No whitespace between tokens and no escape in any string so far: each container's
    /// compact text is its text as it stands (`JSONDocument.isCompact`).
    private(set) var isCompact = true

    /// The text being parsed; valid for the parser's life only.
    private let text: UnsafeBufferPointer<UInt8>

    init(text: UnsafeBufferPointer<UInt8>) {
        self.text = text
        // About one node per eight bytes in a payload: one allocation for most, growing for a
        // text of tiny values; none when a freed document's block is there to use again.
        block = JSONNodePool.take(capacity: text.count / 8 + 8)
    }

    /// The nodes read so far, read and written through the block's pointer.
    private var nodes: UnsafeMutableBufferPointer<JSONNode> {
        UnsafeMutableBufferPointer(start: block.base, count: nodeCount)
    }

    /// Adds a node after the others, the block grown when it is full.
    private mutating func appendNode(_ node: JSONNode) {
        if nodeCount == block.capacity { block = block.grown(toHold: nodeCount + 1, keeping: nodeCount) }
        (block.base + nodeCount).initialize(to: node)
        nodeCount += 1
    }

    mutating func parseDocument() throws(Failure) {
        skipWhitespace()
        try parseValue()
        skipWhitespace()
        if index != text.count {
            throw failure("unexpected data after the JSON value")
        }
    }

    // MARK: - Values

    private mutating func parseValue() throws(Failure) {
        guard index < text.count else { throw failure("unexpected end of input") }
        switch text[index] {
        case UInt8(ascii: "{"): try parseObject()
        case UInt8(ascii: "["): try parseArray()
        case UInt8(ascii: "\""): try parseString()
        case UInt8(ascii: "t"): try expectLiteral("true", .true)
        case UInt8(ascii: "f"): try expectLiteral("false", .false)
        case UInt8(ascii: "n"): try expectLiteral("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try parseNumber()
        default:
            throw failure("unexpected character")
        }
    }

    /// Starts a container's node, left open until `close`.
    private mutating func enter(_ kind: JSONNode.Kind) throws(Failure) -> Int {
        depth += 1
        if depth > Self.maxDepth { throw failure("nesting deeper than \(Self.maxDepth) levels") }
        // Its `end` and `length` are set when it closes.
        appendNode(JSONNode(kind: kind, start: UInt32(index), length: 1, end: 0))
        index += 1
        return nodeCount - 1
    }

    /// Closes the container `enter` started, with its `count` members or elements: counted by
    /// the caller and its node written once here.
    private mutating func close(_ container: Int, count: UInt32) {
        index += 1
        depth -= 1
        let nodes = nodes
        nodes[container].end = UInt32(nodeCount)
        nodes[container].length = UInt32(index) - nodes[container].start
        nodes[container].count = count
    }

    private mutating func parseObject() throws(Failure) {
        let object = try enter(.object)
        var seen: Set<[UInt8]>? = nil
        var members: UInt32 = 0
        skipWhitespace()
        if peek(UInt8(ascii: "}")) { return close(object, count: 0) }
        while true {
            skipWhitespace()
            guard peek(UInt8(ascii: "\"")) else { throw failure("expected a string key") }
            let key = nodeCount
            try parseString()
            members += 1
            skipWhitespace()
            guard peek(UInt8(ascii: ":")) else { throw failure("expected ':' after a key") }
            index += 1
            skipWhitespace()
            try parseValue()
            if isRepeated(key, in: object, earlier: Int(members) - 1, seen: &seen) { duplicates.append(UInt32(key)) }
            skipWhitespace()
            guard index < text.count else { throw failure("unexpected end of input in an object") }
            if text[index] == UInt8(ascii: ",") {
                index += 1
            } else if text[index] == UInt8(ascii: "}") {
                return close(object, count: members)
            } else {
                throw failure("expected ',' or '}' in an object")
            }
        }
    }

    private mutating func parseArray() throws(Failure) {
        let array = try enter(.array)
        var elements: UInt32 = 0
        skipWhitespace()
        if peek(UInt8(ascii: "]")) { return close(array, count: 0) }
        while true {
            skipWhitespace()
            elements += 1
            try parseValue()
            skipWhitespace()
            guard index < text.count else { throw failure("unexpected end of input in an array") }
            if text[index] == UInt8(ascii: ",") {
                index += 1
            } else if text[index] == UInt8(ascii: "]") {
                return close(array, count: elements)
            } else {
                throw failure("expected ',' or ']' in an array")
            }
        }
    }

    /// Whether the key at node `key` is one of `object`'s earlier keys: a scan for small objects,
    /// a set past 16 keys. Keys are the same when their UTF-8 is (escapes undone), as iOS's
    /// dictionaries compare them: `NSString`'s `isEqual(to:)` is "a literal Unicode-based
    /// comparison" of UTF-16 code units (Apple, Foundation, NSString isEqual(to:)), so `é` and
    /// `e` + U+0301 are two keys, where Swift's `String ==` would call them one.
    /// `earlier`: the keys of `object` before this one (its count is written when it closes).
    private func isRepeated(_ key: Int, in object: Int, earlier: Int, seen: inout Set<[UInt8]>?) -> Bool {
        let nodes = nodes
        if earlier < 16 {
            let wanted = nodes[key]
            var other = object + 1
            for _ in 0..<earlier {
                // Two keys written without escapes differ when their lengths do: most pairs are
                // told apart here, before any byte is read.
                let candidate = nodes[other]
                if candidate.escaped || wanted.escaped || candidate.length == wanted.length, sameKey(other, key) {
                    return true
                }
                other = Int(nodes[other + 1].end)
            }
            return false
        }
        if seen == nil {
            var keys = Set<[UInt8]>()
            var other = object + 1
            for _ in 0..<earlier {
                keys.insert(nodes[other].withText(in: text) { Array($0) })
                other = Int(nodes[other + 1].end)
            }
            seen = keys
        }
        return !seen!.insert(nodes[key].withText(in: text) { Array($0) }).inserted
    }

    private func sameKey(_ first: Int, _ second: Int) -> Bool {
        nodes[first].withText(in: text) { a in nodes[second].withText(in: text) { b in ByteScan.same(a, b) } }
    }

    // MARK: - Scalars

    private mutating func parseString() throws(Failure) {
        index += 1
        let start = index
        var escaped = false
        // Sixteen bytes at a time up to the closing quote, a backslash or a control character.
        index = ByteScan.firstStringSpecial(text, from: start)
        while index < text.count {
            let byte = text[index]
            if byte == UInt8(ascii: "\"") {
                appendNode(
                    JSONNode(
                        kind: .string, escaped: escaped, start: UInt32(start), length: UInt32(index - start),
                        end: UInt32(nodeCount + 1)))
                index += 1
                return
            }
            if byte == UInt8(ascii: "\\") {
                escaped = true
                isCompact = false
                index = try JSONEscapes.read(text, after: index + 1).next
                continue
            }
            if byte < 0x20 { throw failure("control character in a string") }
            index += 1
        }
        throw failure("unterminated string")
    }

    private mutating func parseNumber() throws(Failure) {
        let start = index
        if peek(UInt8(ascii: "-")) { index += 1 }
        guard index < text.count, isDigit(text[index]) else { throw failure("invalid number") }
        if text[index] == UInt8(ascii: "0") {
            index += 1
            if index < text.count, isDigit(text[index]) { throw failure("leading zero in a number") }
        } else {
            while index < text.count, isDigit(text[index]) { index += 1 }
        }
        if peek(UInt8(ascii: ".")) {
            index += 1
            guard index < text.count, isDigit(text[index]) else { throw failure("invalid fraction") }
            while index < text.count, isDigit(text[index]) { index += 1 }
        }
        if peek(UInt8(ascii: "e")) || peek(UInt8(ascii: "E")) {
            index += 1
            if peek(UInt8(ascii: "+")) || peek(UInt8(ascii: "-")) { index += 1 }
            guard index < text.count, isDigit(text[index]) else { throw failure("invalid exponent") }
            while index < text.count, isDigit(text[index]) { index += 1 }
        }
        appendNode(
            JSONNode(kind: .number, start: UInt32(start), length: UInt32(index - start), end: UInt32(nodeCount + 1)))
    }

    private mutating func expectLiteral(
        _ literal: StaticString, _ kind: JSONNode.Kind
    ) throws(Failure) {
        let count = literal.utf8CodeUnitCount
        guard index + count <= text.count else { throw failure("unexpected end of input") }
        let matches = literal.withUTF8Buffer { expected in
            (0..<count).allSatisfy { text[index + $0] == expected[$0] }
        }
        guard matches else { throw failure("unexpected character") }
        appendNode(JSONNode(kind: kind, start: UInt32(index), length: UInt32(count), end: UInt32(nodeCount + 1)))
        index += count
    }

    // MARK: - Bytes

    private func peek(_ byte: UInt8) -> Bool {
        index < text.count && text[index] == byte
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private mutating func skipWhitespace() {
        while index < text.count {
            switch text[index] {
            case 0x20, 0x09, 0x0A, 0x0D:
                index += 1
                isCompact = false
            default: return
            }
        }
    }

    private func failure(_ reason: String) -> Failure {
        Failure(offset: index, reason: reason, invalidUTF8: false)
    }
}

/// The escapes of a JSON string (RFC 8259, section 7): checked once when the text is parsed,
/// undone when a rule reads a string that holds one.
enum JSONEscapes {
    /// Reads the escape whose backslash is just before `start`: the code point it stands for and
    /// where the text goes on.
    static func read(
        _ text: UnsafeBufferPointer<UInt8>, after start: Int
    ) throws(JSONParser.Failure) -> (scalar: UInt32, next: Int) {
        var index = start
        func failure(_ reason: String) -> JSONParser.Failure {
            JSONParser.Failure(offset: index, reason: reason, invalidUTF8: false)
        }
        guard index < text.count else { throw failure("unterminated escape") }
        let byte = text[index]
        index += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): return (UInt32(byte), index)
        case UInt8(ascii: "b"): return (0x08, index)
        case UInt8(ascii: "f"): return (0x0C, index)
        case UInt8(ascii: "n"): return (0x0A, index)
        case UInt8(ascii: "r"): return (0x0D, index)
        case UInt8(ascii: "t"): return (0x09, index)
        case UInt8(ascii: "u"):
            var scalar = try hex4(text, &index)
            if (0xD800..<0xDC00).contains(scalar) {
                guard index + 1 < text.count, text[index] == UInt8(ascii: "\\"), text[index + 1] == UInt8(ascii: "u")
                else { throw failure("lone surrogate in \\u escape") }
                index += 2
                let low = try hex4(text, &index)
                guard (0xDC00..<0xE000).contains(low) else { throw failure("invalid surrogate pair") }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00..<0xE000).contains(scalar) {
                throw failure("lone surrogate in \\u escape")
            }
            guard Unicode.Scalar(scalar) != nil else { throw failure("invalid \\u escape") }
            return (scalar, index)
        default:
            throw failure("invalid escape")
        }
    }

    private static func hex4(_ text: UnsafeBufferPointer<UInt8>, _ index: inout Int) throws(JSONParser.Failure)
        -> UInt32
    {
        guard index + 4 <= text.count else {
            throw JSONParser.Failure(offset: index, reason: "short \\u escape", invalidUTF8: false)
        }
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let digit = ByteScan.hexValue(text[index]) else {
                throw JSONParser.Failure(offset: index, reason: "invalid hex digit in \\u escape", invalidUTF8: false)
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    /// Appends the UTF-8 of a string's text (`raw`: between its quotes) with its escapes undone;
    /// false if an escape is invalid (never, for a string the parser accepted).
    static func decode(_ raw: UnsafeBufferPointer<UInt8>, into bytes: inout [UInt8]) -> Bool {
        var index = 0
        var plainStart = 0
        while index < raw.count {
            guard raw[index] == UInt8(ascii: "\\") else {
                index += 1
                continue
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: raw[plainStart..<index]))
            guard let (scalar, next) = try? read(raw, after: index + 1), let unicode = Unicode.Scalar(scalar) else {
                return false
            }
            bytes.append(contentsOf: UTF8.encode(unicode)!)
            index = next
            plainStart = next
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: raw[plainStart...]))
        return true
    }
}
