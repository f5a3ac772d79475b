internal import Glibc

/// A request's header fields: each name lowercased, each value as sent, the names in the order
/// first sent, all of their bytes in one buffer. A name sent again is kept as a repeat and read
/// as its values joined with ", " (RFC 9110 section 5.3), and `repeatedNames` says so.
///
/// ```swift
/// let headers: HeaderFields = ["Accept": "*/*", "apns-push-type": "alert"]
/// headers["ACCEPT"]          // "*/*"
/// headers.count              // 2
/// ```
///
/// The server fills it as libmicrohttpd lists the header block, with no `String` and no hashing
/// per field: a name is found by its key (its first two words and its length, `HeaderName.Key`),
/// then, past 16 bytes, the rest of its bytes.
/// A request has a handful of names, and hashing every name into a dictionary cost more than
/// comparing them all. Past `indexedFrom` names a dictionary indexes them, so a header block of
/// thousands of names still costs linear time; repeats of a name are chained, never copied.
public struct HeaderFields: Sendable {
    /// One name and its first value, both ranges of `bytes`.
    private struct Field: Sendable {
        var name: Span
        var value: Span
        /// The name's two first words and length: most names differ in them.
        var key: HeaderName.Key
        /// The first and last of the name's later values in `repeats`, or -1.
        var firstRepeat: Int32 = -1
        var lastRepeat: Int32 = -1
    }

    /// A later value of a name, and the one after it in `repeats` (-1 at the end).
    private struct Repeat: Sendable {
        var value: Span
        var next: Int32 = -1
    }

    private struct Span: Sendable {
        var start: UInt32
        var count: UInt32

        var range: Range<Int> { Int(start)..<Int(start) + Int(count) }
    }

    /// How many names are compared one by one before `index` is made.
    static let indexedFrom = 16

    /// The names and values: the first `used` bytes. The rest is room made ahead, so that a
    /// field is copied in through one pointer (an array's `append` costs a hundred instructions
    /// a call), and a name lowercased eight bytes at a time may write past its end.
    private var bytes: [UInt8] = []
    private var used = 0
    private var fields: [Field] = []
    private var repeats: [Repeat] = []
    /// The position in `fields` of each name, once there are more than `indexedFrom`.
    private var index: [String: Int] = [:]

    public init() {}

    /// How many different names were sent.
    public var count: Int { fields.count }

    public var isEmpty: Bool { fields.isEmpty }

    /// The value of the header `name`, its repeats joined with ", ", or nil.
    public subscript(name: HeaderName) -> String? {
        position(of: name).map(value(at:))
    }

    /// Whether the value of the header `name` (its repeats joined with ", ") has a comma, read
    /// in place, with no `String` made of it; nil when the header was not sent.
    func valueHasComma(_ name: HeaderName) -> Bool? {
        guard let position = position(of: name) else { return nil }
        let field = fields[position]
        guard field.firstRepeat < 0 else { return true }
        let range = field.value.range
        return bytes.withUnsafeBytes { all in
            // `memchr`: `contains` over the slice read a byte at a time, some eight instructions each.
            range.isEmpty
                ? false : memchr(all.baseAddress! + range.lowerBound, Int32(UInt8(ascii: ",")), range.count) != nil
        }
    }

    /// Whether any name was sent more than once.
    public var hasRepeats: Bool { !repeats.isEmpty }

    /// The names sent more than once, lowercased and sorted.
    public var repeatedNames: [String] {
        fields.filter { $0.firstRepeat >= 0 }.map { text($0.name) }.sorted()
    }

    /// Adds one occurrence of a header: `name` (its bytes as sent, lowercased here) and `value`.
    /// Both must be under 4 GiB together with what the table holds (a header block is at most
    /// libmicrohttpd's connection memory). Returns the name's position, for `name(at:is:)` and
    /// `name(at:startsWith:)`.
    @discardableResult
    mutating func add(name: UnsafeRawBufferPointer, value: UnsafeRawBufferPointer) -> Int {
        let nameSpan = Span(start: UInt32(used), count: UInt32(name.count))
        let valueSpan = Span(start: nameSpan.start + nameSpan.count, count: UInt32(value.count))
        write(name.count + value.count) { target in
            target.copyMemory(from: name)
            // Each word lowercased whole: past the name's end it writes into the value's room,
            // which the value is then copied over.
            for start in stride(from: 0, to: name.count, by: 8) {
                let word = target.loadUnaligned(fromByteOffset: start, as: UInt64.self)
                target.storeBytes(of: Self.lowercased(word), toByteOffset: start, as: UInt64.self)
            }
            UnsafeMutableRawBufferPointer(rebasing: target[name.count...]).copyMemory(from: value)
        }
        // Looked up by its stored, lowercased bytes, as a `HeaderName` is. A repeat's copy of the
        // name stays in the buffer unused: its value is the one after it.
        let (key, known) = bytes.withUnsafeBytes {
            let stored = UnsafeRawBufferPointer(rebasing: $0[nameSpan.range])
            // `write` left 16 bytes of room past the field, so the key's two words load at once.
            let key = HeaderName.Key(lowercasedAt: $0.baseAddress! + Int(nameSpan.start), count: stored.count)
            guard fields.count <= Self.indexedFrom else { return (key, index[String(decoding: stored, as: UTF8.self)]) }
            return (key, position(of: key, in: $0) { Self.same($0, stored, from: 16) })
        }
        if let known {
            repeats.append(Repeat(value: valueSpan))
            let added = Int32(repeats.count - 1)
            if fields[known].lastRepeat >= 0 {
                repeats[Int(fields[known].lastRepeat)].next = added
            } else {
                fields[known].firstRepeat = added
            }
            fields[known].lastRepeat = added
            return known
        }
        fields.append(Field(name: nameSpan, value: valueSpan, key: key))
        if fields.count > Self.indexedFrom {
            if index.isEmpty {
                for (position, field) in fields.enumerated() { index[text(field.name)] = position }
            } else {
                index[text(nameSpan)] = fields.count - 1
            }
        }
        return fields.count - 1
    }

    /// Empties the table, keeping its buffers' capacity for the next request's headers.
    mutating func removeAll() {
        used = 0
        fields.removeAll(keepingCapacity: true)
        // Most requests repeat no header: an empty array's `removeAll` still costs a call.
        if !repeats.isEmpty { repeats.removeAll(keepingCapacity: true) }
        if !index.isEmpty { index = [:] }
    }

    /// Calls `body` with each of `names` that was sent, as its position in `names`, and its
    /// value (repeats joined), in the order the names were first sent.
    public func forEach(namedIn names: [HeaderName], _ body: (_ name: Int, _ value: String) -> Void) {
        bytes.withUnsafeBytes { all in
            for position in fields.indices {
                // By index: a `HeaderName` taken out of the array is a copy, its text retained.
                if let found = names.indices.first(where: { Self.field(fields[position], in: all, is: names[$0]) }) {
                    body(found, value(at: position))
                }
            }
        }
    }

    /// Whether the name at `position` (as `add` returned it) is `name`.
    func name(at position: Int, is name: HeaderName) -> Bool {
        bytes.withUnsafeBytes { Self.field(fields[position], in: $0, is: name) }
    }

    /// Whether the name at `position` (as `add` returned it) starts with `prefix`: its first two
    /// words masked to the prefix's length, and only past 16 bytes the rest.
    func name(at position: Int, startsWith prefix: HeaderName) -> Bool {
        let field = fields[position]
        guard field.key.count >= prefix.key.count,
            field.key.tag & Self.mask(prefix.key.count) == prefix.key.tag,
            field.key.tail & Self.mask(prefix.key.count - 8) == prefix.key.tail
        else { return false }
        guard prefix.key.count > 16 else { return true }
        return bytes.withUnsafeBytes { all in
            let stored = UnsafeRawBufferPointer(rebasing: all[field.name.range.prefix(prefix.key.count)])
            return prefix.withUTF8 { Self.same(stored, $0, from: 16) }
        }
    }

    // MARK: - Finding a name

    /// The position in `fields` of `name`, or nil.
    private func position(of name: HeaderName) -> Int? {
        guard fields.count <= Self.indexedFrom else { return index[name.text] }
        return bytes.withUnsafeBytes { all in
            position(of: name.key, in: all) { stored in name.withUTF8 { Self.same(stored, $0, from: 16) } }
        }
    }

    /// Whether `field`'s name, in `all` (the table's bytes), is `name`.
    private static func field(_ field: Field, in all: UnsafeRawBufferPointer, is name: HeaderName) -> Bool {
        Self.field(field, in: all, is: name.key) { stored in name.withUTF8 { same(stored, $0, from: 16) } }
    }

    /// The position among the first `indexedFrom` fields of the name whose key is `key`, or nil;
    /// `all` is the table's bytes and `rest` compares a longer name's stored bytes past the 16th.
    private func position(
        of key: HeaderName.Key, in all: UnsafeRawBufferPointer, rest: (_ stored: UnsafeRawBufferPointer) -> Bool
    ) -> Int? {
        fields.withUnsafeBufferPointer { fields in
            fields.indices.first { Self.field(fields[$0], in: all, is: key, rest: rest) }
        }
    }

    /// The one comparison of a stored name with a wanted one: by the key (two words and the
    /// length, so a name of up to 16 bytes, most of them, reads no other byte), then `rest` for
    /// the bytes past the 16th.
    private static func field(
        _ field: Field, in all: UnsafeRawBufferPointer, is key: HeaderName.Key,
        rest: (_ stored: UnsafeRawBufferPointer) -> Bool
    ) -> Bool {
        guard field.key == key else { return false }
        return key.count <= 16 || rest(UnsafeRawBufferPointer(rebasing: all[field.name.range]))
    }

    // MARK: - Eight bytes at a time

    /// Whether the bytes `stored` equal `given` from `offset` on, compared a word at a time.
    private static func same(_ stored: UnsafeRawBufferPointer, _ given: UnsafeRawBufferPointer, from offset: Int)
        -> Bool
    {
        guard stored.count == given.count else { return false }
        for start in stride(from: offset, to: stored.count, by: 8)
        where word(stored, at: start) != word(given, at: start) {
            return false
        }
        return true
    }

    /// A word's low `count` bytes set (none for 0 or less, all for 8 or more).
    static func mask(_ count: Int) -> UInt64 {
        count >= 8 ? ~0 : count <= 0 ? 0 : (1 << UInt64(8 * count)) &- 1
    }

    /// The eight bytes of `bytes` from `start` as a little-endian word, zero-padded past the end
    /// (all zeros from the end on).
    static func word(_ bytes: UnsafeRawBufferPointer, at start: Int) -> UInt64 {
        let left = bytes.count - start
        if left >= 8 { return UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: start, as: UInt64.self)) }
        var word: UInt64 = 0
        for offset in 0..<Swift.max(0, left) { word |= UInt64(bytes[start + offset]) << UInt64(8 * offset) }
        return word
    }

    /// `word` with the ASCII capitals among its eight bytes lowercased, all at once: a byte's
    /// low seven bits plus 0x3F carry into its top bit from "A" (0x41) up, plus 0x25 from "["
    /// (0x5B) up; neither sum can carry into the next byte. A byte with its own top bit set
    /// (not ASCII) is left alone.
    static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
    }

    /// `word` with the ASCII capitals among its eight bytes lowercased, as `lowercased(_:)` of
    /// each byte.
    static func lowercased(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let low = word & (0x7F &* ones)
        let fromA = low &+ (0x3F &* ones)
        let fromBracket = low &+ (0x25 &* ones)
        let capitals = fromA & ~fromBracket & ~word & (0x80 &* ones)
        return word | (capitals >> 2)
    }

    // MARK: - Reading values

    /// Hands `body` room for `count` bytes after the used ones, and sixteen more, then counts
    /// them used: a name lowercased eight bytes at a time writes up to seven past its end, and
    /// its key reads sixteen bytes from its start, however short it is.
    private mutating func write(_ count: Int, _ body: (UnsafeMutableRawBufferPointer) -> Void) {
        let needed = count + 16
        if bytes.count - used < needed {
            // Rare: a connection's first request, or a larger header block than before.
            bytes.append(contentsOf: repeatElement(0, count: Swift.max(needed, bytes.count, 256)))
        }
        let start = used
        bytes.withUnsafeMutableBytes { body(UnsafeMutableRawBufferPointer(rebasing: $0[start..<start + needed])) }
        used += count
    }

    private func text(_ span: Span) -> String {
        bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[span.range]), as: UTF8.self) }
    }

    /// The value of the field at `position`, its repeats joined after it.
    private func value(at position: Int) -> String {
        let field = fields[position]
        guard field.firstRepeat >= 0 else { return text(field.value) }
        var joined = text(field.value)
        var next = Int(field.firstRepeat)
        while next >= 0 {
            joined += ", "
            joined += text(repeats[next].value)
            next = Int(repeats[next].next)
        }
        return joined
    }
}

extension HeaderFields: Sequence {
    /// The names in the order first sent, each with its value (repeats joined).
    public struct Iterator: IteratorProtocol {
        fileprivate let table: HeaderFields
        fileprivate var position = 0

        public mutating func next() -> (name: String, value: String)? {
            guard position < table.fields.count else { return nil }
            defer { position += 1 }
            return (table.text(table.fields[position].name), table.value(at: position))
        }
    }

    public func makeIterator() -> Iterator { Iterator(table: self) }

    public var underestimatedCount: Int { fields.count }
}

extension HeaderFields: ExpressibleByDictionaryLiteral {
    /// The headers `elements` lists, in order (the tests' requests).
    public init(dictionaryLiteral elements: (String, String)...) {
        self.init(elements)
    }

    /// The headers `pairs` lists, in order; a name listed again is a repeat.
    public init(_ pairs: some Sequence<(String, String)>) {
        self.init()
        for (name, value) in pairs { add(name, value) }
    }

    /// Adds one occurrence of header `name` (any case) with `value`.
    public mutating func add(_ name: String, _ value: String) {
        var name = name
        var value = value
        name.withUTF8 { name in
            value.withUTF8 { value in _ = add(name: UnsafeRawBufferPointer(name), value: UnsafeRawBufferPointer(value))
            }
        }
    }
}
