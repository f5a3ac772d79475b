internal import CMicroHTTPD
import Dispatch
import Glibc

/// The state of one request between libmicrohttpd's calls: headers, the body gathered
/// so far, and where the request is in its life. Only the connection's own daemon thread
/// touches it.
final class Exchange {
    /// A request's life. Each call from libmicrohttpd is an event on it (`HTTPServer.begin`,
    /// `receive`, `finish`); the completion callback ends it and releases the exchange.
    enum Phase {
        /// The request line is in (libmicrohttpd's URI log callback made the exchange); the
        /// headers are not. A request libmicrohttpd answers itself (a malformed header block,
        /// too large, a bad version) ends here, and is still logged and counted.
        case started
        /// Headers are in; the body is gathered for the route's handler.
        case receiving(HTTPHandler)
        /// Headers are in; the route answers from a response made at start once the body (if
        /// any, dropped) has ended.
        case fixed(@Sendable () -> FixedResponse, discarded: Int)
        /// The answer is known before the body ends (404, 405, 413): the rest of the body is
        /// read and dropped, up to a bound, then the answer goes out.
        case rejected(HTTPResponse, discarded: Int)
        /// The handler ran without answering: the connection is suspended until it does.
        case parked
        /// An answer was queued (or the connection is being closed).
        case answered
    }

    let connection: OpaquePointer
    /// Made when a handler needs it (a fixed or refused request never does).
    private var madeResponder: Responder?
    /// Known once the headers are in; "-" for a request libmicrohttpd refused before that.
    var method = "-"
    /// The URI as sent until the headers are in, then the path without the query.
    var path: String
    var phase: Phase = .started
    /// The first problem seen in the header block (a name that is not a token, a NUL in a value,
    /// an APNs header Preflight does not know): the request is refused with 400.
    var headerProblem: String?
    /// Where the last header value read ends in libmicrohttpd's buffer, while the headers are read.
    var valueEnd: UnsafeRawPointer?
    var headers: [String: String] = [:]
    /// The lowercased header names sent more than once.
    var repeatedHeaders: Set<String> = []
    var query: [String: String] = [:]
    /// The first query argument named twice: which value counts would be a guess.
    var repeatedQuery: String?
    /// The request target as sent (the URI log callback's), still percent-encoded.
    let target: String
    var body: [UInt8] = []
    var requestID = ""
    /// Whether `requestID` is the client's own (fixed answers cannot carry it).
    var clientRequestID = false
    var route = "unmatched"
    /// The body cap: the route's own, or the server's.
    var bodyLimit = 0
    /// What was answered, for the access log; 0 until then.
    var status = 0
    var bytesSent = 0
    let startedAt: UInt64
    let wallStart: Double

    init(connection: OpaquePointer, uri: String) {
        self.connection = connection
        self.path = uri
        self.target = uri
        self.startedAt = DispatchTime.now().uptimeNanoseconds
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        self.wallStart = Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    /// The request's responder, made on first use.
    var responder: Responder {
        if let madeResponder { return madeResponder }
        let made = Responder(connection: ConnectionHandle(pointer: connection))
        madeResponder = made
        return made
    }

    /// Closes the responder, if one was made: later answers are dropped.
    func closeResponder() {
        madeResponder?.close()
    }

    var request: HTTPRequest {
        HTTPRequest(
            method: method, path: path, query: query, headers: headers, repeatedHeaders: repeatedHeaders, body: body,
            requestID: requestID)
    }

    /// Whether a 413 was decided for this request.
    var rejectedForSize: Bool {
        if case .rejected(let response, _) = phase { return response.status == 413 }
        return false
    }

    func record() -> AccessRecord {
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - startedAt) / 1e9
        return AccessRecord(
            requestID: requestID, method: method, path: path, route: route, status: status, bytes: bytesSent,
            duration: elapsed, startedAt: wallStart)
    }
}
