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
    /// The name's first eight bytes as a word, zero-padded (`HeaderFields.tag(of:)`).
    let tag: UInt64
    /// The name's bytes 8 to 15 as a word, zero-padded: with `tag`, all of a name of up to 16
    /// bytes (most are), so a lookup reads no byte of `text`.
    let tail: UInt64
    /// The name's length in bytes.
    let count: Int

    /// `name` in any ASCII case.
    public init(_ name: String) {
        var lowered = String(decoding: name.utf8.map(HeaderFields.lowercased), as: UTF8.self)
        tag = lowered.withUTF8 { HeaderFields.tag(of: UnsafeRawBufferPointer($0)) }
        tail = lowered.withUTF8 { HeaderFields.word(UnsafeRawBufferPointer($0), at: 8) }
        count = lowered.utf8.count
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
