/// A bounds-checked reader of DER (ITU-T X.690): one element after another, each its tag and its
/// content. It never traps: a length past the end, an indefinite length (BER, not DER), a
/// multi-byte tag or a length over 2^31 ends the reading with nil.
///
/// ```swift
/// var reader = DERReader(bytes[...])
/// guard let certificate = reader.next(), certificate.tag == DERReader.sequence else { return nil }
/// ```
struct DERReader {
    /// One element: its identifier octet and its content octets.
    struct Element {
        var tag: UInt8
        var content: ArraySlice<UInt8>

        /// The content read as a series of elements (a SEQUENCE's or SET's).
        var children: DERReader { DERReader(content) }
    }

    static let boolean: UInt8 = 0x01
    static let integer: UInt8 = 0x02
    static let bitString: UInt8 = 0x03
    static let octetString: UInt8 = 0x04
    static let null: UInt8 = 0x05
    static let objectIdentifier: UInt8 = 0x06
    static let utcTime: UInt8 = 0x17
    static let generalizedTime: UInt8 = 0x18
    static let sequence: UInt8 = 0x30
    static let set: UInt8 = 0x31

    /// A context-specific tag `[number]`, constructed (EXPLICIT, or an IMPLICIT SEQUENCE) or primitive.
    static func context(_ number: UInt8, constructed: Bool) -> UInt8 {
        0x80 | (constructed ? 0x20 : 0) | (number & 0x1f)
    }

    private let bytes: ArraySlice<UInt8>
    private var at: Int

    init(_ bytes: ArraySlice<UInt8>) {
        self.bytes = bytes
        self.at = bytes.startIndex
    }

    /// Whether every element has been read.
    var isAtEnd: Bool { at >= bytes.endIndex }

    /// The next element, or nil at the end or on a malformed header (the rest is then unread).
    mutating func next() -> Element? {
        guard at < bytes.endIndex else { return nil }
        let tag = bytes[at]
        // High tag numbers (0x1f) do not occur in X.509.
        guard tag & 0x1f != 0x1f, at + 1 < bytes.endIndex else { return fail() }
        var cursor = at + 1
        let first = bytes[cursor]
        cursor += 1
        var length = 0
        if first < 0x80 {
            length = Int(first)
        } else {
            let count = Int(first & 0x7f)
            // 0x80 is BER's indefinite length; more than 4 octets cannot fit any certificate.
            guard count >= 1, count <= 4, bytes.endIndex - cursor >= count else { return fail() }
            for _ in 0..<count {
                length = length << 8 | Int(bytes[cursor])
                cursor += 1
            }
        }
        guard length <= bytes.endIndex - cursor else { return fail() }
        at = cursor + length
        return Element(tag: tag, content: bytes[cursor..<(cursor + length)])
    }

    /// The next element if it has `tag`; otherwise nil and nothing is read.
    mutating func next(if tag: UInt8) -> Element? {
        guard at < bytes.endIndex, bytes[at] == tag else { return nil }
        return next()
    }

    private mutating func fail() -> Element? {
        at = bytes.endIndex
        return nil
    }
}

// MARK: - Values

extension DERReader.Element {
    /// An OBJECT IDENTIFIER's dotted form (`1.2.840.113549.1.1.11`); nil when malformed or an arc
    /// passes 2^56.
    var objectIdentifier: String? {
        guard tag == DERReader.objectIdentifier, !content.isEmpty, let last = content.last, last & 0x80 == 0 else {
            return nil
        }
        var arcs: [UInt64] = []
        var value: UInt64 = 0
        for byte in content {
            guard value < 1 << 56 else { return nil }
            value = value << 7 | UInt64(byte & 0x7f)
            if byte & 0x80 == 0 {
                arcs.append(value)
                value = 0
            }
        }
        // The first subidentifier carries two arcs (X.690 8.19.4).
        let first = arcs[0]
        let head: [UInt64] = first < 40 ? [0, first] : first < 80 ? [1, first - 40] : [2, first - 80]
        return (head + arcs.dropFirst()).map(String.init).joined(separator: ".")
    }

    /// A BOOLEAN's value (DER writes TRUE as 0xff; any non-zero octet is read as true).
    var boolean: Bool? {
        guard tag == DERReader.boolean, content.count == 1, let byte = content.first else { return nil }
        return byte != 0
    }

    /// An unsigned INTEGER's size in bits, leading zero octets and bits not counted (an RSA modulus).
    var unsignedBitCount: Int? {
        guard tag == DERReader.integer else { return nil }
        guard let first = content.firstIndex(where: { $0 != 0 }) else { return 0 }
        return (content.endIndex - first - 1) * 8 + (8 - content[first].leadingZeroBitCount)
    }

    /// A BIT STRING's bytes, when its unused-bits octet is 0 (as keys and signatures are).
    var bitStringBytes: ArraySlice<UInt8>? {
        guard tag == DERReader.bitString, content.first == 0 else { return nil }
        return content.dropFirst()
    }
}
