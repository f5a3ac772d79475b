import PreflightCore
import PreflightHTTP

/// What a request asks for besides its body, read once from its query and headers: the
/// single endpoint checks with it, and each batch item with it and its own overrides.
///
/// A query argument wins over its header (`?profile=` over `Preflight-Profile`), and each one
/// given must be valid, so a wrong header is not hidden by a right query argument.
///
/// ```swift
/// switch RequestOptions.parse(request, configuration: configuration) {
/// case .success(let options): check.run(body: request.body, ..., fetch: options.fetch, ...)
/// case .failure(let refusal): responder.respond(refusal.response)
/// }
/// ```
struct RequestOptions: Sendable {
    /// `?fetch=`: absent or `true` downloads the media, `false` does not.
    var fetch = true
    /// `?expect=media` or `Preflight-Expect: media`: the push must carry media.
    var expectMedia = false
    /// The profile named by `?profile=` or `Preflight-Profile`; nil lets the inspector pick
    /// (`apps` for the push's `apns-topic`, else the envelope's preset, else `default_profile`).
    var profile: ExtensionProfile?
    /// The envelope format named by `?format=` or `Preflight-Format`; nil to detect it.
    var format: EnvelopeFormat?
    /// `Accept: text/plain` (and no JSON asked for first): the report as `preflight check` prints it.
    var wantsText = false

    /// A 400 answer for an option that does not parse.
    struct Refusal: Error {
        var response: HTTPResponse
    }

    /// The options of `request`, or the refusal of the first bad one, in this order: `fetch`,
    /// the profile, the format, `expect`.
    static func parse(
        _ request: HTTPRequest, configuration: PreflightConfiguration
    ) -> Result<RequestOptions, Refusal> {
        let given = Given(request)
        return Result { () throws(Refusal) -> RequestOptions in
            var options = RequestOptions()
            options.fetch = try fetchMode(given.fetch).get()
            options.profile = try profile(
                query: given.profile, header: given.profileHeader, configuration: configuration
            ).get()
            options.format = try format(query: given.format, header: given.formatHeader).get()
            options.expectMedia = try expectsMedia(query: given.expect, header: given.expectHeader).get()
            options.wantsText = given.accept.map(acceptsTextFirst) ?? false
            return options
        }
    }

    /// The query arguments and headers the options are read from. The query's are found in one
    /// pass over its table: a lookup of each of the four names would hash every name, given or
    /// not. Its names are as sent.
    private struct Given {
        // Each initialized once (docs/architecture.md, "Initialized once, not assigned over").
        let fetch, profile, format, expect: Optional<String>
        let profileHeader, formatHeader, expectHeader, accept: Optional<String>

        static let profileHeaderName: HeaderName = "preflight-profile"
        static let formatHeaderName: HeaderName = "preflight-format"
        static let expectHeaderName: HeaderName = "preflight-expect"
        static let acceptHeaderName: HeaderName = "accept"

        /// `borrowing`: an initializer takes its arguments owned, and this one was handed a copy
        /// of the whole request, each of its buffers retained and then released.
        init(_ request: borrowing HTTPRequest) {
            var fetch, profile, format, expect: String?
            for (name, value) in request.query {
                switch name {
                case "fetch": fetch = value
                case "profile": profile = value
                case "format": format = value
                case "expect": expect = value
                default: continue
                }
            }
            (self.fetch, self.profile, self.format, self.expect) = (fetch, profile, format, expect)
            // The headers' table compares names as bytes, without hashing: four lookups, of
            // names made once.
            profileHeader = request.headers[Self.profileHeaderName]
            formatHeader = request.headers[Self.formatHeaderName]
            expectHeader = request.headers[Self.expectHeaderName]
            accept = request.headers[Self.acceptHeaderName]
        }
    }

    /// The profile a batch item is checked with: the one it names, else the request's.
    func profile(
        forItem name: String?, configuration: PreflightConfiguration
    ) -> Result<ExtensionProfile?, Refusal> {
        guard let name else { return .success(profile) }
        guard let named = configuration.profiles[name] else {
            return .failure(Self.unknownProfile(name, configuration))
        }
        return .success(named)
    }

    /// The envelope format a batch item is checked with: the one it names, else the request's.
    func format(forItem name: String?) -> Result<EnvelopeFormat?, Refusal> {
        guard let name else { return .success(format) }
        guard let named = EnvelopeFormat(rawValue: name) else { return .failure(Self.unknownFormat(name)) }
        return .success(named)
    }

    // MARK: - Each option

    /// `fetch`: absent or true downloads, false does not; 400 `invalid-query` for another value.
    private static func fetchMode(_ value: String?) -> Result<Bool, Refusal> {
        switch value {
        case nil, "true": .success(true)
        case "false": .success(false)
        case let other?:
            .failure(
                Refusal(
                    response: .error(
                        400, code: "invalid-query", message: "fetch must be true or false, got \"\(other)\"")))
        }
    }

    /// Whether the request expects media; 400 `invalid-query` for a value other than `media`.
    private static func expectsMedia(query: String?, header: String?) -> Result<Bool, Refusal> {
        // The first value given that is not `media`, the query's before the header's.
        let notMedia = { (value: String?) in value == "media" ? nil : value }
        if let value = notMedia(query) ?? notMedia(header) {
            return .failure(
                Refusal(
                    response: .error(400, code: "invalid-query", message: "expect must be media, got \"\(value)\"")))
        }
        return .success(query != nil || header != nil)
    }

    /// The profile named, if one is; 400 `unknown-profile` for a name with no profile.
    private static func profile(
        query: String?, header: String?, configuration: PreflightConfiguration
    ) -> Result<ExtensionProfile?, Refusal> {
        if let name = firstUnknown(query, header, isKnown: { configuration.profiles[$0] != nil }) {
            return .failure(unknownProfile(name, configuration))
        }
        return .success((query ?? header).flatMap { configuration.profiles[$0] })
    }

    /// The envelope format named, nil to detect it; 400 `unknown-format` for any other value.
    private static func format(query: String?, header: String?) -> Result<EnvelopeFormat?, Refusal> {
        if let name = firstUnknown(query, header, isKnown: { EnvelopeFormat(rawValue: $0) != nil }) {
            return .failure(unknownFormat(name))
        }
        return .success((query ?? header).flatMap(EnvelopeFormat.init(rawValue:)))
    }

    /// The query's name if `isKnown` refuses it, else the header's: each given one must be
    /// known, so a wrong header is not hidden by a right query argument. Two checks rather than
    /// a loop over `[query, header]`, whose array would be allocated on every request.
    private static func firstUnknown(_ query: String?, _ header: String?, isKnown: (String) -> Bool) -> String? {
        if let query, !isKnown(query) { return query }
        if let header, !isKnown(header) { return header }
        return nil
    }

    private static func unknownFormat(_ name: String) -> Refusal {
        Refusal(
            response: .error(
                400, code: "unknown-format",
                message:
                    "no envelope format \"\(name)\"; known: \(EnvelopeFormat.allCases.map(\.rawValue).joined(separator: ", "))"
            ))
    }

    private static func unknownProfile(_ name: String, _ configuration: PreflightConfiguration) -> Refusal {
        Refusal(
            response: .error(
                400, code: "unknown-profile",
                message: "no profile \"\(name)\"; known: \(configuration.profileNames)"))
    }

    /// Whether an `Accept` value starts with `text/plain` (any case), read without copying it.
    static func acceptsTextFirst(_ accept: String) -> Bool {
        let wanted = "text/plain".utf8
        guard accept.utf8.count >= wanted.count else { return false }
        return zip(accept.utf8, wanted).allSatisfy { $0 | 0x20 == $1 | 0x20 }
    }
}
