import Synchronization

/// Answers one request exactly once, from the handler's thread or any other.
///
/// A handler that cannot answer at once keeps the responder and calls `respond` later;
/// the server suspends ("parks") the connection meanwhile, so no worker thread waits.
/// Once its request is done and nothing else holds it, the connection's next request may take
/// it over (`reopen`): an answer can only come from a holder, so none meant for the last one can.
///
/// ```swift
/// fetcher.fetch(url) { outcome in
///     // On the fetch thread: only hand the outcome over; the answer is built on the
///     // connection's own worker when it resumes.
///     responder.respond { .json(200, bytes: render(outcome)) }
/// }
/// ```
public final class Responder: Sendable {
    /// What the server queues.
    enum Answer {
        case response(HTTPResponse)
        /// Built on the connection's worker thread, when the server takes it.
        case deferred(@Sendable () -> HTTPResponse)
        /// The client hung up while parked: close without answering.
        case abandon

        func make() -> HTTPResponse? {
            switch self {
            case .response(let response): response
            case .deferred(let build): build()
            case .abandon: nil
            }
        }
    }

    /// The answer's slot. Whether the connection waits for it is the server's `ParkingLot`'s
    /// to know, not the responder's.
    private enum Slot {
        /// No answer yet.
        case open
        /// An answer is ready for the server to take.
        case answered(Answer)
        /// The server took the answer, or the connection is gone: later answers are dropped.
        case taken
    }

    private let slot = Mutex<Slot>(.open)
    /// The connection's kept answer buffer while the request may write into it (`takeBodyBuffer`).
    private let lent = Mutex<[UInt8]>([])
    /// The connection, for the server's suspend, resume and hang-up check (`HTTPServer+Parking`).
    let connection: ConnectionHandle
    /// Resumes the connection when it is parked; held until the responder goes.
    private let server: HTTPServer

    init(connection: ConnectionHandle, server: HTTPServer) {
        self.connection = connection
        self.server = server
    }

    /// Gives the answer. Later calls are ignored.
    public func respond(_ response: HTTPResponse) {
        deliver(.response(response))
    }

    /// Gives an answer that is built on the connection's worker thread when the server
    /// takes it, so the thread that calls this (a download's) only hands data over.
    public func respond(building: @escaping @Sendable () -> HTTPResponse) {
        deliver(.deferred(building))
    }

    /// An empty buffer to write the answer's body into, then to answer with: the connection's
    /// last answer's, its capacity kept, so a body about that size is written without an
    /// allocation. Its bytes are the new answer's alone (it comes empty); a second call, or a
    /// request that has no kept buffer, gets an empty array of no capacity.
    ///
    /// ```swift
    /// var body = responder.takeBodyBuffer()
    /// report.writeJSON(into: &body)
    /// responder.respond(.json(200, bytes: body))
    /// ```
    public func takeBodyBuffer() -> [UInt8] {
        var taken = takeBodyRoom()
        taken.removeAll(keepingCapacity: true)
        return taken
    }

    /// An empty buffer with room for at least `count` bytes (a batch's answer): the connection's
    /// kept one when it is that large, else one of the server's large buffers (`BufferShelf`),
    /// else a new one. The connection's kept buffer stays lent when it is not taken, so the
    /// connection keeps it.
    public func takeBodyBuffer(atLeast count: Int) -> [UInt8] {
        var taken = takeBodyRoom(atLeast: count)
        taken.removeAll(keepingCapacity: true)
        return taken
    }

    /// `takeBodyBuffer` as room: the buffer as it was kept, its count and bytes the last answer's,
    /// for a writer that writes over it from its start and cuts what is left (`JSONWriter(room:)`,
    /// `Report.writeJSON(over:)`). Emptied, the buffer's room was made again by appending zeros
    /// before each answer was written over them (a batch's answer: some 100 KB). Never answer
    /// with it as it comes: its bytes are another answer's.
    ///
    /// ```swift
    /// var body = responder.takeBodyRoom()
    /// report.writeJSON(over: &body)
    /// responder.respond(.json(200, bytes: body))
    /// ```
    public func takeBodyRoom() -> [UInt8] {
        lent.withLock { Exchange.moved(&$0) }
    }

    /// `takeBodyBuffer(atLeast:)` as room (`takeBodyRoom`).
    public func takeBodyRoom(atLeast count: Int) -> [UInt8] {
        var small = takeBodyRoom()
        if small.capacity >= count { return small }
        if let large = server.shelf.take(atLeast: count, emptied: false) {
            lend(small)
            return large
        }
        small.reserveCapacity(count)
        return small
    }

    /// Lends the connection's kept answer buffer to this request (before its handler runs).
    func lend(_ buffer: [UInt8]) {
        lent.withLock { $0 = buffer }
    }

    /// The lent buffer the request did not take, for the connection to keep.
    func reclaimBuffer() -> [UInt8] {
        lent.withLock { Exchange.moved(&$0) }
    }

    private func deliver(_ answer: Answer) {
        guard fill(answer) else { return }
        // After the slot is filled: a park decided before sees the connection suspended here and
        // resumes it; one decided after finds the answer (`HTTPServer.settle`).
        server.resumeIfParked(self)
    }

    /// Puts `answer` in the slot if it is open; false when an answer came first or the
    /// connection is gone.
    private func fill(_ answer: Answer) -> Bool {
        slot.withLock { slot in
            guard case .open = slot else { return false }
            slot = .answered(answer)
            return true
        }
    }

    /// The answer given so far, taken once; nil while there is none.
    func takeAnswer() -> Answer? {
        slot.withLock { slot in
            guard case .answered(let answer) = slot else { return nil }
            slot = .taken
            return answer
        }
    }

    /// Whether an answer was given (or the connection is gone), taken or not.
    var isAnswered: Bool {
        slot.withLock { slot in
            if case .open = slot { return false }
            return true
        }
    }

    /// The client hung up: the answer is to close, unless one came first.
    func abandon() -> Bool { fill(.abandon) }

    /// Ready to answer the connection's next request. Only for a responder no one else refers
    /// to (`Exchange.restart` checks), so no answer meant for the last request can come.
    func reopen() {
        slot.withLock { $0 = .open }
    }

    /// The connection is gone: later answers are dropped.
    func close() {
        slot.withLock { $0 = .taken }
    }
}

/// The libmicrohttpd connection a responder belongs to.
///
/// `@unchecked Sendable`: the pointer is only used for `MHD_suspend_connection` (by the
/// connection's own worker), `MHD_resume_connection` (which libmicrohttpd allows from any
/// thread) and reading the socket of a suspended connection, always under the server's lock
/// and, for the last two, only while its `ParkingLot` holds the request as suspended; the
/// completion callback takes the request out of the lot under that lock before the connection
/// is freed, so the pointer is never used after it.
struct ConnectionHandle: @unchecked Sendable {
    let pointer: OpaquePointer
}
