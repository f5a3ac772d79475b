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
    public func first(in root: JSONValue) -> (pointer: String, value: JSONValue)? {
        guard !hasWildcard else { return resolve(in: root).first { $0.value != .null } }
        var current = root
        for token in tokens {
            switch current {
            case .object(let members):
                guard let member = members.last(where: { $0.key == token }) else { return nil }
                current = member.value
            case .array(let elements):
                guard let index = Int(token), index >= 0, index < elements.count, token == String(index) else {
                    return nil
                }
                current = elements[index]
            default:
                return nil
            }
        }
        return current == .null ? nil : (text, current)
    }

    private var hasWildcard: Bool { tokens.contains("*") }

    /// Every value the pointer reaches, with the concrete pointer to each (wildcards filled in),
    /// in document order. Empty when nothing is there.
    public func resolve(in root: JSONValue) -> [(pointer: String, value: JSONValue)] {
        var found: [(String, JSONValue)] = [("", root)]
        for token in tokens {
            var next: [(String, JSONValue)] = []
            for (path, value) in found {
                switch value {
                case .object(let members):
                    if token == "*" {
                        for member in members { next.append((path + "/" + Self.escape(member.key), member.value)) }
                    } else if let member = members.last(where: { $0.key == token }) {
                        next.append((path + "/" + Self.escape(token), member.value))
                    }
                case .array(let elements):
                    if token == "*" {
                        for (index, element) in elements.enumerated() { next.append((path + "/\(index)", element)) }
                    } else if let index = Int(token), index >= 0, index < elements.count,
                        token == String(index)
                    {
                        next.append((path + "/" + token, elements[index]))
                    }
                default:
                    break
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
