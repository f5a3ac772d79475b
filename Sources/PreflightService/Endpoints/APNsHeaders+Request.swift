import PreflightCore
import PreflightHTTP

extension APNsHeaders {
    /// The APNs headers of a request to `/v1/preflight` or `/v1/preflight/bulk`: its header
    /// table, with each name it repeats marked, sorted so the findings come in one order
    /// whatever the set's.
    init(request: HTTPRequest) {
        self.init(lowercased: request.headers)
        for name in request.repeatedHeaders.sorted() { markRepeated(name) }
    }
}
