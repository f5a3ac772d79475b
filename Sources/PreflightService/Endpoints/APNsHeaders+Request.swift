import PreflightCore
import PreflightHTTP

extension APNsHeaders {
    /// The APNs headers of a request to `/v1/preflight` or `/v1/preflight/bulk`: the headers
    /// under the two families' prefixes, with each name the request repeats marked, in sorted
    /// order so the findings come in one order whatever the request's.
    init(request: HTTPRequest) {
        self.init()
        request.headers.forEach(namePrefixedBy: Self.families) { set(lowercased: $0, $1) }
        if request.headers.hasRepeats {
            for name in request.headers.repeatedNames { markRepeated(name) }
        }
    }

    /// The prefixes of the two families of headers read: APNs's and Azure's.
    private static let families = [HeaderName(prefix), HeaderName(serviceBusPrefix)]
}
