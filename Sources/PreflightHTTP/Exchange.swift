internal import CMicroHTTPD
import Dispatch
import Glibc

/// The state of one request between libmicrohttpd's calls: headers, the body gathered
/// so far, and what was answered. Only the connection's own daemon thread touches it.
final class Exchange {
    let connection: OpaquePointer
    let responder: Responder
    let method: String
    let path: String
    var headers: [String: String] = [:]
    var query: [String: String] = [:]
    var body: [UInt8] = []
    var requestID = ""
    var route = "unmatched"
    var handler: HTTPHandler?
    /// A 404 or 405 to give once the request is read.
    var rejection: HTTPResponse?
    /// The body cap: the route's own, or the server's.
    var bodyLimit = 0
    /// Set once the body passed the cap; the rest is discarded.
    var bodyTooLarge = false
    /// Body bytes read and dropped after a rejection.
    var discarded = 0
    /// Set once the handler ran.
    var handled = false
    var status = 0
    var bytesSent = 0
    let startedAt: UInt64
    let wallStart: Double

    init(connection: OpaquePointer, method: String, path: String) {
        self.connection = connection
        self.responder = Responder(connection: ConnectionHandle(pointer: connection))
        self.method = method
        self.path = path
        self.startedAt = DispatchTime.now().uptimeNanoseconds
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        self.wallStart = Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    var request: HTTPRequest {
        HTTPRequest(method: method, path: path, query: query, headers: headers, body: body, requestID: requestID)
    }

    func record() -> AccessRecord {
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - startedAt) / 1e9
        return AccessRecord(
            requestID: requestID, method: method, path: path, route: route, status: status, bytes: bytesSent,
            duration: elapsed, startedAt: wallStart)
    }
}
