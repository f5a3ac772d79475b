/// How much of a sender's own text a finding repeats: a path, a key, a placeholder or a value is
/// quoted up to `maxBytes` bytes of UTF-8, then `ellipsis`. A finding about a 32 KB key says
/// which key in a line, instead of sending the key back three times (path, message, fix).
public enum Quoting {
    /// The most UTF-8 bytes of one quoted piece of user text, before the ellipsis.
    public static let maxBytes = 128
    /// Marks a quote that was cut.
    public static let ellipsis = "…"
    /// The longest a quote can be: `maxBytes` and the ellipsis.
    public static var maxQuotedBytes: Int { maxBytes + ellipsis.utf8.count }

    /// `text`, or its first `limit` bytes (cut between two characters' UTF-8, never inside one)
    /// followed by the ellipsis.
    public static func bounded(_ text: String, limit: Int = maxBytes) -> String {
        let utf8 = text.utf8
        guard utf8.count > limit else { return text }
        var end = utf8.index(utf8.startIndex, offsetBy: limit)
        // A continuation byte (10xxxxxx) is inside a character: step back to its first byte.
        while end > utf8.startIndex, utf8[end] & 0xC0 == 0x80 { end = utf8.index(before: end) }
        return String(decoding: utf8[..<end], as: UTF8.self) + ellipsis
    }

    /// The same cut over bytes (a string node's text, read in place).
    public static func bounded(_ bytes: UnsafeBufferPointer<UInt8>, limit: Int = maxBytes) -> String {
        guard bytes.count > limit else { return String(decoding: bytes, as: UTF8.self) }
        var end = limit
        while end > 0, bytes[end] & 0xC0 == 0x80 { end -= 1 }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[..<end]), as: UTF8.self) + ellipsis
    }
}
