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
    /// Whether a token is `*`: settled as the pointer is made, since the rules ask for every push.
    let hasWildcard: Bool

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
        hasWildcard = tokens.contains("*")
    }

    public var description: String { text }

    /// The children a pointer with `*` looks at in one payload, at most: a wildcard over a
    /// payload of thousands of objects stops there (in document order) instead of following the
    /// payload's size, and what it did not reach counts as absent.
    public static let maxCandidates = 1000

    /// What a search found: the values reached with their concrete pointers, and the children
    /// its wildcards looked at (`examined`, at most `maxCandidates`).
    public struct Search<Tree: JSONTree>: Sendable {
        public var matches: [(pointer: String, value: Tree)] = []
        public var examined = 0
        /// Whether it stopped at `maxCandidates` with children left unread.
        public var cut = false
    }

    /// The first value the pointer reaches that is not `null`, with its concrete pointer. Without
    /// a wildcard the pointer is walked directly (the per-request path: no arrays, no strings).
    public func first<Tree: JSONTree>(in root: Tree) -> (pointer: String, value: Tree)? {
        guard !hasWildcard else { return search(in: root, limit: 1, skippingNull: true).matches.first }
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

    /// Every value the pointer reaches (at most `maxCandidates` children looked at), with the
    /// concrete pointer to each (wildcards filled in), in document order. Empty when nothing is there.
    public func resolve<Tree: JSONTree>(in root: Tree) -> [(pointer: String, value: Tree)] {
        search(in: root, limit: Self.maxCandidates, skippingNull: false).matches
    }

    /// Depth first, in document order, up to `limit` matches: only the tokens of the path being
    /// followed are held (one per level), and a concrete pointer is written only for a match.
    public func search<Tree: JSONTree>(in root: Tree, limit: Int, skippingNull: Bool) -> Search<Tree> {
        var search = Search<Tree>()
        var trail: [String] = []
        // False once the search is over (enough matches, or the candidates spent).
        func visit(_ value: Tree, _ depth: Int) -> Bool {
            guard depth < tokens.count else {
                if skippingNull, value.isNull { return true }
                search.matches.append((trail.map { "/" + Self.escape($0) }.joined(), value))
                return search.matches.count < limit
            }
            let token = tokens[depth]
            guard token == "*" else {
                guard let child = Self.child(token, of: value) else { return true }
                trail.append(token)
                defer { trail.removeLast() }
                return visit(child, depth + 1)
            }
            var going = true
            value.forEachChild { key, position, child in
                guard search.examined < Self.maxCandidates else {
                    search.cut = true
                    going = false
                    return false
                }
                search.examined += 1
                trail.append(key ?? String(position))
                going = visit(child, depth + 1)
                trail.removeLast()
                return going
            }
            return going
        }
        _ = visit(root, 0)
        return search
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

    /// The pointer for a dotted key of the retired `payload.media_keys` (`aps.image-url` is `/aps/image-url`).
    public static func fromDotted(_ key: String) -> String {
        "/"
            + key.split(separator: ".", omittingEmptySubsequences: false).map { escape(String($0)) }.joined(
                separator: "/")
    }
}
