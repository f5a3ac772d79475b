import PreflightCore
import PreflightHTTP

extension APNsHeaders {
    /// The APNs headers of a request to `/v1/preflight` or `/v1/preflight/bulk`: each field's
    /// header, found by its bytes, with each name the request repeats marked, in sorted order so
    /// the findings come in one order whatever the request's. `borrowing`, as an initializer
    /// would otherwise take (and be handed a copy of) the whole request.
    init(request: borrowing HTTPRequest) {
        // Filled as a local and then moved into `self` (`consume`): filled as `self` through the
        // closure, or assigned to it without `consume`, it was copied out at the end (the SIL
        // loads it twice, retaining one and releasing the other).
        var headers = APNsHeaders()
        request.headers.forEach(namedIn: Self.headerNames) { headers[Self.fields[$0]] = $1 }
        if request.headers.hasRepeats {
            for name in request.headers.repeatedNames { headers.markRepeated(name) }
        }
        self = consume headers
    }

    private static let fields = Field.allCases
    /// Each field's name, in the order of `fields`.
    private static let headerNames = fields.map { HeaderName($0.name) }
}
