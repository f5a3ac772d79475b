/// One request's life, from its headers to its answer. Each call libmicrohttpd makes is an
/// event (a `mutating func`) that returns the `Action` the server carries out
/// (`HTTPServer.perform`). The machine makes no C call and does no I/O, so it is driven
/// without a socket in its tests; it runs on the connection's own daemon thread only.
///
/// ```swift
/// var machine = ExchangeStateMachine(requestID: "a-1", maxBodyBytes: 65536)
/// machine.headersReceived(head, router: router)   // .proceed
/// machine.bodyReceived(bytes)                     // .proceed
/// machine.bodyEnded(isDraining: false)            // .runHandler(handler, request)
/// ```
struct ExchangeStateMachine {
    enum State {
        /// The request line is in; the headers are not. A request libmicrohttpd answers itself
        /// (a malformed header block, too large, a bad version) ends here, and is still logged.
        case started
        /// Headers are in; the body is gathered into the request for the route's handler.
        case receiving(HTTPHandler, HTTPRequest)
        /// Headers are in; the route answers from a response made at start once the body (if
        /// any, dropped) has ended.
        case fixed(@Sendable () -> FixedResponse, discarded: Int)
        /// The answer is known before the body ends (404, 405, 413): the rest of the body is
        /// read and dropped, up to a bound, then the answer goes out.
        case rejected(HTTPResponse, discarded: Int)
        /// Headers are in; each piece of the body goes to the route's sink as it comes
        /// (`HTTPBodySink`), `received` bytes so far.
        case streaming(any HTTPBodySink, received: Int)
        /// The handler has the request; its answer comes through its responder, at once or
        /// once the parked connection is resumed (`ParkingLot` records which).
        case handled
        /// An answer was queued, or the connection is being closed.
        case answered
        /// libmicrohttpd is done with the request.
        case closed
        /// Only while a request is taken out of the state (`takeState`), so that it is moved,
        /// not copied, and its body appended to in place.
        case modifying
    }

    /// What the server does next.
    enum Action {
        /// Go on: read more, or wait for a parked answer (`MHD_YES`).
        case proceed
        /// Close the connection without an answer (`MHD_NO`).
        case close
        /// Queue this answer.
        case answer(HTTPResponse)
        /// Queue the route's response made at start, as it is.
        case answerShared(FixedResponse)
        /// Run the route's handler, settle its answer and report with `handlerReturned`.
        case runHandler(HTTPHandler, HTTPRequest)
        /// The parked connection was resumed: take the handler's answer, report with `resumed`.
        case takeAnswer
        /// Open the route's body sink, report with `streamOpened`.
        case openStream(HTTPStreamOpener, HTTPRequest)
        /// Offer this piece of the body to the sink, report what it took with `streamTook`.
        case stream(any HTTPBodySink)
        /// The body went over the cap: cancel the sink; the rest is read and dropped, then 413.
        case cancelStream(any HTTPBodySink)
        /// The body has ended: the sink answers (`finish`); settle it, report with `handlerReturned`.
        case finishStream(any HTTPBodySink)
    }

    /// How a handler's return was settled (`HTTPServer.settle`).
    enum Settlement {
        case answered(Responder.Answer)
        /// The connection is suspended until the answer comes.
        case parked
        /// No answer yet, and `limit` requests already wait.
        case full(limit: Int)
        /// No answer yet, and the server no longer lets requests wait.
        case shuttingDown
    }

    /// What the server needs once libmicrohttpd is done with the request.
    struct Ending: Equatable {
        /// The handler had the request and no answer was queued: it may still hold a place in
        /// the parking lot.
        var mayBeParked: Bool
        /// The status to log when nothing was sent and libmicrohttpd queued nothing either:
        /// 413 for a body refused as too large, else nginx's 499 "client closed request".
        var unsentStatus: Int
    }

    private(set) var state = State.started
    /// The client's `X-Request-Id` when it is acceptable, else the server's.
    private(set) var requestID: String
    /// Whether `requestID` is the client's own (a response made at start cannot carry it).
    private(set) var clientRequestID = false
    /// The matched route, for logs and metrics.
    private(set) var route = "unmatched"
    /// The body cap: the route's own, or the server's.
    private(set) var bodyLimit: Int

    init(requestID: String, maxBodyBytes: Int) {
        self.requestID = requestID
        self.bodyLimit = maxBodyBytes
    }

    /// Whether the next call is the first, with the headers in.
    var awaitsHeaders: Bool {
        if case .started = state { return true }
        return false
    }

    /// The state, moved out and left `.modifying` until the caller sets the next one.
    private mutating func takeState() -> State {
        var taken = State.modifying
        swap(&taken, &state)
        return taken
    }

    // MARK: - Events

    /// The headers are in. What can be refused before the body is: a header block a lenient
    /// reader could take apart differently, a target read more than one way, the group's
    /// admission, a declared length over the cap (answered now, so libmicrohttpd closes
    /// instead of reading the body). 404 and 405 wait for the body's end, so keep-alive
    /// connections stay open; so does every answer, a request with no body too: libmicrohttpd
    /// 0.9.75 closes the connection after an answer queued on this first call
    /// (`MHD_queue_response` sets `discard_request` in the `HEADERS_PROCESSED` state,
    /// src/microhttpd/connection.c), as `HTTPServerTests` saw.
    ///
    /// A body whose declared length is over the buffer the head brought gets its room now, from
    /// `bodyRoom` (the server's kept large buffers, `BufferShelf`), so it is not grown by
    /// doubling as it comes, a copy at every step.
    mutating func headersReceived(
        _ head: consuming RequestHead, router: Router, bodyRoom: (Int) -> [UInt8] = Self.newBodyRoom
    ) -> Action {
        headersReceived(in: &head, router: router, bodyRoom: bodyRoom)
    }

    /// `headersReceived` of a head read where it is (the connection's, `ConnectionContext.head`):
    /// its body buffer is moved out into the request, the rest is only read.
    mutating func headersReceived(
        in head: inout RequestHead, router: Router, bodyRoom: (Int) -> [UInt8] = Self.newBodyRoom
    ) -> Action {
        guard awaitsHeaders else { return .proceed }
        let length = head.headers[.contentLength]
        let declared = length.flatMap { Int($0) }
        if let clients = Self.acceptableRequestID(head.headers[.requestID]) {
            requestID = clients
            clientRequestID = true
        }
        let refusal = HeaderBlock.refusal(
            method: head.method, version: head.version, headers: head.headers, length: length,
            problem: head.headerProblem)
        if let refusal = refusal ?? Self.targetRefusal(head) { return answerNow(refusal) }

        switch router.match(method: head.method, path: head.path) {
        case .notFound:
            state = .rejected(.error(404, code: "not-found", message: "no endpoint at \(head.path)"), discarded: 0)
        case .methodNotAllowed(let allowed, let route):
            // The route's label, not the path: a parameter route's paths are the client's choice.
            self.route = route
            state = .rejected(Self.methodNotAllowed(head, allowed: allowed), discarded: 0)
        case .handler(let handler, let route, let maxBodyBytes, let admission):
            self.route = route
            bodyLimit = maxBodyBytes ?? bodyLimit
            // The room made before the request (a request changed after the admission steps read
            // it was copied, every part retained): a refused one lets it go.
            var body: [UInt8] = []
            swap(&body, &head.body)
            if let length = declared, length <= bodyLimit, length > body.capacity { body = bodyRoom(length) }
            let request = HTTPRequest(
                method: head.method, path: head.path, query: head.query, headers: head.headers,
                body: body, requestID: requestID)
            // A refusal now, so libmicrohttpd closes instead of accepting the body: a request the
            // server would refuse must not make it hold a body buffer.
            for step in admission {
                if let answer = step(request) { return answerNow(answer) }
            }
            state = .receiving(handler, request)
        case .fixed(let choose, let route):
            self.route = route
            state = .fixed(choose, discarded: 0)
        case .stream(let opener, let route, let maxBodyBytes, let admission):
            self.route = route
            bodyLimit = maxBodyBytes ?? bodyLimit
            let request = HTTPRequest(
                method: head.method, path: head.path, query: head.query, headers: head.headers,
                requestID: requestID)
            for step in admission {
                if let answer = step(request) { return answerNow(answer) }
            }
            if let length = declared, length > bodyLimit { return answerNow(tooLarge) }
            return .openStream(opener, request)
        }
        if let length = declared, length > bodyLimit { return answerNow(tooLarge) }
        return .proceed
    }

    /// Room for a body of `count` bytes, newly allocated: the default of `headersReceived`.
    static func newBodyRoom(_ count: Int) -> [UInt8] {
        var room: [UInt8] = []
        room.reserveCapacity(count)
        return room
    }

    /// A piece of the body. Past the cap (a chunked body has no Content-Length to judge up
    /// front) the rest is dropped and 413 answered when it ends: libmicrohttpd 0.9.75 cannot
    /// queue a response while upload data is pending, not even to a suspended connection.
    mutating func bodyReceived(_ data: UnsafeRawBufferPointer) -> Action {
        switch state {
        case .receiving:
            // Taken out, appended to and put back: bound from the state in place, the handler
            // and each of the request's buffers were retained, and released when it was replaced.
            guard case .receiving(let handler, var request) = takeState() else { return .proceed }
            guard request.body.count + data.count <= bodyLimit else {
                state = .rejected(tooLarge, discarded: data.count)
                return .proceed
            }
            request.body.append(contentsOf: data)
            state = .receiving(handler, request)
            return .proceed
        case .rejected(let answer, let discarded):
            state = .rejected(answer, discarded: discarded + data.count)
            return discarded + data.count > discardLimit ? .close : .proceed
        case .fixed(let choose, let discarded):
            // A body sent to a fixed route is read and dropped, within the same bound.
            state = .fixed(choose, discarded: discarded + data.count)
            return discarded + data.count > discardLimit ? .close : .proceed
        case .streaming(let sink, let received):
            guard received + data.count <= bodyLimit else {
                state = .rejected(tooLarge, discarded: data.count)
                return .cancelStream(sink)
            }
            return .stream(sink)
        case .started, .handled, .answered, .closed, .modifying:
            return .proceed
        }
    }

    /// The opener decided: stream the body to its sink, or answer now.
    mutating func streamOpened(_ start: BodyStreamStart) -> Action {
        switch start {
        case .stream(let sink):
            state = .streaming(sink, received: 0)
            return .proceed
        case .refuse(let response):
            return answerNow(response)
        }
    }

    /// The sink took `count` bytes of what `bodyReceived` offered it.
    mutating func streamTook(_ count: Int) {
        guard case .streaming(let sink, let received) = state else { return }
        state = .streaming(sink, received: received + count)
    }

    /// The sink of a body still streaming, which must be cancelled if the request ends now.
    var openSink: (any HTTPBodySink)? {
        if case .streaming(let sink, _) = state { return sink }
        return nil
    }

    /// The body is complete (or there was none), or a parked connection was resumed.
    mutating func bodyEnded(isDraining: Bool) -> Action {
        switch state {
        case .started, .answered, .closed, .modifying:
            return .proceed
        case .rejected(let answer, _):
            return answerNow(answer)
        case .fixed(let choose, _):
            let fixed = choose()
            state = .answered
            // The ordinary path when the answer must differ: the client's id, or a drain's close.
            guard fixed.handle != nil, !clientRequestID, !isDraining else { return .answer(fixed.response) }
            return .answerShared(fixed)
        case .receiving:
            guard case .receiving(let handler, let request) = takeState() else { return .proceed }
            state = .handled
            return .runHandler(handler, request)
        case .streaming(let sink, _):
            state = .handled
            return .finishStream(sink)
        case .handled:
            return .takeAnswer
        }
    }

    /// The handler returned, and the server settled its answer: queue it, wait for it, or
    /// answer for the handler when the request may not wait.
    mutating func handlerReturned(_ settlement: Settlement) -> Action {
        guard case .handled = state else { return .proceed }
        switch settlement {
        case .answered(let answer):
            return answerNow(Self.response(for: answer))
        case .parked:
            return .proceed
        case .full(let limit):
            var response = HTTPResponse.error(
                503, code: "overloaded", message: "\(limit) requests already wait for downloads; retry shortly")
            response.headers.append(("Retry-After", "1"))
            return answerNow(response)
        case .shuttingDown:
            return answerNow(
                .error(503, code: "shutting-down", message: "the server is shutting down; retry on another instance"))
        }
    }

    /// The parked connection was resumed and the handler's answer taken (nil when there was none).
    mutating func resumed(_ answer: Responder.Answer?) -> Action {
        guard case .handled = state else { return .proceed }
        guard let answer else {
            return answerNow(.error(500, code: "internal", message: "resumed without an answer"))
        }
        return answerNow(Self.response(for: answer))
    }

    /// libmicrohttpd is done with the request (answered, refused by itself, or closed).
    mutating func closed() -> Ending {
        var ending = Ending(mayBeParked: false, unsentStatus: 499)
        switch state {
        // A streaming body's connection may be parked waiting for its sink.
        case .handled, .streaming: ending.mayBeParked = true
        case .rejected(let answer, _) where answer.status == 413: ending.unsentStatus = 413
        default: break
        }
        state = .closed
        return ending
    }

    // MARK: - Decisions

    private mutating func answerNow(_ response: HTTPResponse) -> Action {
        state = .answered
        return .answer(response)
    }

    /// Bytes of an oversized or rejected body read and dropped before the connection is closed.
    var discardLimit: Int { max(bodyLimit * 4, 1 << 20) }

    private var tooLarge: HTTPResponse {
        .error(413, code: "body-too-large", message: "the request body is over the \(bodyLimit)-byte limit of \(route)")
    }

    /// The client hung up while parked: an empty 499 (nginx's "client closed request"), which
    /// fails to send and closes the connection; closing at once (`MHD_NO`) would do the same
    /// but log "internal error" for every abandoned request.
    private static func response(for answer: Responder.Answer) -> HTTPResponse {
        answer.make() ?? HTTPResponse(status: 499, headers: [("Connection", "close")])
    }

    private static func methodNotAllowed(_ head: RequestHead, allowed: [String]) -> HTTPResponse {
        var response = HTTPResponse.error(
            405, code: "method-not-allowed",
            message: "\(head.path) does not accept \(head.method); use \(allowed.joined(separator: " or "))")
        response.headers.append(("Allow", allowed.joined(separator: ", ")))
        return response
    }
}
