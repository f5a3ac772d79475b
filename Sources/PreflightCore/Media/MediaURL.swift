/// An absolute http(s) URL taken apart the way the rules need it: scheme, host, port,
/// and the extension of the path's last segment.
///
/// Read from the URL's UTF-8 in place (the document's bytes, `parse(_:text:)`): the checks
/// make no copy of them, and the whole text and the path are made `String`s only when read.
public struct MediaURL: Sendable, Equatable {
    /// The URL as written (escapes of the JSON undone): the payload's string node, or a `String`.
    public let source: DocumentText
    /// The URL as written.
    public var text: String { source.string }
    /// `http` or `https`, lowercased.
    public var scheme: String
    public var host: String
    public var port: Int?
    /// The UTF-8 offsets of the path in `text`.
    private var pathOffsets: Range<Int>
    /// The last path segment's extension, lowercased, without the dot; nil when there is none.
    public var pathExtension: String?

    /// The path, percent-encoding kept; "/" when empty.
    public var path: String {
        guard !pathOffsets.isEmpty else { return "/" }
        // Every byte of a parsed URL is ASCII, so these offsets fall between characters.
        return source.withUTF8 { String(decoding: $0[pathOffsets], as: UTF8.self) }
    }

    /// Why a string is not a URL the extension can download.
    public struct Problem: Error, Sendable, Equatable {
        public var reason: String
    }

    /// Parses `text`; the problem names what is wrong.
    public static func parse(_ text: String) throws(Problem) -> MediaURL {
        var utf8 = text
        let parsed = utf8.withUTF8 { bytes in
            Swift.Result { () throws(Problem) in try parse(bytes, text: DocumentText(text)) }
        }
        return try parsed.get()
    }

    /// Parses the URL whose UTF-8 is `bytes` (a string of the payload, read in place) and whose
    /// text is `text` (the same characters, kept for the report and the download).
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, text: DocumentText) throws(Problem) -> MediaURL {
        guard !bytes.isEmpty else { throw Problem(reason: "the URL is empty") }
        // Sixteen bytes at a time; the byte is found again, to be named, only in a URL that has one.
        if ByteScan.hasNonPrintable(bytes, orEqualTo: UInt8(ascii: "\\")),
            let bad = bytes.first(where: { $0 <= 0x20 || $0 >= 0x7F || $0 == UInt8(ascii: "\\") })
        {
            let shown =
                bad <= 0x20 || bad == 0x7F
                ? codePointName(UInt32(bad)) : bad >= 0x80 ? "a non-ASCII character" : "\\"
            throw Problem(reason: "the URL contains \(shown), which must be percent-encoded")
        }
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), bytes.count >= colon + 3,
            bytes[colon + 1] == UInt8(ascii: "/"), bytes[colon + 2] == UInt8(ascii: "/")
        else {
            throw Problem(reason: "the URL is not absolute (no scheme://)")
        }
        let scheme = try scheme(bytes[..<colon])
        let authorityStart = colon + 3
        let isDelimiter = { (byte: UInt8) in
            byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#")
        }
        let authorityEnd = bytes[authorityStart...].firstIndex(where: isDelimiter) ?? bytes.count
        let authority = bytes[authorityStart..<authorityEnd]
        if authority.contains(UInt8(ascii: "@")) {
            throw Problem(reason: "the URL carries a user name or password, which downloads refuse")
        }
        let (host, port) = try splitHostPort(authority)
        guard !host.isEmpty else { throw Problem(reason: "the URL has no host") }
        try checkHost(host)

        var pathEnd = authorityEnd
        while pathEnd < bytes.count, bytes[pathEnd] != UInt8(ascii: "?"), bytes[pathEnd] != UInt8(ascii: "#") {
            pathEnd += 1
        }
        return MediaURL(
            source: text, scheme: scheme, host: ByteScan.lowercased(host), port: port,
            pathOffsets: authorityEnd..<pathEnd, pathExtension: extensionOf(path: bytes[authorityEnd..<pathEnd]))
    }

    /// `http` or `https` in any case, as the literal (no `String` made for it).
    private static func scheme(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) throws(Problem) -> String {
        // Byte by byte, lowercased: a lazy map's `elementsEqual` cost some 500 instructions a URL.
        func spells(_ name: StaticString) -> Bool {
            guard bytes.count == name.utf8CodeUnitCount else { return false }
            return name.withUTF8Buffer { expected in
                var position = bytes.startIndex
                for byte in expected {
                    if ByteScan.lowercased(bytes[position]) != byte { return false }
                    position += 1
                }
                return true
            }
        }
        if spells("https") { return "https" }
        if spells("http") { return "http" }
        let scheme = String(decoding: bytes, as: UTF8.self).lowercased()
        throw Problem(reason: "the scheme \"\(scheme)\" is not http or https")
    }

    private static func splitHostPort(
        _ authority: Slice<UnsafeBufferPointer<UInt8>>
    ) throws(Problem) -> (Slice<UnsafeBufferPointer<UInt8>>, Int?) {
        var host = authority
        var portBytes = authority[authority.endIndex...]
        if authority.first == UInt8(ascii: "[") {
            guard let close = authority.firstIndex(of: UInt8(ascii: "]")) else {
                throw Problem(reason: "unclosed [ in the host")
            }
            host = authority[authority.startIndex...close]
            let after = authority[(close + 1)...]
            if after.first == UInt8(ascii: ":") {
                portBytes = after.dropFirst()
            } else if !after.isEmpty {
                throw Problem(reason: "unexpected text after the IPv6 host")
            }
        } else if let colon = authority.lastIndex(of: UInt8(ascii: ":")) {
            host = authority[..<colon]
            portBytes = authority[(colon + 1)...]
        }
        guard !portBytes.isEmpty else { return (host, nil) }
        var value = 0
        for byte in portBytes.prefix(6) where byte >= 0x30 && byte <= 0x39 { value = value * 10 + Int(byte - 0x30) }
        guard portBytes.count <= 5, portBytes.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), (1...65535).contains(value)
        else {
            let portText = String(decoding: portBytes, as: UTF8.self)
            throw Problem(reason: "the port \"\(portText)\" is not a number 1...65535")
        }
        return (host, value)
    }

    /// A host is a DNS name (letters, digits, `-`, `_`, dots) or a bracketed IPv6 literal: a
    /// second port (`host:80:80`), a percent-escape (`a%2fb`) or any other byte is refused here,
    /// as a URL problem, instead of reaching curl and coming back as a refused download.
    private static func checkHost(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) throws(Problem) {
        if bytes.first == UInt8(ascii: "[") {
            let inner = bytes.dropFirst().dropLast()
            let isIPv6Byte = { (byte: UInt8) in
                (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x46) || (byte >= 0x61 && byte <= 0x66)
                    || byte == UInt8(ascii: ":") || byte == UInt8(ascii: ".")
            }
            guard !inner.isEmpty, inner.allSatisfy(isIPv6Byte) else {
                throw Problem(reason: "the IPv6 host \(String(decoding: bytes, as: UTF8.self)) is not an IPv6 address")
            }
            return
        }
        let isNameByte = { (byte: UInt8) in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".")
        }
        if let bad = bytes.first(where: { !isNameByte($0) }) {
            let shown = bad == UInt8(ascii: ":") ? "a second \":\"" : "\"\(Character(Unicode.Scalar(bad)))\""
            let host = String(decoding: bytes, as: UTF8.self)
            throw Problem(reason: "the host \"\(host)\" contains \(shown); a host is a name or an address")
        }
    }

    /// The last segment's extension: read back from the segment's end to its last dot, so that
    /// only the extension's few bytes are read (a generic `lastIndex` and `allSatisfy` over the
    /// slices read the path three times, some 300 instructions a URL).
    private static func extensionOf(path: Slice<UnsafeBufferPointer<UInt8>>) -> String? {
        var end = path.endIndex
        while end > path.startIndex, path[end - 1] == UInt8(ascii: "/") { end -= 1 }
        var dot = end
        while dot > path.startIndex {
            let byte = path[dot - 1]
            if byte == UInt8(ascii: ".") { break }
            // Not a letter or a digit: no extension (the segment's slash among them).
            let letter = byte | 0x20
            guard (byte >= 0x30 && byte <= 0x39) || (letter >= 0x61 && letter <= 0x7A) else { return nil }
            dot -= 1
        }
        // A dot found (`dot` is just after it) that is not the segment's first byte (`/.jpg`),
        // and an extension of one to eight bytes.
        guard dot - 1 > path.startIndex, path[dot - 2] != UInt8(ascii: "/"), end > dot, end - dot <= 8 else {
            return nil
        }
        return ByteScan.lowercased(path[dot..<end])
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
    var isASCIILetterOrDigit: Bool { isASCII && (isLetter || isNumber) }
}

/// `U+0020`-style name of a code point, for messages about invisible characters.
func codePointName(_ value: UInt32) -> String {
    let hex = String(value, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
}
