/// A header name to look up in `HeaderFields`, lowercased and measured once: a name the server
/// reads for every request is made once, as a `static let`, and each lookup compares its first
/// eight bytes as one word before any other byte.
///
/// ```swift
/// static let tenant: HeaderName = "X-Acme-Tenant"
/// request.headers[Self.tenant]
/// ```
public struct HeaderName: Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The name, ASCII letters lowercased.
    public let text: String
    /// The name's two first words and length.
    let key: Key

    /// A lowercased name's first eight bytes as a word, its bytes 8 to 15 as another (each
    /// zero-padded) and its length: all of a name of up to 16 bytes (most are), so comparing two
    /// such names reads no other byte. A stored header and a wanted one are compared by it.
    struct Key: Sendable, Equatable {
        let tag: UInt64
        let tail: UInt64
        let count: Int

        /// The key of `name`, whose ASCII letters are lowercased already.
        init(lowercased name: UnsafeRawBufferPointer) {
            tag = HeaderFields.word(name, at: 0)
            tail = HeaderFields.word(name, at: 8)
            count = name.count
        }

        /// The key of the lowercased name of `count` bytes at `start`, where at least 16 bytes
        /// may be read whatever `count` is: two loads, masked to the name's length, with no loop
        /// over a short name's bytes. The same key as `init(lowercased:)`.
        init(lowercasedAt start: UnsafeRawPointer, count: Int) {
            tag = UInt64(littleEndian: start.loadUnaligned(as: UInt64.self)) & HeaderFields.mask(count)
            tail =
                UInt64(littleEndian: start.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
                & HeaderFields.mask(count - 8)
            self.count = count
        }
    }

    /// `name` in any ASCII case.
    public init(_ name: String) {
        var lowered = String(decoding: name.utf8.map(HeaderFields.lowercased), as: UTF8.self)
        key = lowered.withUTF8 { Key(lowercased: UnsafeRawBufferPointer($0)) }
        text = lowered
    }

    public init(stringLiteral value: String) {
        self.init(value)
    }

    public var description: String { text }

    /// Calls `body` with the lowercased name's bytes.
    func withUTF8<Result>(_ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        var text = text
        return text.withUTF8 { body(UnsafeRawBufferPointer($0)) }
    }

    // The names the server reads for every request.
    static let host: HeaderName = "host"
    static let contentLength: HeaderName = "content-length"
    static let transferEncoding: HeaderName = "transfer-encoding"
    static let requestID: HeaderName = "x-request-id"
}
