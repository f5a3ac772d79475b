/// An RFC 6901 JSON Pointer (`/aps/image-url`, `/com.urbanairship.media_attachment/url/0`), with
/// one extension: a `*` token stands for every member of an object (or element of an array), in
/// document order (`/att/*`).
///
/// ```swift
/// let pointer = try JSONPointer("/att/*")
/// pointer.resolve(in: payload)  // [("/att/id", "https://..."), ("/att/img", ...)]
/// ```
public struct JSONPointer: Sendable, Hashable, CustomStringConvertible {
    /// The reference tokens, unescaped (`~1` is `/`, `~0` is `~`).
    public let tokens: [String]
    /// The pointer as written.
    public let text: String

    /// Why a text is not a pointer.
    public struct Problem: Error, Sendable, Equatable {
        public var reason: String
    }

    public init(_ text: String) throws(Problem) {
        guard text.isEmpty || text.hasPrefix("/") else {
            throw Problem(reason: "\"\(text)\" is not a JSON Pointer: it must start with / (\"/\(text)\")")
        }
        var tokens: [String] = []
        for raw in text.split(separator: "/", omittingEmptySubsequences: false).dropFirst() {
            var token = ""
            var characters = raw.makeIterator()
            while let character = characters.next() {
                guard character == "~" else {
                    token.append(character)
                    continue
                }
                switch characters.next() {
                case "0": token.append("~")
                case "1": token.append("/")
                default: throw Problem(reason: "\"\(text)\": ~ must be followed by 0 or 1 (RFC 6901)")
                }
            }
            tokens.append(token)
        }
        self.tokens = tokens
        self.text = text
    }

    public var description: String { text }

    /// The first value the pointer reaches that is not `null`, with its concrete pointer. Without
    /// a wildcard the pointer is walked directly (the per-request path: no arrays, no strings).
    public func first<Tree: JSONTree>(in root: Tree) -> (pointer: String, value: Tree)? {
        guard !hasWildcard else { return resolve(in: root).first { !$0.value.isNull } }
        var current = root
        for token in tokens {
            guard let next = Self.child(token, of: current) else { return nil }
            current = next
        }
        return current.isNull ? nil : (text, current)
    }

    /// The member named `token` of an object (the last when it repeats), or the element an
    /// array index names (digits as written, no leading zero).
    private static func child<Tree: JSONTree>(_ token: String, of value: Tree) -> Tree? {
        if value.isObject { return value[token] }
        guard let index = Int(token), index >= 0, token == String(index) else { return nil }
        return value.element(at: index)
    }

    private var hasWildcard: Bool { tokens.contains("*") }

    /// Every value the pointer reaches, with the concrete pointer to each (wildcards filled in),
    /// in document order. Empty when nothing is there.
    public func resolve<Tree: JSONTree>(in root: Tree) -> [(pointer: String, value: Tree)] {
        var found: [(String, Tree)] = [("", root)]
        for token in tokens {
            var next: [(String, Tree)] = []
            for (path, value) in found {
                if token == "*" {
                    value.forEachChild { key, position, child in
                        next.append((path + "/" + (key.map(Self.escape) ?? String(position)), child))
                    }
                } else if let child = Self.child(token, of: value) {
                    next.append((path + "/" + Self.escape(token), child))
                }
            }
            found = next
        }
        return found
    }

    static func escape(_ token: String) -> String {
        var escaped = ""
        for character in token {
            switch character {
            case "~": escaped += "~0"
            case "/": escaped += "~1"
            default: escaped.append(character)
            }
        }
        return escaped
    }

    /// The pointer for a dotted key of 0.3's `payload.media_keys` (`aps.image-url` is `/aps/image-url`).
    public static func fromDotted(_ key: String) -> String {
        "/"
            + key.split(separator: ".", omittingEmptySubsequences: false).map { escape(String($0)) }.joined(
                separator: "/")
    }
}
