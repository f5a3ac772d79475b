/// Builds compact JSON text by hand, faster than a reflective encoder on the hot path
/// and with a key order chosen for people reading a report.
///
/// ```swift
/// var writer = JSONWriter()
/// writer.object { $0.field("status", "ok") }
/// writer.text  // {"status":"ok"}
/// ```
public struct JSONWriter: Sendable {
    /// The text is the first `length` bytes; the ones after are room made ahead (zeros), which a
    /// write copies into through the array's buffer. `Array.append` costs about a hundred
    /// instructions a call whatever it appends, and a report is a hundred small pieces.
    private var storage: [UInt8] = []
    /// The bytes written so far.
    private(set) var length = 0
    private var needsComma = false

    public init(capacity: Int = 512) {
        storage.reserveCapacity(capacity)
    }

    /// A writer that writes after what `bytes` holds, into its storage: `bytes` is moved in (and
    /// left empty), so no copy is made; `finish(into:)` moves the text back.
    public init(appendingTo bytes: inout [UInt8]) {
        swap(&storage, &bytes)
        length = storage.count
    }

    /// A writer that writes over `bytes` from its start, its bytes taken as room already made:
    /// `bytes` is moved in (and left empty) and its count kept as room, so an answer about the
    /// size of the last one is written with no zeros appended first (`makeRoom` fills the room
    /// it makes). What it held is written over, and what is left of it past the text is cut by
    /// `finish(into:)` and `finished()`: none of it is ever part of the text.
    public init(room bytes: inout [UInt8]) {
        swap(&storage, &bytes)
        length = 0
    }

    /// Moves the text written into `bytes` (which must be empty: `init(appendingTo:)`'s), leaving
    /// the writer empty.
    public mutating func finish(into bytes: inout [UInt8]) {
        trim()
        swap(&storage, &bytes)
        length = 0
    }

    /// The JSON written so far, as UTF-8 bytes (a copy: `finished()` gives the writer's own).
    public var bytes: [UInt8] { Array(storage[..<length]) }

    /// The JSON written, in the writer's own storage (no copy).
    public consuming func finished() -> [UInt8] {
        trim()
        return storage
    }

    /// The JSON written so far.
    public var text: String { String(decoding: storage[..<length], as: UTF8.self) }

    /// Drops the room made ahead: the storage is then the text.
    private mutating func trim() {
        if storage.count > length { storage.removeSubrange(length...) }
    }

    // MARK: - Writing bytes

    /// Hands `body` where `count` more bytes go (room made first), then counts them written.
    @inline(__always)
    private mutating func write(_ count: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Void) {
        if storage.count - length < count { makeRoom(count) }
        let start = length
        storage.withUnsafeMutableBufferPointer { body($0.baseAddress! + start) }
        length += count
    }

    /// Hands `body` where at most `count` more bytes go (room made first); it returns how many
    /// it wrote, which are counted written.
    mutating func write(atMost count: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int) {
        if storage.count - length < count { makeRoom(count) }
        let start = length
        let written = storage.withUnsafeMutableBufferPointer { body($0.baseAddress! + start) }
        precondition(written <= count, "wrote past the room asked for")
        length += written
    }

    /// Makes sure `count` more bytes fit the storage's capacity: a writer that knows about how
    /// much it will write (a batch's answer, after its first report) grows it once, not by
    /// doubling. Capacity a kept buffer already has is not filled ahead: each byte of room made
    /// is a zero copied in, and a batch's answer filled some 160 KB of them each time.
    public mutating func reserve(_ count: Int) {
        if storage.capacity - length < count { makeRoom(count) }
    }

    /// The bytes written so far.
    public var count: Int { length }

    /// Zeros copied in as room: an array's append of a buffer is a `memcpy`, of a repeated
    /// element a loop.
    private static let zeros = [UInt8](repeating: 0, count: 1024)

    /// Makes room for at least `count` more bytes: within the array's capacity (a kept
    /// buffer's) what is missing, at least 256 bytes, not the whole spare capacity; past it, as
    /// much again as is written.
    private mutating func makeRoom(_ count: Int) {
        let missing = count - (storage.count - length)
        let spare = storage.capacity - storage.count
        var left =
            missing <= spare
            ? min(spare, max(missing, 256)) : max(missing, spare, min(storage.count, 1 << 16), 256)
        Self.zeros.withUnsafeBufferPointer { zeros in
            while left > 0 {
                let piece = min(left, zeros.count)
                storage.append(contentsOf: UnsafeBufferPointer(rebasing: zeros[..<piece]))
                left -= piece
            }
        }
    }

    /// Copies `count` bytes: up to sixteen as two overlapping loads and stores of a word (or
    /// half-word), longer ones by `memcpy`. A report writes a few dozen keys and values of a
    /// few bytes each, and the call to `memcpy` for each cost more than the copy.
    @inline(__always)
    static func copy(_ source: UnsafePointer<UInt8>, to target: UnsafeMutablePointer<UInt8>, count: Int) {
        let from = UnsafeRawPointer(source)
        let to = UnsafeMutableRawPointer(target)
        switch count {
        case 8...16:
            let head = from.loadUnaligned(as: UInt64.self)
            let tail = from.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
            to.storeBytes(of: head, as: UInt64.self)
            to.storeBytes(of: tail, toByteOffset: count - 8, as: UInt64.self)
        case 4...7:
            let head = from.loadUnaligned(as: UInt32.self)
            let tail = from.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
            to.storeBytes(of: head, as: UInt32.self)
            to.storeBytes(of: tail, toByteOffset: count - 4, as: UInt32.self)
        case 0...3:
            for index in 0..<count { target[index] = source[index] }
        default:
            target.update(from: source, count: count)
        }
    }

    /// Writes a value whose bytes `body` writes, after the comma it needs, in one write of at most
    /// `count` bytes: `body` gets where they go and returns how many it wrote, or nil to write
    /// nothing (the value is then the caller's to write another way). Whether it was written.
    mutating func value(atMost count: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int?) -> Bool {
        let lead = Lead(comma: needsComma)
        var written = false
        write(atMost: lead.count + count) { start in
            let target = lead.write(at: start)
            guard let count = body(target) else { return 0 }
            written = true
            return target - start + count
        }
        if written { needsComma = true }
        return written
    }

    /// Copies `literal` (which must have a pointer representation, as a literal of more than one
    /// character has: one of one character may be stored as its scalar) to `target` and moves
    /// `target` past it: for a value written in one write (`value(atMost:_:)`).
    @inline(__always)
    static func put(_ literal: StaticString, at target: inout UnsafeMutablePointer<UInt8>) {
        copy(literal.utf8Start, to: target, count: literal.utf8CodeUnitCount)
        target += literal.utf8CodeUnitCount
    }

    /// Copies `bytes` to `target` and moves `target` past them.
    @inline(__always)
    static func put(_ bytes: UnsafeBufferPointer<UInt8>, at target: inout UnsafeMutablePointer<UInt8>) {
        if let source = bytes.baseAddress { copy(source, to: target, count: bytes.count) }
        target += bytes.count
    }

    /// Writes `byte` at `target` and moves `target` past it.
    @inline(__always)
    static func put(_ byte: UInt8, at target: inout UnsafeMutablePointer<UInt8>) {
        target[0] = byte
        target += 1
    }

    /// The most bytes an `Int` takes spelled (`Int.min`'s twenty).
    static let longestNumber = 20

    /// Spells `number` at `target` (room for `longestNumber` bytes, which the caller counted) and
    /// moves `target` past it.
    @inline(__always)
    static func put(_ number: Int, at target: inout UnsafeMutablePointer<UInt8>) {
        target += DecimalDigits.spell(number, into: target, room: longestNumber)!
    }

    /// Writes `utf8` as it is.
    mutating func raw(_ utf8: UnsafeBufferPointer<UInt8>) {
        guard let source = utf8.baseAddress, !utf8.isEmpty else { return }
        write(utf8.count) { Self.copy(source, to: $0, count: utf8.count) }
    }

    /// Writes `body`'s value and gives where its bytes lie in the text, for `value(again:)`.
    mutating func value(marking body: (inout JSONWriter) -> Void) -> Range<Int> {
        // The comma before the value is not part of it.
        separate()
        needsComma = false
        let start = length
        body(&self)
        return start..<length
    }

    /// Writes again, as the next value, the bytes of a value written before (`value(marking:)`):
    /// a copy of text already escaped and spelled, for a report that shows one part twice.
    mutating func value(again written: Range<Int>) {
        precondition(written.upperBound <= length, "a value not written yet")
        separate()
        let count = written.count
        // The target is at `length`: the value's bytes lie this far before it.
        let back = length - written.lowerBound
        write(count) { target in Self.copy(UnsafePointer(target - back), to: target, count: count) }
        needsComma = true
    }

    /// Writes `byte` as it is.
    mutating func raw(_ byte: UInt8) {
        write(1) { $0.pointee = byte }
    }

    /// Writes `utf8` escaped as the inside of a JSON string literal (no quotes).
    mutating func escaped(_ utf8: UnsafeBufferPointer<UInt8>) {
        Self.forEachEscapedPiece(utf8) { raw($0) }
    }

    /// Writes `utf8` as a JSON string literal; text with nothing to escape (the common case) in
    /// one write, quotes and all.
    private mutating func quoted(_ utf8: UnsafeBufferPointer<UInt8>) {
        quoted(utf8, after: Lead(comma: false))
    }

    /// `quoted(_:)` after `lead`, in the same write when nothing is to be escaped.
    private mutating func quoted(_ utf8: UnsafeBufferPointer<UInt8>, after lead: Lead) {
        guard !ByteScan.hasStringSpecial(utf8), let source = utf8.baseAddress else {
            write(lead.count + 1) { lead.write(at: $0)[0] = UInt8(ascii: "\"") }
            escaped(utf8)
            raw(UInt8(ascii: "\""))
            return
        }
        write(lead.count + utf8.count + 2) { start in
            let target = lead.write(at: start)
            target[0] = UInt8(ascii: "\"")
            Self.copy(source, to: target + 1, count: utf8.count)
            target[utf8.count + 1] = UInt8(ascii: "\"")
        }
    }

    /// Whether the bytes written from `start` on hold nothing a JSON string must escape.
    func isPlain(from start: Int) -> Bool {
        storage.withUnsafeBufferPointer { written in
            let piece = UnsafeBufferPointer(rebasing: written[start..<length])
            return !ByteScan.hasStringSpecial(piece)
        }
    }

    /// Forgets what was written after `count` bytes (to write it again another way).
    mutating func rewind(to count: Int) {
        precondition(count <= length, "rewinding past the text written")
        length = count
    }

    /// Writes an object whose members `body` adds with the `field` methods.
    public mutating func object(_ body: (inout JSONWriter) -> Void) {
        beginObject()
        body(&self)
        endObject()
    }

    /// Writes an array whose elements `body` adds.
    public mutating func array(_ body: (inout JSONWriter) -> Void) {
        beginArray()
        body(&self)
        endArray()
    }

    /// Starts an object that `endObject` ends: for a value written across calls (a batch's
    /// answer, its reports written as each check ends). `object(_:)` where one closure can write it.
    public mutating func beginObject() { open(UInt8(ascii: "{")) }

    public mutating func endObject() {
        raw(UInt8(ascii: "}"))
        needsComma = true
    }

    /// Writes `opening`, JSON that opens containers (members complete before the last opening
    /// may be in it: `{"verdict":"pass","findings":[`), after the comma a value needs, in one
    /// write; the next value written is the first of the innermost container, which the caller
    /// ends (`endArray`, `endObject`) as it would one `beginObject` or `beginArray` started.
    /// `opening` must have a pointer representation, as a literal of more than one character has.
    mutating func begin(_ opening: StaticString) {
        let lead = Lead(comma: needsComma)
        write(lead.count + opening.utf8CodeUnitCount) { start in
            var target = lead.write(at: start)
            Self.put(opening, at: &target)
        }
        needsComma = false
    }

    /// Starts an array that `endArray` ends (`beginObject`'s array).
    public mutating func beginArray() { open(UInt8(ascii: "[")) }

    public mutating func endArray() {
        raw(UInt8(ascii: "]"))
        needsComma = true
    }

    /// The comma a value needs after another, and `bracket`, in one write.
    private mutating func open(_ bracket: UInt8) {
        let lead = Lead(comma: needsComma)
        write(lead.count + 1) { lead.write(at: $0)[0] = bracket }
        needsComma = false
    }

    /// Writes a key written in the source, which needs no escape (the report's own names: a
    /// debug build checks it); the next value written is its value. Copied as it is, not scanned
    /// for bytes to escape, with its comma, quotes and colon in one write: a report writes a few
    /// dozen of them.
    public mutating func key(_ name: StaticString) {
        // A key written as a literal of one character may be stored as its scalar, with no
        // bytes to point at: written as a `String`.
        guard name.hasPointerRepresentation else { return key(text: name.description) }
        // Read through `utf8Start`, not handed to a closure by `withUTF8Buffer`: the closure and
        // the write's closure inside it were called for each of a report's few dozen keys.
        let lead = Lead(comma: needsComma, key: name)
        write(lead.count) { _ = lead.write(at: $0) }
        needsComma = false
    }

    /// What a value is written after, in the same write as the value: the comma it needs after
    /// another, and for a member the key `"name":` (a name written in the source, which needs no
    /// escape: a debug build checks it). A report is some eighty small writes, and a write of
    /// its own for each comma and key cost as much again as the bytes.
    private struct Lead {
        let comma: Bool
        let key: UnsafePointer<UInt8>?
        let keyCount: Int

        /// The comma alone (when `comma`).
        init(comma: Bool) {
            self.comma = comma
            key = nil
            keyCount = 0
        }

        /// The comma and the key `name`, which must have a pointer representation.
        init(comma: Bool, key name: StaticString) {
            self.comma = comma
            key = name.utf8Start
            keyCount = name.utf8CodeUnitCount
            assert(
                ByteScan.firstStringSpecial(UnsafeBufferPointer(start: key, count: keyCount), from: 0) == keyCount,
                "a key to escape: \(name)")
        }

        var count: Int { (comma ? 1 : 0) + (key == nil ? 0 : keyCount + 3) }

        /// Writes the lead at `target`; returns where the value goes.
        @inline(__always)
        func write(at target: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
            var target = target
            if comma {
                target[0] = UInt8(ascii: ",")
                target += 1
            }
            guard let key else { return target }
            target[0] = UInt8(ascii: "\"")
            JSONWriter.copy(key, to: target + 1, count: keyCount)
            target[keyCount + 1] = UInt8(ascii: "\"")
            target[keyCount + 2] = UInt8(ascii: ":")
            return target + keyCount + 3
        }
    }

    /// The lead of member `name`'s value, or nil for a name stored as its scalar (a literal of
    /// one character), which has no bytes to point at.
    private func lead(_ name: StaticString) -> Lead? {
        name.hasPointerRepresentation ? Lead(comma: needsComma, key: name) : nil
    }

    /// Writes a member whose value is a string known to need no escape (an enumeration's raw
    /// value, a catalog's code: a debug build checks it): the value is copied between its quotes
    /// without being scanned. A report writes a verdict and each finding's code and severity
    /// this way; `field(_:_: String?)` scanned each for bytes to escape.
    public mutating func field(_ name: StaticString, plain value: String) {
        guard let lead = lead(name) else {
            key(name)
            return self.value(value)
        }
        value.withUTF8InPlace { text in
            assert(Self.needsNoEscape(text), "a plain value to escape: \(value)")
            write(lead.count + text.count + 2) { start in
                let target = lead.write(at: start)
                target[0] = UInt8(ascii: "\"")
                if let source = text.baseAddress { Self.copy(source, to: target + 1, count: text.count) }
                target[text.count + 1] = UInt8(ascii: "\"")
            }
        }
        needsComma = true
    }

    /// Writes members rendered before (`ProfileReportMembers.json`: JSON members, no braces) as
    /// they are, after a comma when one is needed.
    mutating func members(_ json: [UInt8]) {
        let lead = Lead(comma: needsComma)
        json.withUnsafeBufferPointer { json in
            write(lead.count + json.count) { start in
                let target = lead.write(at: start)
                if let source = json.baseAddress { Self.copy(source, to: target, count: json.count) }
            }
        }
        needsComma = true
    }

    /// Writes a key made at run time (a code, a header's name, a member of a document), escaped
    /// as JSON requires; the next value written is its value.
    public mutating func key(text name: String) {
        let lead = Lead(comma: needsComma)
        name.withUTF8InPlace { quoted($0, after: lead) }
        raw(UInt8(ascii: ":"))
        needsComma = false
    }

    public mutating func value(_ string: String?) {
        value(string, after: Lead(comma: needsComma))
    }

    public mutating func value(_ text: DocumentText?) {
        value(text, after: Lead(comma: needsComma))
    }

    public mutating func value(_ number: Int) {
        value(number, after: Lead(comma: needsComma))
    }

    private mutating func value(_ string: String?, after lead: Lead) {
        if let string { string.withUTF8InPlace { quoted($0, after: lead) } } else { null(after: lead) }
        needsComma = true
    }

    private mutating func value(_ text: DocumentText?, after lead: Lead) {
        if let text { text.withUTF8 { quoted($0, after: lead) } } else { null(after: lead) }
        needsComma = true
    }

    /// `number` in decimal, as `String(number)` spells it, with no string made.
    private mutating func value(_ number: Int, after lead: Lead) {
        // Twenty bytes hold any `Int` spelled (`Int.min`'s).
        write(atMost: lead.count + 20) { start in
            let target = lead.write(at: start)
            return target - start + DecimalDigits.spell(number, into: target, room: 20)!
        }
        needsComma = true
    }

    private mutating func null(after lead: Lead) {
        write(lead.count + 4) { start in
            // "null"'s four bytes as one little-endian word.
            UnsafeMutableRawPointer(lead.write(at: start)).storeBytes(
                of: UInt32(0x6C6C_756E).littleEndian, as: UInt32.self)
        }
    }

    /// Appends `number` in decimal, as `String(number)` spells it (no string made: the access
    /// log writes its status and bytes on every request, a bulk run each line's number).
    public static func appendDecimal(_ number: Int, to bytes: inout [UInt8]) {
        DecimalDigits.withSpelling(number) { bytes.append(contentsOf: $0) }
    }

    /// `number` as `String(number)` spells it (`null` when it is not finite). A whole number
    /// of thousandths (the report's timings: milliseconds to the microsecond) is spelled here
    /// with no string made: `String(number)` cost some 800 instructions, ten times a report.
    public mutating func value(_ number: Double) {
        guard let thousandths = Self.thousandths(of: number) else {
            separate()
            append(number.isFinite ? String(number) : "null")
            needsComma = true
            return
        }
        let lead = Lead(comma: needsComma)
        // Nine digits, a point and three decimals at most (`thousandths(of:)`'s bound).
        write(atMost: lead.count + 13) { start in
            var target = lead.write(at: start)
            target += DecimalDigits.spell(thousandths / 1000, into: target, room: 9)!
            target[0] = UInt8(ascii: ".")
            // The decimals without their trailing zeros, one at least (`2.5`, `3.0`).
            var fraction = thousandths % 1000
            var digits = 3
            while digits > 1, fraction % 10 == 0 {
                fraction /= 10
                digits -= 1
            }
            for index in stride(from: digits, to: 0, by: -1) {
                target[index] = UInt8(ascii: "0") + UInt8(fraction % 10)
                fraction /= 10
            }
            return target + digits + 1 - start
        }
        needsComma = true
    }

    /// `number` in thousandths when `String(number)` spells it as that count's decimal, with
    /// three decimals at most and no exponent: `number` is the `Double` nearest that decimal,
    /// +0 or between 0.001 and 10^9. There, two decimals of three places lie more than a
    /// `Double`'s spacing apart, so the decimal is the shortest spelling that reads back as
    /// `number`, the one Swift prints. Nil for any other number.
    static func thousandths(of number: Double) -> Int? {
        if number == 0 { return number.sign == .plus ? 0 : nil }
        guard number >= 0.001, number < 1e9 else { return nil }
        let scaled = (number * 1000).rounded()
        return scaled / 1000 == number ? Int(scaled) : nil
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
    /// A container none of whose strings holds an escape (most payloads) is copied from the
    /// document's text, its whitespace left out (`JSONDocument.copyCompact`): a batch writes
    /// each item's payload back this way, in about a quarter of the walk's instructions (3,400
    /// against 12,900 for `bench/payload-1k.json`, callgrind).
    public mutating func value(_ json: JSONView) {
        if json.isObject || json.isArray, let textEnd = json.reading({ $0.unescapedEnd(ofContainer: json.index) }) {
            separate()
            let most = textEnd - Int(json.node.start)
            write(atMost: most) { out in
                json.reading { $0.copyCompact(ofContainer: json.index, textEnd: textEnd, to: out) }
            }
            needsComma = true
            return
        }
        if let members = json.members {
            object { writer in
                for member in members { writer.key(text: member.key); writer.value(member.value) }
            }
        } else if let elements = json.elements {
            array { writer in for element in elements { writer.value(element) } }
        } else if json.isString {
            let lead = Lead(comma: needsComma)
            json.withUTF8 { quoted($0, after: lead) }
            needsComma = true
        } else {
            // A number, true, false or null: as written.
            separate()
            let range = json.node.range
            json.reading { $0.bytes.withUnsafeBufferPointer { raw(UnsafeBufferPointer(rebasing: $0[range])) } }
            needsComma = true
        }
    }

    /// Writes a string value whose bytes `body` writes with `raw` as they are, without building a
    /// `String`: text made only of characters JSON never escapes (a percent-encoded path), or
    /// pieces that `body` escapes itself with `escaped` (a finding's message).
    mutating func unescapedString(_ body: (inout JSONWriter) -> Void) {
        openString()
        body(&self)
        closeString()
    }

    /// Starts a string value whose bytes the caller writes with `raw` or `escaped`
    /// (`unescapedString` without a closure).
    mutating func openString() {
        let lead = Lead(comma: needsComma)
        write(lead.count + 1) { lead.write(at: $0)[0] = UInt8(ascii: "\"") }
    }

    /// Ends the string `openString` started.
    mutating func closeString() {
        raw(UInt8(ascii: "\""))
        needsComma = true
    }

    public mutating func field(_ name: StaticString, _ string: String?) {
        guard let lead = lead(name) else {
            key(name)
            return value(string)
        }
        value(string, after: lead)
    }

    /// A string held by a document or as a `String`, written from its bytes: the same text
    /// `field(_:_: String?)` writes for its `string`.
    public mutating func field(_ name: StaticString, _ text: DocumentText?) {
        guard let lead = lead(name) else {
            key(name)
            return value(text)
        }
        value(text, after: lead)
    }

    public mutating func field(_ name: StaticString, _ number: Int) {
        guard let lead = lead(name) else {
            key(name)
            return value(number)
        }
        value(number, after: lead)
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
        if needsComma { raw(UInt8(ascii: ",")) }
    }

    private mutating func append(_ string: String) {
        string.withUTF8InPlace { raw($0) }
    }

    /// Appends `string` as a JSON string literal, escaping what RFC 8259 requires.
    public static func appendQuoted(_ string: String, to bytes: inout [UInt8]) {
        string.withUTF8InPlace { appendQuoted($0, to: &bytes) }
    }

    /// Appends the UTF-8 text `utf8` as a JSON string literal.
    static func appendQuoted(_ utf8: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        appendEscaped(utf8, to: &bytes)
        bytes.append(UInt8(ascii: "\""))
    }

    /// Appends the UTF-8 text `utf8` escaped as the inside of a JSON string literal (no quotes).
    static func appendEscaped(_ utf8: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8]) {
        forEachEscapedPiece(utf8) { bytes.append(contentsOf: $0) }
    }

    /// Hands `body` the UTF-8 text `utf8` escaped as the inside of a JSON string literal, piece by
    /// piece: the runs that need no escape as they are (found sixteen bytes at a time), and each
    /// byte that does as its escape sequence.
    @inline(__always)
    public static func forEachEscapedPiece(
        _ utf8: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Void
    ) {
        var plainStart = 0
        var index = ByteScan.firstStringSpecial(utf8, from: 0)
        while index < utf8.count {
            body(UnsafeBufferPointer(rebasing: utf8[plainStart..<index]))
            withEscape(of: utf8[index], body)
            plainStart = index + 1
            index = ByteScan.firstStringSpecial(utf8, from: plainStart)
        }
        body(UnsafeBufferPointer(rebasing: utf8[plainStart...]))
    }

    /// Whether `utf8` can stand in a JSON string as it is: no quote, backslash or control byte
    /// (`ByteScan.firstStringSpecial`'s bytes). Inlinable, and a short text is read a byte at a
    /// time in the caller: the access log asks for an id, a method and a path on every request,
    /// and the call across modules with `firstStringSpecial`'s setup cost some 150 instructions
    /// each. A test compares the two readings over every byte.
    @inlinable @inline(__always)
    public static func needsNoEscape(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        guard utf8.count < 16 else { return hasNoStringSpecial(utf8) }
        for byte in utf8 where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
            return false
        }
        return true
    }

    /// `needsNoEscape` for a text of sixteen bytes or more, sixteen bytes at a time.
    @usableFromInline
    static func hasNoStringSpecial(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        !ByteScan.hasStringSpecial(utf8)
    }

    /// Hands `body` the escape sequence of `byte` (a quote, a backslash or a control character):
    /// `\n`, `\r` and `\t` for theirs, `\u00XX` (lowercase hex) for the other controls.
    private static func withEscape(of byte: UInt8, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        let hex: StaticString = "0123456789abcdef"
        var sequence: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) = (UInt8(ascii: "\\"), 0, 0x30, 0x30, 0, 0)
        var count = 2
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): sequence.1 = byte
        case 0x0A: sequence.1 = UInt8(ascii: "n")
        case 0x0D: sequence.1 = UInt8(ascii: "r")
        case 0x09: sequence.1 = UInt8(ascii: "t")
        default:
            sequence.1 = UInt8(ascii: "u")
            hex.withUTF8Buffer { digits in
                sequence.4 = digits[Int(byte >> 4)]
                sequence.5 = digits[Int(byte & 0x0F)]
            }
            count = 6
        }
        withUnsafeBytes(of: &sequence) { escape in
            body(UnsafeBufferPointer(start: escape.baseAddress!.assumingMemoryBound(to: UInt8.self), count: count))
        }
    }
}
