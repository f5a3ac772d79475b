/// A family of header names the application defines in full (a push service's request headers,
/// say): a name under `prefix` that is not one of `names` is a misspelling, or a folded line
/// glued onto a name, that the application would silently ignore, so the request is refused
/// with 400 instead.
///
/// ```swift
/// let reserved = ReservedHeaders(prefix: "x-acme-", names: ["x-acme-tenant"], kind: "an Acme header")
/// let server = HTTPServer(configuration: .init(port: 0, reservedHeaders: reserved), router: router)
/// ```
public struct ReservedHeaders: Sendable {
    /// The lowercased prefix the family's names share.
    public var prefix: String
    /// The lowercased names the family defines.
    public var names: Set<String>
    /// What the names are, for the refusal's message: `"x-acme-tenat" is not <kind>`.
    public var kind: String

    /// Names and prefix are matched without regard to ASCII case.
    public init(prefix: String, names: some Sequence<String>, kind: String) {
        self.prefix = prefix.lowercased()
        self.names = Set(names.map { $0.lowercased() })
        self.kind = kind
    }

    /// Whether a lowercased header name falls under the prefix without being one of the names.
    func refuses(_ lowercasedName: String) -> Bool {
        // The prefix compared byte for byte through pointers (`hasPrefix` compares characters,
        // and `utf8.starts(with:)` iterates both views, on every header): a header name is a
        // token, ASCII, so only an ASCII prefix can start one either way.
        var name = lowercasedName
        var prefix = self.prefix
        let under = name.withUTF8 { name in
            prefix.withUTF8 { prefix in
                name.count >= prefix.count && (0..<prefix.count).allSatisfy { name[$0] == prefix[$0] }
            }
        }
        return under && !names.contains(lowercasedName)
    }
}
