internal import CMicroHTTPD

/// What a keep-alive connection keeps from one request to the next: the exchange (with its
/// responder), the head its requests are read into one after another (its header and query
/// tables and its body buffer keep their capacity), and the buffer its answer was sent from,
/// handed to the next request empty, so that a connection's second request allocates none of them.
///
/// Made when libmicrohttpd accepts the connection (`MHD_CONNECTION_NOTIFY_STARTED`), released
/// when it closes it (`MHD_CONNECTION_NOTIFY_CLOSED`); only the connection's own daemon thread
/// touches it. A buffer is reused in place only when no one else holds it any more: a request
/// still held (by a download, say) keeps its own storage, and the next request's emptying gets
/// a fresh one, as copy-on-write gives.
///
/// Its exchange and answer buffer are `@exclusivity(unchecked)`, as `Exchange`'s per-request
/// properties are and for the same reasons: one thread, one callback at a time, and each access a
/// swap or an assignment that calls nothing that could reach the context again.
final class ConnectionContext {
    /// A body over this many bytes is not kept for the next request: an idle connection holds
    /// at most this much (libmicrohttpd itself keeps `connectionMemoryBytes`).
    static let keptBodyBytes = 16384
    /// An answer's buffer over this many bytes is not kept for the next answer: a 4 MiB answer
    /// does not pin 4 MiB to an idle connection (a payload's report is a few KiB at most).
    static let keptAnswerBytes = 16384

    /// The last request's exchange, restarted for the next one when nothing else refers to it.
    @exclusivity(unchecked) private var exchange: Exchange?
    /// The head each request of the connection is read into (`RequestHead.startNext`), in place:
    /// the state machine reads it where it is, so it is never copied, moved or destroyed per
    /// request. Behind a pointer made once: a stored property of a class lent to a call is
    /// copied first (each of its buffers retained, then released), some 900 instructions a
    /// request with the takes and keeps of its tables it replaces.
    let head: UnsafeMutablePointer<RequestHead>
    /// The last answer's buffer, given back once libmicrohttpd sent it (`keep(answer:)`).
    @exclusivity(unchecked) private var answer: [UInt8] = []

    init() {
        head = .allocate(capacity: 1)
        head.initialize(to: RequestHead(method: "", path: "", target: []))
    }

    deinit {
        head.deinitialize(count: 1)
        head.deallocate()
    }

    /// The exchange for a new request on `connection`: the last one restarted when only this
    /// context still refers to it (the last request's completion released its reference), else
    /// a new one, its state machine starting with `requestID` and the body cap `maxBodyBytes`.
    func exchange(
        for connection: OpaquePointer, uri: UnsafePointer<CChar>?, requestID: String, maxBodyBytes: Int
    ) -> Exchange {
        if isKnownUniquelyReferenced(&exchange), let exchange {
            exchange.restart(uri: uri, requestID: requestID, maxBodyBytes: maxBodyBytes)
            return exchange
        }
        let made = Exchange(
            connection: connection, uri: uri, context: self, requestID: requestID, maxBodyBytes: maxBodyBytes)
        exchange = made
        return made
    }

    /// The connection closed: the exchange, which refers back to this context, is let go.
    func close() {
        exchange = nil
    }

    /// The buffer of the last kept answer, for a new request's answer: lent to the request's
    /// responder, which empties it (`Responder.takeBodyBuffer`) or hands it over as room, its
    /// bytes to be written over (`Responder.takeBodyRoom`); given back by `keep(answer:)`.
    func takeAnswerBuffer() -> [UInt8] {
        Exchange.moved(&answer)
    }

    /// Keeps a reference to the request's body (the state machine moved it out of the head)
    /// when it is small enough to keep: the next request's head empties it in place.
    func keep(body: [UInt8]) {
        guard body.capacity <= Self.keptBodyBytes else { return }
        head.pointee.body = body
    }

    /// Keeps the buffer an answer was sent from (libmicrohttpd is done with it), or a lent one the
    /// handler did not use, when it is small enough and larger than the one kept: the next answer
    /// is written into it.
    func keep(answer bytes: [UInt8]) {
        guard bytes.capacity <= Self.keptAnswerBytes, bytes.capacity > answer.capacity else { return }
        answer = bytes
    }
}

/// libmicrohttpd's connection notification: a connection's context made as it opens, released
/// as it closes. `*socketContext` holds the retained context in between, read back by
/// `CPreflightShims_MHD_socket_context`.
let connectionNotifier: MHD_NotifyConnectionCallback = { _, _, socketContext, code in
    guard let socketContext else { return }
    switch code {
    case .CONNECTION_NOTIFY_STARTED:
        socketContext.pointee = Unmanaged.passRetained(ConnectionContext()).toOpaque()
    case .CONNECTION_NOTIFY_CLOSED:
        if let raw = socketContext.pointee {
            let context = Unmanaged<ConnectionContext>.fromOpaque(raw)
            context.takeUnretainedValue().close()
            context.release()
        }
        socketContext.pointee = nil
    }
}
