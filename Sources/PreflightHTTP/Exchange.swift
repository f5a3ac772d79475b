import Dispatch
import Glibc

/// One request between libmicrohttpd's calls: its connection, its state machine, its
/// responder once a handler needs one, and what the access log records. Only the
/// connection's own daemon thread touches it; the completion callback releases it.
final class Exchange {
    let connection: OpaquePointer
    /// What the connection keeps between its requests; nil when libmicrohttpd gave none.
    let context: ConnectionContext?
    /// The request's life (`ExchangeStateMachine`): every decision about it is made there.
    var machine: ExchangeStateMachine
    /// Made when a handler needs it (a fixed or refused request never does).
    private(set) var madeResponder: Responder?
    /// Known once the headers are in; "-" for a request libmicrohttpd refused before that.
    var method = "-"
    /// The URI as sent until the headers are in, then the path without the query.
    var path: String
    /// The request target as sent (the URI log callback's), still percent-encoded.
    let target: String
    /// What was answered, for the access log; 0 until then.
    var status = 0
    var bytesSent = 0
    /// The answer's body while libmicrohttpd sends it (`HTTPServer.makeResponse(_:keptBy:)`).
    var responseBody: [UInt8] = []
    let startedAt: UInt64
    let wallStart: Double

    init(connection: OpaquePointer, uri: String, context: ConnectionContext?, machine: ExchangeStateMachine) {
        self.connection = connection
        self.context = context
        self.machine = machine
        self.path = uri
        self.target = uri
        self.startedAt = DispatchTime.now().uptimeNanoseconds
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        self.wallStart = Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    /// The request's responder, made on first use.
    func responder(server: HTTPServer) -> Responder {
        if let madeResponder { return madeResponder }
        let made = Responder(connection: ConnectionHandle(pointer: connection), server: server)
        madeResponder = made
        return made
    }

    func record() -> AccessRecord {
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - startedAt) / 1e9
        return AccessRecord(
            requestID: machine.requestID, method: method, path: path, route: machine.route, status: status,
            bytes: bytesSent, duration: elapsed, startedAt: wallStart)
    }
}
