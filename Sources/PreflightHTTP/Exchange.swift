import Dispatch
import Glibc

/// One request between libmicrohttpd's calls: its connection, its state machine, its
/// responder once a handler needs one, and what the access log records. Only the
/// connection's own daemon thread touches it; the completion callback releases the request's
/// reference. Its connection's context keeps it for the connection's next request, which
/// `restart`s it when nothing else refers to it any more (`ConnectionContext.exchange`).
///
/// The properties read or written on every request are `@exclusivity(unchecked)`: Swift checks
/// each access to a class's stored property at run time (about 60 instructions, some twenty
/// times a request) for another access overlapping it. None can: only the connection's daemon
/// thread touches an exchange, one libmicrohttpd callback at a time, and no access spans a call
/// that could reach the exchange again (the state machine is a value that makes no call out;
/// the others are plain reads and assignments). The attribute turns the check off in debug
/// builds too, so this rests on those reasons, not on a test.
final class Exchange {
    let connection: OpaquePointer
    /// What the connection keeps between its requests; nil when libmicrohttpd gave none.
    let context: ConnectionContext?
    /// The request's life (`ExchangeStateMachine`): every decision about it is made there.
    @exclusivity(unchecked) var machine: ExchangeStateMachine
    /// Made when a handler needs it (a fixed or refused request never does).
    private(set) var madeResponder: Responder?
    /// Known once the headers are in; "-" for a request libmicrohttpd refused before that.
    @exclusivity(unchecked) var method = "-"
    /// The path without the query, once the headers are in.
    @exclusivity(unchecked) var path: String?
    /// The request target as sent (the URI log callback's), still percent-encoded: its bytes, in an
    /// array the exchange keeps for the connection's next request. A target is often longer than a
    /// small string's 15 bytes (`/v1/preflight?fetch=false`), and a `String` of it would be a heap
    /// block a request; one is made only for the log of a request that never got its headers. Its
    /// length is bounded by libmicrohttpd's connection memory (`connectionMemoryBytes`).
    @exclusivity(unchecked) private(set) var target: [UInt8] = []
    /// What was answered, for the access log; 0 until then.
    @exclusivity(unchecked) var status = 0
    @exclusivity(unchecked) var bytesSent = 0
    /// A streaming body's waker, once its sink is open (`HTTPBodySink`).
    var bodyWaker: BodyWaker?
    /// The answer's body while libmicrohttpd sends it (`HTTPServer.makeResponse(_:keptBy:)`).
    @exclusivity(unchecked) var responseBody: [UInt8] = []
    /// The request's body when it is too large for the connection to keep: a reference, so that
    /// the buffer goes to the server's shelf when the request ends (`BufferShelf`).
    @exclusivity(unchecked) var largeBody: [UInt8] = []
    @exclusivity(unchecked) private(set) var startedAt: UInt64 = 0
    @exclusivity(unchecked) private(set) var wallStart: Double = 0
    /// The last request's responder, when nothing else refers to it: the next one's.
    private var spareResponder: Responder?

    init(
        connection: OpaquePointer, uri: UnsafePointer<CChar>?, context: ConnectionContext?, requestID: String,
        maxBodyBytes: Int
    ) {
        self.connection = connection
        self.context = context
        self.machine = ExchangeStateMachine(requestID: requestID, maxBodyBytes: maxBodyBytes)
        Self.read(uri, into: &target)
        startClock()
    }

    /// The connection's next request, on this exchange: only when no one else refers to it
    /// (`ConnectionContext.exchange` checks), so nothing of the last request is seen by anyone.
    /// The machine is made here, in its place: made by the caller and passed in, it was copied
    /// into the exchange and the caller's destroyed (some 700 instructions a request).
    func restart(uri: UnsafePointer<CChar>?, requestID: String, maxBodyBytes: Int) {
        machine = ExchangeStateMachine(requestID: requestID, maxBodyBytes: maxBodyBytes)
        // A responder no one else holds (no download, no parking lot, no handler kept it) can
        // answer the next request: no other thread can reach it to answer the last one late.
        spareResponder = isKnownUniquelyReferenced(&madeResponder) ? madeResponder : nil
        madeResponder = nil
        method = "-"
        path = nil
        Self.read(uri, into: &target)
        status = 0
        bytesSent = 0
        responseBody = []
        bodyWaker = nil
        startClock()
    }

    /// `buffer`, moved out (left empty).
    static func moved(_ buffer: inout [UInt8]) -> [UInt8] {
        var taken: [UInt8] = []
        swap(&taken, &buffer)
        return taken
    }

    /// `uri`'s bytes (`/` for none) into `target`, in its storage.
    /// One `replaceSubrange` of the whole: emptying the array and appending to it were two
    /// calls of the same cost.
    private static func read(_ uri: UnsafePointer<CChar>?, into target: inout [UInt8]) {
        let all = target.startIndex..<target.endIndex
        guard let uri else { return target.replaceSubrange(all, with: CollectionOfOne(UInt8(ascii: "/"))) }
        target.replaceSubrange(all, with: UnsafeRawBufferPointer(start: uri, count: strlen(uri)))
    }

    private func startClock() {
        startedAt = Self.monotonicNanoseconds()
        var now = timespec()
        // Fails only for a bad clock or pointer; the time would then read 1970.
        wallStart = clock_gettime(CLOCK_REALTIME, &now) == 0 ? Double(now.tv_sec) + Double(now.tv_nsec) / 1e9 : 0
    }

    /// The monotonic clock in nanoseconds, read with one `clock_gettime`: `DispatchTime.now()`
    /// reads the same clock through some 65 instructions of its own, twice a request. It fails
    /// only for a bad clock or pointer; the duration would then read 0.
    private static func monotonicNanoseconds() -> UInt64 {
        var now = timespec()
        guard clock_gettime(CLOCK_MONOTONIC, &now) == 0 else { return 0 }
        return UInt64(now.tv_sec) &* 1_000_000_000 &+ UInt64(now.tv_nsec)
    }

    /// The request's responder, made on first use (or the last request's, reopened).
    func responder(server: HTTPServer) -> Responder {
        if let madeResponder { return madeResponder }
        let made: Responder
        if let spare = spareResponder {
            spareResponder = nil
            spare.reopen()
            made = spare
        } else {
            made = Responder(connection: ConnectionHandle(pointer: connection), server: server)
        }
        madeResponder = made
        return made
    }

    func record() -> AccessRecord {
        let elapsed = Double(Self.monotonicNanoseconds() &- startedAt) / 1e9
        return AccessRecord(
            requestID: machine.requestID, method: method, path: path ?? String(decoding: target, as: UTF8.self),
            route: machine.route, status: status,
            bytes: bytesSent, duration: elapsed, startedAt: wallStart)
    }
}
