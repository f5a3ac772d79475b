/// A finding's message or fix as the rule states it: the literal pieces of its source and the
/// values between them, joined only where the text is read. The report writes the pieces straight
/// into its JSON (`JSONWriter.value(_: FindingText)`), so a reported finding makes no `String` for
/// its texts; `text` joins them for a reader that wants one (the text report, JUnit, tests).
///
/// An interpolated literal builds this form: literals stay `StaticString`s, an `Int` stays a
/// number, a `String` is kept as it is, any other value is described as `String` interpolation
/// would describe it. Up to `inlinePieces` pieces, `inlineStrings` of them strings, are kept
/// inline, with no array; a longer text is joined into a `String` as it is built.
///
/// ```swift
/// let message: FindingText = "the \(field) has \(count) characters"
/// message.text  // "the body has 906 characters"
/// ```
public struct FindingText: Sendable, Equatable, CustomStringConvertible, ExpressibleByStringInterpolation {
    public typealias StringLiteralType = StaticString
    public typealias ExtendedGraphemeClusterLiteralType = StaticString
    public typealias UnicodeScalarLiteralType = StaticString

    /// The most pieces kept inline: `aps.alert.truncated`, which a long alert body makes on every
    /// push, has four literals and three values.
    static let inlinePieces = Pieces.Slots.count
    /// The most string values kept inline: a rule quotes at most a key, a value and a name.
    static let inlineStrings = Pieces.Strings.count

    /// One piece of a text, in two words that hold no reference: a literal of the rule's source
    /// (the address and count of its static UTF-8), a number, or a string value, which is kept
    /// in one of the pieces' string slots. A trivial type of sixteen bytes, so that a finding's
    /// pieces are moved as blocks of memory: an enum of a `StaticString` took 24 bytes a piece,
    /// in fields of 8, 8, 1 and 1 bytes, and each move of a finding (from the interpolation to
    /// the text, the finding and the findings' array) copied them field by field, some 500
    /// instructions and 3 KB of code at each place a rule makes one.
    struct Piece: Sendable {
        /// The literal's address, the number's bits, or the string's slot.
        private let word: UInt
        /// The kind in the low two bits (`literalKind`...), a literal's byte count above them.
        private let info: UInt

        private static let literalKind: UInt = 0
        private static let numberKind: UInt = 1
        private static let stringKind: UInt = 2

        /// What a piece holds, read out of its two words.
        enum Value {
            case literal(UnsafeBufferPointer<UInt8>)
            case number(Int)
            case string(slot: Int)
        }

        /// A literal whose UTF-8 is static: a `StaticString`'s, with a pointer representation.
        static func literal(_ start: UnsafePointer<UInt8>, count: Int) -> Piece {
            Piece(word: UInt(bitPattern: start), info: UInt(count) << 2 | literalKind)
        }

        static func number(_ value: Int) -> Piece { Piece(word: UInt(bitPattern: value), info: numberKind) }

        static func string(slot: Int) -> Piece { Piece(word: UInt(slot), info: stringKind) }

        var value: Value {
            switch info & 3 {
            case Self.literalKind:
                // The address came from a `StaticString`'s `utf8Start`, which is never nil.
                .literal(UnsafeBufferPointer(start: UnsafePointer(bitPattern: word), count: Int(info >> 2)))
            case Self.numberKind: .number(Int(bitPattern: word))
            default: .string(slot: Int(word))
            }
        }
    }

    /// The pieces, when the text is kept as pieces (`joined` is nil).
    private(set) var pieces: Pieces
    /// The text, when it is kept joined (made so, or past `inlinePieces` pieces or
    /// `inlineStrings` strings). Two stored properties, not an enum of the two forms: reading an
    /// enum's payload copies it, which for the pieces retained each of their strings on every
    /// text a report wrote.
    private(set) var joined: Optional<String>

    /// Whether the text is kept as one `String`, not as pieces.
    var isJoined: Bool { joined != nil }

    /// A text already made (read from a table, or built by a rule with `+`).
    // Each property initialized once, as `PayloadSummary`'s are.

    public init(_ text: String) {
        pieces = Pieces()
        joined = text
    }

    public init(stringLiteral value: StaticString) {
        var pieces = Pieces()
        _ = pieces.append(value)
        self.pieces = pieces
        joined = nil
    }

    public init(stringInterpolation: consuming StringInterpolation) {
        if let spilled = stringInterpolation.spilled {
            pieces = Pieces()
            joined = spilled
        } else {
            // Moved out, not copied: a copy retained the pieces' strings, and the interpolation's
            // release let them go again.
            pieces = stringInterpolation.takePieces()
            joined = nil
        }
    }

    /// The text joined into one `String`.
    public var text: String {
        if let joined { return joined }
        var text = ""
        text.reserveCapacity(pieces.utf8Count)
        pieces.forEachUTF8 { text += String(decoding: $0, as: UTF8.self) }
        return text
    }

    public var description: String { text }

    /// The UTF-8 bytes of the text, counted without joining it.
    public var utf8Count: Int { joined?.utf8.count ?? pieces.utf8Count }

    /// Hands `body` the text's UTF-8, piece by piece, in order.
    func forEachUTF8(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        withUnsafePointer(to: self) { Self.forEachUTF8(at: $0, body) }
    }

    /// `forEachUTF8` for the text stored at `text` (a finding's, in the report's array), each
    /// piece read where it is stored. A method called on `pointer.pointee` copied the whole
    /// text first (some 250 bytes, its strings retained and released), four times a report.
    static func forEachUTF8(at text: UnsafePointer<FindingText>, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        if let joined = text.pointee.joined { return withUTF8(of: joined, body) }
        // `pieces` is a stored property: `pointer(to:)` has its place in the text.
        Pieces.forEachUTF8(at: text.pointer(to: \.pieces)!, body)
    }

    /// `utf8Count` of the text stored at `text`, read from its stored properties in place (the
    /// computed property, called on `pointee`, would be handed a copy of the text).
    static func utf8Count(at text: UnsafePointer<FindingText>) -> Int {
        if let joined = text.pointee.joined { return joined.utf8.count }
        return text.pointee.pieces.utf8Count
    }

    /// Copies the UTF-8 of the text stored at `text` to `target`, which has room for `room`
    /// bytes; returns the bytes copied, or nil when the text is longer than the room.
    static func copy(at text: UnsafePointer<FindingText>, to target: UnsafeMutablePointer<UInt8>, room: Int) -> Int? {
        if let joined = text.pointee.joined { return copy(joined, to: target, room: room) }
        return Pieces.copy(at: text.pointer(to: \.pieces)!, to: target, room: room)
    }

    /// Copies `string`'s UTF-8 to `target` (room for `room` bytes), or nil when it does not fit.
    fileprivate static func copy(_ string: String, to target: UnsafeMutablePointer<UInt8>, room: Int) -> Int? {
        string.withUTF8InPlace { copy($0, to: target, room: room) }
    }

    /// Copies `bytes` to `target` (room for `room` bytes): their count, or nil when they do not fit.
    fileprivate static func copy(
        _ bytes: UnsafeBufferPointer<UInt8>, to target: UnsafeMutablePointer<UInt8>, room: Int
    ) -> Int? {
        guard bytes.count <= room else { return nil }
        if let source = bytes.baseAddress { JSONWriter.copy(source, to: target, count: bytes.count) }
        return bytes.count
    }

    /// Hands `body` the UTF-8 of `string`, read in place (`withUTF8InPlace`).
    fileprivate static func withUTF8(of string: String, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        string.withUTF8InPlace(body)
    }

    /// Cuts the text in place to its first `limit` bytes and `Quoting.ellipsis`
    /// (`Quoting.bounded`): a text within the limit is left as it is, pieces and all (and not
    /// copied); only one past it is joined, to be cut.
    mutating func bound(limit: Int) {
        guard utf8Count > limit else { return }
        self = FindingText(Quoting.bounded(text, limit: limit))
    }

    /// Two texts are equal when they read the same, however they were built.
    public static func == (lhs: FindingText, rhs: FindingText) -> Bool { lhs.text == rhs.text }

    /// Builds a `FindingText` from an interpolated literal: pieces inline while they fit, then a
    /// `String` the rest is appended to.
    public struct StringInterpolation: StringInterpolationProtocol {
        public typealias StringLiteralType = StaticString

        var pieces = Pieces()
        /// The text so far, once it has more pieces than fit inline.
        var spilled: String?

        public init(literalCapacity: Int, interpolationCount: Int) {}

        /// The pieces, moved out (an empty set left).
        mutating func takePieces() -> Pieces {
            var taken = Pieces()
            swap(&taken, &pieces)
            return taken
        }

        public mutating func appendLiteral(_ literal: StaticString) {
            if literal.withUTF8Buffer({ $0.isEmpty }) { return }
            add {
                $0.append(literal)
            } orJoin: { text in
                literal.withUTF8Buffer { text += String(decoding: $0, as: UTF8.self) }
            }
        }

        public mutating func appendInterpolation(_ value: String) {
            add {
                $0.append(value)
            } orJoin: {
                $0 += value
            }
        }

        public mutating func appendInterpolation(_ value: Int) {
            add {
                $0.append(value)
            } orJoin: { text in
                DecimalDigits.withSpelling(value) { text += String(decoding: $0, as: UTF8.self) }
            }
        }

        /// Any other value, described as `String` interpolation describes it.
        public mutating func appendInterpolation<Value>(_ value: Value) {
            appendInterpolation(String(describing: value))
        }

        /// Adds a piece inline (`append`, false when the pieces are full), or, once they are
        /// full, joins them into `spilled` and appends the rest of the text to it (`join`).
        private mutating func add(_ append: (inout Pieces) -> Bool, orJoin join: (inout String) -> Void) {
            if spilled == nil {
                if append(&pieces) { return }
                spilled = FindingText(pieces: pieces).text
            }
            join(&spilled!)
        }
    }

    private init(pieces: Pieces) {
        self.pieces = pieces
        joined = nil
    }
}

extension FindingText {
    /// Up to `FindingText.inlinePieces` pieces and `FindingText.inlineStrings` strings, stored
    /// inline (`InlineArray`s, no heap): a text copied as bytes and the strings' retains.
    struct Pieces: Sendable {
        private(set) var count: UInt8 = 0
        private var stringCount: UInt8 = 0
        /// The UTF-8 bytes of the pieces, counted as they are appended.
        private(set) var utf8Count = 0
        typealias Slots = InlineArray<7, Piece>
        typealias Strings = InlineArray<3, String>
        private var slots = Slots(repeating: .number(0))
        private var strings = Strings(repeating: "")

        /// Adds a literal, or returns false when every slot is taken.
        mutating func append(_ literal: StaticString) -> Bool {
            // A literal of one scalar may be held as the scalar, with no bytes to point at: kept
            // as a string (Swift 6.3 gives every literal a pointer, so this is a safeguard).
            guard literal.hasPointerRepresentation else { return append(literal.description) }
            guard count < FindingText.inlinePieces else { return false }
            add(.literal(literal.utf8Start, count: literal.utf8CodeUnitCount))
            utf8Count += literal.utf8CodeUnitCount
            return true
        }

        /// Adds a number, or returns false when every slot is taken.
        mutating func append(_ number: Int) -> Bool {
            guard count < FindingText.inlinePieces else { return false }
            add(.number(number))
            utf8Count += DecimalDigits.count(number)
            return true
        }

        /// Adds a string, or returns false when every slot, or every string slot, is taken.
        mutating func append(_ string: String) -> Bool {
            guard count < FindingText.inlinePieces, stringCount < FindingText.inlineStrings else { return false }
            strings[Int(stringCount)] = string
            add(.string(slot: Int(stringCount)))
            stringCount += 1
            utf8Count += string.utf8.count
            return true
        }

        /// Puts `piece` in the next slot, which the caller checked is free.
        private mutating func add(_ piece: Piece) {
            slots[Int(count)] = piece
            count += 1
        }

        /// Hands `body` each piece's UTF-8 in order, each read where it is stored.
        func forEachUTF8(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
            withUnsafePointer(to: self) { Self.forEachUTF8(at: $0, body) }
        }

        /// `forEachUTF8` for the pieces stored at `pieces`, each piece and string read from
        /// its slot there (not from a copy of them all).
        static func forEachUTF8(at pieces: UnsafePointer<Pieces>, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
            for index in 0..<Int(pieces.pointee.count) { withUTF8(of: piece(index, at: pieces), in: pieces, body) }
        }

        /// Copies the pieces stored at `pieces` one after another to `target` (room for `room`
        /// bytes): the bytes copied, or nil when they do not fit. Each piece read from its slot
        /// and copied in the loop, a number spelled in place.
        static func copy(at pieces: UnsafePointer<Pieces>, to target: UnsafeMutablePointer<UInt8>, room: Int) -> Int? {
            var offset = 0
            for index in 0..<Int(pieces.pointee.count) {
                let copied: Int?
                switch piece(index, at: pieces).value {
                case .literal(let literal):
                    copied = FindingText.copy(literal, to: target + offset, room: room - offset)
                case .number(let number):
                    copied = DecimalDigits.spell(number, into: target + offset, room: room - offset)
                case .string(let slot):
                    copied = FindingText.copy(string(slot, at: pieces), to: target + offset, room: room - offset)
                }
                guard let copied else { return nil }
                offset += copied
            }
            return offset
        }

        /// Hands `body` the piece's UTF-8; a number is spelled on the stack (no heap), a string
        /// read in its slot of `pieces`.
        private static func withUTF8(
            of piece: Piece, in pieces: UnsafePointer<Pieces>, _ body: (UnsafeBufferPointer<UInt8>) -> Void
        ) {
            switch piece.value {
            case .literal(let literal): body(literal)
            case .number(let number): DecimalDigits.withSpelling(number, body)
            case .string(let slot): FindingText.withUTF8(of: string(slot, at: pieces), body)
            }
        }

        /// The piece in slot `index` of the pieces stored at `pieces`, read where it is stored.
        private static func piece(_ index: Int, at pieces: UnsafePointer<Pieces>) -> Piece {
            pieces.pointee.slots[index]
        }

        /// The string value in string slot `slot` of the pieces stored at `pieces`.
        private static func string(_ slot: Int, at pieces: UnsafePointer<Pieces>) -> String {
            pieces.pointee.strings[slot]
        }
    }
}
