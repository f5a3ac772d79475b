/// A JSON text read into one flat block of nodes that point into its bytes: the tree of a
/// payload in one allocation, with no `String`, array or enum per value. Strings are
/// decoded when a rule reads them; most are compared as the bytes they are written with.
///
/// ```swift
/// let document = try JSONDocument.parse(Array(#"{"aps":{"badge":1}}"#.utf8))
/// document.root["aps"]?["badge"]?.integer  // 1
/// ```
///
/// A node is a value; an object's members are its key node followed by the value's nodes, so a
/// value's subtree is the run of nodes up to its `end`. `JSONParser.parse` makes the `JSONValue`
/// tree from the same document, so both readings come from one parser.
public final class JSONDocument: Sendable {
    /// The text the nodes point into.
    public let bytes: [UInt8]
    /// The nodes, in the block the parser filled (its first `nodeCount`), the document's until
    /// it is freed: read through the block's pointer (`nodes`).
    private let block: JSONNodeBlock
    private let nodeCount: Int
    /// The key node of every repeated key, in the order read: four bytes each, not a path. A
    /// path is made only for a finding that is kept (`path(toKey:from:)`), so a thousand
    /// repeats under one long key do not copy that key a thousand times.
    let repeatedKeys: [UInt32]
    /// No whitespace anywhere outside strings and no escape in any string (a machine's JSON):
    /// a container's compact text is then its text as it stands (`JSONView.compactCount`).
    let isCompact: Bool

    /// A document of `bytes` whose `nodeCount` nodes the parser wrote into `block`, which the
    /// document takes over.
    init(bytes: [UInt8], block: JSONNodeBlock, nodeCount: Int, repeatedKeys: [UInt32], isCompact: Bool) {
        self.bytes = bytes
        self.block = block
        self.nodeCount = nodeCount
        self.repeatedKeys = repeatedKeys
        self.isCompact = isCompact
    }

    // The node block goes back to the pool for the next parse (`JSONNodePool`). In a debug build
    // (the tests') its nodes are made nulls first: a view read after its document is gone, which
    // holds no reference to it (`JSONView`), reads nulls, not the values the test expects.
    deinit {
        #if DEBUG
            block.base.update(repeating: JSONNode(kind: .null, start: 0, length: 0, end: 0), count: nodeCount)
        #endif
        JSONNodePool.give(block)
    }

    /// The nodes, read in place: valid while the document is (a reader holds the document, not
    /// only this).
    var nodes: UnsafeBufferPointer<JSONNode> { UnsafeBufferPointer(start: block.base, count: nodeCount) }

    /// How many keys repeat an earlier key of their object.
    public var duplicateKeyCount: Int { repeatedKeys.count }

    /// The dotted paths (`aps.alert.title`, `items[2].id`) of the first `limit` repeated keys, in
    /// the order read. Each is a walk down from the root: name the few that are reported.
    public func duplicateKeyPaths(limit: Int) -> [String] {
        repeatedKeys.prefix(limit).map { path(toKey: Int($0), from: 0) }
    }

    /// The dotted path of key node `key` from the container node `container` (`aps.alert`,
    /// `list[2].k`), each key quoted by `Quoting` and the whole cut at `Quoting.maxBytes`: found
    /// by stepping over siblings (their `end`) level by level, so it costs the widths on the way.
    func path(toKey key: Int, from container: Int) -> String {
        var dotted = ""
        var node = container
        while node != key, dotted.utf8.count <= Quoting.maxBytes {
            let current = nodes[node]
            var child = node + 1
            var next: Int?
            if current.kind == .object {
                for _ in 0..<current.count {
                    let valueEnd = Int(nodes[child + 1].end)
                    if child <= key, key < valueEnd {
                        let name = withStringBytes(child) { Quoting.bounded($0) }
                        dotted += dotted.isEmpty ? name : "." + name
                        next = key == child ? key : child + 1
                        break
                    }
                    child = valueEnd
                }
            } else if current.kind == .array {
                for position in 0..<Int(current.count) {
                    let end = Int(nodes[child].end)
                    if child <= key, key < end {
                        dotted += "[\(position)]"
                        next = child
                        break
                    }
                    child = end
                }
            }
            // Not below `container` (never, for a key the parser recorded there): the path so far.
            guard let next else { break }
            node = next
        }
        return Quoting.bounded(dotted)
    }

    /// The value the text holds.
    public var root: JSONView { JSONView(document: self, index: 0) }

    /// The whole text's value, made from the root: the document holds itself for the call, so
    /// the caller need not hold it beside a view of it.
    public var value: JSONValue { root.value }

    /// Parses one JSON text that must fill `bytes` (whitespace around it allowed): RFC 8259,
    /// strict, UTF-8 checked, repeated keys kept and listed.
    public static func parse(_ bytes: [UInt8]) throws(JSONParser.Failure) -> JSONDocument {
        // Nodes hold 32-bit offsets. Nothing the service reads comes near (bodies are capped far
        // below), but `preflight check FILE` reads a file of any size: refused, not trapped on.
        guard bytes.count < Int(UInt32.max) else {
            throw JSONParser.Failure(offset: 0, reason: "a JSON text of 4 GiB or more", invalidUTF8: false)
        }
        if let offset = bytes.withUnsafeBufferPointer({ UTF8Validation.firstInvalid(in: $0) }) {
            throw JSONParser.Failure(offset: offset, reason: "invalid UTF-8", invalidUTF8: true)
        }
        // What the parse gives the document: the parser itself stays inside, with the text's pointer.
        typealias Parsed = (block: JSONNodeBlock, nodeCount: Int, duplicates: [UInt32], isCompact: Bool)
        let parsed = bytes.withUnsafeBufferPointer { text -> Swift.Result<Parsed, JSONParser.Failure> in
            var parser = JSONParser(text: text)
            do throws(JSONParser.Failure) {
                try parser.parseDocument()
            } catch {
                // The text is refused: the block goes back to the pool with no document made.
                JSONNodePool.give(parser.block)
                return .failure(error)
            }
            return .success((parser.block, parser.nodeCount, parser.duplicates, parser.isCompact))
        }
        let document = try parsed.get()
        return JSONDocument(
            bytes: bytes, block: document.block, nodeCount: document.nodeCount, repeatedKeys: document.duplicates,
            isCompact: document.isCompact)
    }

    /// The bytes of a string node as the text holds them, escapes undone.
    func withStringBytes<Result>(_ index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        bytes.withUnsafeBufferPointer { nodes[index].withText(in: $0, body) }
    }

    /// The value node of the last member of the object node `object` whose key is `name`, or nil
    /// (nil for any other node). The members are walked through pointers, a key told apart by
    /// its length before its bytes: a rule's lookup compares every key of its object. In a
    /// document with no repeated key (almost every one) the first match is the last, and the
    /// walk stops there.
    func lastMember(of object: Int, named name: UnsafeBufferPointer<UInt8>) -> Int? {
        let firstIsLast = repeatedKeys.isEmpty
        let nodes = nodes
        return bytes.withUnsafeBufferPointer { text in
            guard nodes[object].kind == .object else { return nil }
            var found: Int?
            var key = object + 1
            for _ in 0..<nodes[object].count {
                let written = nodes[key]
                if written.escaped || Int(written.length) == name.count {
                    if written.withText(in: text, { ByteScan.same($0, name) }) {
                        found = key + 1
                        if firstIsLast { return found }
                    }
                }
                key = Int(nodes[key + 1].end)
            }
            return found
        }
    }

    /// Whether a string node holds `text`.
    func string(_ index: Int, equals text: String) -> Bool {
        // Different lengths are told apart before any byte is read.
        let node = nodes[index]
        guard node.escaped || Int(node.length) == text.utf8.count else { return false }
        return text.withUTF8InPlace { wanted in withStringBytes(index) { ByteScan.same($0, wanted) } }
    }

    func string(_ index: Int) -> String {
        withStringBytes(index) { String(decoding: $0, as: UTF8.self) }
    }
}

/// One value of a `JSONDocument`.
struct JSONNode: Sendable {
    enum Kind: UInt8, Sendable {
        case object, array, string, number, `true`, `false`, null
    }

    var kind: Kind
    /// A string holding a backslash: its text is decoded before use.
    var escaped = false
    /// Where the value starts in the text; for a string, after its opening quote.
    var start: UInt32
    /// Bytes of the value as written; for a string, between its quotes; for a container, its
    /// whole text, brackets included.
    var length: UInt32
    /// The index of the first node after this value's subtree (its next sibling, if any).
    var end: UInt32
    /// An object's members or an array's elements.
    var count: UInt32 = 0

    var range: Range<Int> { Int(start)..<Int(start) + Int(length) }

    /// Calls `body` with a string node's UTF-8 in `text` (the bytes the node points into), its
    /// escapes undone: the one reading of a string's text, for the parser and the document.
    func withText<Result>(
        in text: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Result
    ) -> Result {
        let raw = UnsafeBufferPointer(rebasing: text[range])
        guard escaped else { return body(raw) }
        var decoded: [UInt8] = []
        decoded.reserveCapacity(raw.count)
        // Checked when parsed: undoing the escapes again cannot fail.
        _ = JSONEscapes.decode(raw, into: &decoded)
        return decoded.withUnsafeBufferPointer(body)
    }
}

/// A value of a `JSONDocument`, read in place: the view the payload rules are written against.
///
/// A view does not hold its document: it is read only while something else does. A value that
/// keeps a view past the call that made it keeps a `HeldView`, the view with its document; a
/// function that parses a document holds it to its end
/// (`withExtendedLifetime`), as a temporary's views outlive it. Held, a view's every copy
/// retained and released the document, and so did every call of one of its methods: 112 of the
/// 131 reference counts a batch item wrote, each an atomic instruction (bench/RESULTS.md).
public struct JSONView: Sendable {
    /// The document, not counted (see above): read through `reading`, which retains nothing.
    private let reference: Unmanaged<JSONDocument>
    let index: Int

    init(document: JSONDocument, index: Int) {
        self.init(.passUnretained(document), index: index)
    }

    private init(_ reference: Unmanaged<JSONDocument>, index: Int) {
        self.reference = reference
        self.index = index
    }

    /// The document, retained: for a value that keeps it and has only the view (`DocumentText`);
    /// a value that keeps the view itself is given the document (`HeldView`).
    public var document: JSONDocument { reference.takeUnretainedValue() }

    /// Whether this is a view of `document` (`HeldView` checks what it is given).
    func reads(_ document: JSONDocument) -> Bool {
        reference.toOpaque() == Unmanaged.passUnretained(document).toOpaque()
    }

    /// Calls `body` with the document, neither retained nor released: a call of a method on the
    /// document read as `unowned(unsafe)` retained it for the call.
    func reading<Result>(_ body: (JSONDocument) -> Result) -> Result {
        reference._withUnsafeGuaranteedRef(body)
    }

    /// The view of node `index` of the same document (a member's value, from `memberIndices`).
    func view(_ index: Int) -> JSONView { JSONView(reference, index: index) }

    /// The bytes of string node `node` of the same document (a member's key), escapes undone.
    func withStringBytes<Result>(node: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        reading { $0.withStringBytes(node, body) }
    }

    /// The text of string node `node` of the same document (a member's key).
    func string(node: Int) -> String { reading { $0.string(node) } }

    var node: JSONNode { reading { $0.nodes[index] } }

    public var isObject: Bool { node.kind == .object }
    public var isArray: Bool { node.kind == .array }
    public var isString: Bool { node.kind == .string }
    public var isNumber: Bool { node.kind == .number }
    public var isNull: Bool { node.kind == .null }

    /// The value of `key` in an object, the last one when the key repeats (as a dictionary keeps it).
    public subscript(key: String) -> JSONView? {
        // Read in place: a copy to call `withUTF8` on retained the key on every lookup.
        key.withUTF8InPlace { name in reading { $0.lastMember(of: index, named: name) } }.map(view)
    }

    /// The members of an object in the order written, nil for any other value.
    public var members: Members? {
        node.kind == .object ? Members(reference, object: index) : nil
    }

    /// The elements of an array in order, nil for any other value.
    public var elements: Elements? {
        node.kind == .array ? Elements(reference, array: index) : nil
    }

    /// The array's element at `position`, nil past its end or for any other value.
    public func element(at position: Int) -> JSONView? {
        guard let elements, position >= 0, position < elements.count else { return nil }
        var current = index + 1
        reading { document in
            for _ in 0..<position { current = Int(document.nodes[current].end) }
        }
        return view(current)
    }

    /// The text of a string, nil for any other value.
    public var string: String? {
        node.kind == .string ? reading { $0.string(index) } : nil
    }

    /// Whether this is a string holding exactly `text` (no `String` is made).
    public func isString(_ text: String) -> Bool {
        node.kind == .string && reading { $0.string(index, equals: text) }
    }

    /// Whether this is a number written exactly as `text` (`1`, not `1.0` or `true`).
    public func isNumber(written text: StaticString) -> Bool {
        let node = node
        guard node.kind == .number, Int(node.length) == text.utf8CodeUnitCount else { return false }
        return text.withUTF8Buffer { wanted in reading { $0.bytes[node.range].elementsEqual(wanted) } }
    }

    /// The characters of a number exactly as written, nil for any other value.
    public var numberText: String? {
        let node = node
        return node.kind == .number ? reading { String(decoding: $0.bytes[node.range], as: UTF8.self) } : nil
    }

    /// The value of a number written as an integer that fits 64 bits, nil otherwise: read from
    /// the text's bytes (`JSONNumber.integer` made a `String` and a `Double` of it first, some
    /// 1,300 instructions for a `"mutable-content": 1`).
    public var integer: Int64? {
        let node = node
        guard node.kind == .number else { return nil }
        return reading {
            $0.bytes.withUnsafeBufferPointer { Self.plainInteger(UnsafeBufferPointer(rebasing: $0[node.range])) }
        }
    }

    /// The integer a number's text spells when it has no fraction or exponent and fits 64 bits,
    /// as `JSONNumber(text:).integer` reads it; nil otherwise. Accumulated on the side of its
    /// sign, so that `Int64.min` is reached.
    static func plainInteger(_ text: UnsafeBufferPointer<UInt8>) -> Int64? {
        let negative = text.first == UInt8(ascii: "-")
        var index = negative ? 1 : 0
        guard index < text.count else { return nil }
        var value: Int64 = 0
        while index < text.count {
            let byte = text[index]
            // A `.`, `e` or `E` (a fraction or an exponent) is not a plain integer.
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            let digit = Int64(byte &- UInt8(ascii: "0"))
            let (shifted, overflowed) = value.multipliedReportingOverflow(by: 10)
            let (next, past) =
                negative ? shifted.subtractingReportingOverflow(digit) : shifted.addingReportingOverflow(digit)
            if overflowed || past { return nil }
            value = next
            index += 1
        }
        return value
    }

    /// The value of any number, nil for other values.
    public var double: Double? { numberText.map { JSONNumber(text: $0).value } }

    /// Calls `body` with the UTF-8 of a string, escapes undone (nil for any other value).
    public func withUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result? {
        node.kind == .string ? reading { $0.withStringBytes(index, body) } : nil
    }

    /// The `JSONValue` tree of this value (for what is not on the payload path: envelopes, tests).
    public var value: JSONValue {
        let node = node
        switch node.kind {
        case .object:
            var members: [JSONMember] = []
            members.reserveCapacity(Int(node.count))
            for (key, value) in memberIndices {
                members.append(JSONMember(key: reading { $0.string(key) }, value: view(value).value))
            }
            return .object(members)
        case .array:
            return .array(elements!.map(\.value))
        case .string: return .string(string!)
        case .number: return .number(JSONNumber(text: numberText!))
        case .true: return .bool(true)
        case .false: return .bool(false)
        case .null: return .null
        }
    }

    /// How a sender would name this value's type in a message (`JSONValue`'s names).
    public var typeName: String { summary.typeName }

    /// A short rendering for messages: strings quoted, containers summarised (as `JSONValue`'s).
    public var shortDescription: String { summary.shortDescription }

    /// What the messages need of this value: a container's kind without building its tree.
    private var summary: JSONValue {
        switch node.kind {
        case .object: .object([])
        case .array: .array([])
        case .string, .number, .true, .false, .null: value
        }
    }

    /// Pairs of (key node, value node) of an object.
    var memberIndices: MemberIndices { MemberIndices(reference, object: index) }

    struct MemberIndices: Sequence, IteratorProtocol {
        /// The nodes, read through the document's block (held by whoever holds the view's document).
        let nodes: UnsafeBufferPointer<JSONNode>
        var upcoming: Int
        var remaining: Int

        init(_ reference: Unmanaged<JSONDocument>, object: Int) {
            let nodes = reference._withUnsafeGuaranteedRef { $0.nodes }
            self.nodes = nodes
            self.upcoming = object + 1
            self.remaining = nodes[object].kind == .object ? Int(nodes[object].count) : 0
        }

        mutating func next() -> (key: Int, value: Int)? {
            guard remaining > 0 else { return nil }
            remaining -= 1
            let key = upcoming
            upcoming = Int(nodes[key + 1].end)
            return (key, key + 1)
        }
    }

    /// The members of an object, each with its key as a `String`.
    public struct Members: Sequence, Sendable {
        fileprivate let reference: Unmanaged<JSONDocument>
        let object: Int

        fileprivate init(_ reference: Unmanaged<JSONDocument>, object: Int) {
            self.reference = reference
            self.object = object
        }

        /// Whether any object of the document repeats a key (`JSONDocument.duplicateKeyCount`).
        var documentRepeatsKeys: Bool { reference._withUnsafeGuaranteedRef { $0.duplicateKeyCount > 0 } }

        public var count: Int { Int(reference._withUnsafeGuaranteedRef { $0.nodes[object].count }) }
        public var isEmpty: Bool { count == 0 }

        public func makeIterator() -> Iterator {
            Iterator(reference: reference, indices: MemberIndices(reference, object: object))
        }

        public struct Iterator: IteratorProtocol {
            fileprivate let reference: Unmanaged<JSONDocument>
            var indices: MemberIndices

            public mutating func next() -> (key: String, value: JSONView)? {
                guard let (key, value) = indices.next() else { return nil }
                return (reference._withUnsafeGuaranteedRef { $0.string(key) }, JSONView(reference, index: value))
            }
        }
    }

    /// The elements of an array.
    public struct Elements: Sequence, Sendable {
        fileprivate let reference: Unmanaged<JSONDocument>
        let array: Int

        fileprivate init(_ reference: Unmanaged<JSONDocument>, array: Int) {
            self.reference = reference
            self.array = array
        }

        public var count: Int { Int(reference._withUnsafeGuaranteedRef { $0.nodes[array].count }) }
        public var isEmpty: Bool { count == 0 }

        public func makeIterator() -> Iterator {
            Iterator(reference: reference, upcoming: array + 1, remaining: count)
        }

        public struct Iterator: IteratorProtocol {
            fileprivate let reference: Unmanaged<JSONDocument>
            var upcoming: Int
            var remaining: Int

            public mutating func next() -> JSONView? {
                guard remaining > 0 else { return nil }
                remaining -= 1
                let element = upcoming
                upcoming = Int(reference._withUnsafeGuaranteedRef { $0.nodes[element].end })
                return JSONView(reference, index: element)
            }
        }
    }
}

/// The reading JSON Pointers and envelope detection need, shared by the tree and the view.
public protocol JSONTree: Sendable {
    subscript(key: String) -> Self? { get }
    var string: String? { get }
    var isObject: Bool { get }
    var isNull: Bool { get }
    func element(at position: Int) -> Self?
    /// Each member (with its key) or element (key nil) in document order, until `body` returns
    /// false (a search that has seen enough stops reading, and making keys, there).
    func forEachChild(_ body: (_ key: String?, _ position: Int, _ child: Self) -> Bool)
}

extension JSONView: JSONTree {
    public func forEachChild(_ body: (String?, Int, JSONView) -> Bool) {
        if let members {
            for (position, member) in members.enumerated() where !body(member.key, position, member.value) { return }
        } else if let elements {
            for (position, element) in elements.enumerated() where !body(nil, position, element) { return }
        }
    }
}

extension JSONValue: JSONTree {
    public var isObject: Bool { members != nil }
    public var isNull: Bool { self == .null }

    public func element(at position: Int) -> JSONValue? {
        guard case .array(let elements) = self, position >= 0, position < elements.count else { return nil }
        return elements[position]
    }

    public func forEachChild(_ body: (String?, Int, JSONValue) -> Bool) {
        switch self {
        case .object(let members):
            for (position, member) in members.enumerated() where !body(member.key, position, member.value) { return }
        case .array(let elements):
            for (position, element) in elements.enumerated() where !body(nil, position, element) { return }
        default: break
        }
    }
}
