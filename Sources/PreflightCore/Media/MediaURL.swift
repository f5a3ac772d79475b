/// An absolute http(s) URL taken apart the way the rules need it: scheme, host, port,
/// and the extension of the path's last segment.
public struct MediaURL: Sendable, Equatable {
    public var text: String
    /// `http` or `https`, lowercased.
    public var scheme: String
    public var host: String
    public var port: Int?
    /// The path, percent-encoding kept; "/" when empty.
    public var path: String
    /// The last path segment's extension, lowercased, without the dot; nil when there is none.
    public var pathExtension: String?

    /// Why a string is not a URL the extension can download.
    public struct Problem: Error, Sendable, Equatable {
        public var reason: String
    }

    /// Parses `text`; the problem names what is wrong.
    public static func parse(_ text: String) throws(Problem) -> MediaURL {
        guard !text.isEmpty else { throw Problem(reason: "the URL is empty") }
        if let bad = text.unicodeScalars.first(where: { $0.value <= 0x20 || $0.value >= 0x7F || $0 == "\\" }) {
            let shown = bad.value <= 0x20 ? codePointName(bad.value) : String(bad)
            throw Problem(reason: "the URL contains \(shown), which must be percent-encoded")
        }
        guard let colon = text.firstIndex(of: ":"), text[colon...].hasPrefix("://") else {
            throw Problem(reason: "the URL is not absolute (no scheme://)")
        }
        let scheme = text[..<colon].lowercased()
        guard scheme == "http" || scheme == "https" else {
            throw Problem(reason: "the scheme \"\(scheme)\" is not http or https")
        }
        let rest: Substring = text[text.index(colon, offsetBy: 3)...]
        let authorityEnd = rest.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }) ?? rest.endIndex
        let authority = rest[..<authorityEnd]
        if authority.contains("@") {
            throw Problem(reason: "the URL carries a user name or password, which downloads refuse")
        }
        let (host, port) = try splitHostPort(authority)
        guard !host.isEmpty else { throw Problem(reason: "the URL has no host") }

        var pathAndMore = rest[authorityEnd...]
        if let cut = pathAndMore.firstIndex(where: { $0 == "?" || $0 == "#" }) {
            pathAndMore = pathAndMore[..<cut]
        }
        let path = pathAndMore.isEmpty ? "/" : String(pathAndMore)
        return MediaURL(
            text: text, scheme: scheme, host: host.lowercased(), port: port, path: path,
            pathExtension: extensionOf(path: path))
    }

    private static func splitHostPort(_ authority: Substring) throws(Problem) -> (String, Int?) {
        var host = authority
        var portText: Substring?
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { throw Problem(reason: "unclosed [ in the host") }
            host = authority[authority.startIndex...close]
            let after = authority[authority.index(after: close)...]
            if after.hasPrefix(":") {
                portText = after.dropFirst()
            } else if !after.isEmpty {
                throw Problem(reason: "unexpected text after the IPv6 host")
            }
        } else if let colon = authority.lastIndex(of: ":") {
            host = authority[..<colon]
            portText = authority[authority.index(after: colon)...]
        }
        var port: Int?
        if let portText, !portText.isEmpty {
            guard portText.allSatisfy(\.isASCIIDigit), let value = Int(portText), (1...65535).contains(value) else {
                throw Problem(reason: "the port \"\(portText)\" is not a number 1...65535")
            }
            port = value
        }
        return (String(host), port)
    }

    private static func extensionOf(path: String) -> String? {
        guard let lastSegment = path.split(separator: "/", omittingEmptySubsequences: true).last,
            let dot = lastSegment.lastIndex(of: "."), dot != lastSegment.startIndex
        else { return nil }
        let ext = lastSegment[lastSegment.index(after: dot)...]
        guard !ext.isEmpty, ext.count <= 8, ext.allSatisfy({ $0.isASCIILetterOrDigit }) else { return nil }
        return ext.lowercased()
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
