internal import CMicroHTTPD
internal import CPreflightShims
internal import Glibc

// MARK: - C entry points (non-isolated: libmicrohttpd calls them on its own threads)

/// libmicrohttpd's URI log callback: the request line is in. The request's `Exchange` starts
/// here (its pointer becomes the request's state), so that even a request libmicrohttpd answers
/// itself, before the access handler, reaches the completion callback: logged and counted.
let uriLogHandler: CPreflightShims_URILogCallback = { cls, uri, connection in
    guard let cls, let connection else { return nil }
    let exchange = withServer(cls) { $0.startExchange(connection, uri: uri) }
    return Unmanaged.passRetained(exchange).toOpaque()
}

/// Calls `body` with the server `cls` points to, not retained: the daemons hold a reference to
/// it until they are stopped (`Daemon.context`), and every callback runs before that returns.
/// A retain of the server is a slow one (it has a side table: it is referred to weakly), some
/// 75 instructions and as many for its release, four times a request.
@inline(__always)
func withServer<Result>(_ cls: UnsafeMutableRawPointer, _ body: (HTTPServer) -> Result) -> Result {
    Unmanaged<HTTPServer>.fromOpaque(cls)._withUnsafeGuaranteedRef(body)
}

/// libmicrohttpd's access handler: `cls` is the server, `*state` the request's `Exchange`. Each
/// call is one event on the request's state machine; the server carries out what it returns.
let accessHandler: MHD_AccessHandlerCallback = { cls, connection, url, method, version, uploadData, uploadSize, state in
    guard let cls, let connection, let uploadSize, let state else { return .NO }
    return withServer(cls) { server in
        server.access(
            connection, url: url, method: method, version: version, uploadData: uploadData, uploadSize: uploadSize,
            state: state)
    }
}

extension HTTPServer {
    /// One call of the access handler, with its server.
    fileprivate func access(
        _ connection: OpaquePointer, url: UnsafePointer<CChar>?, method: UnsafePointer<CChar>?,
        version: UnsafePointer<CChar>?, uploadData: UnsafePointer<CChar>?, uploadSize: UnsafeMutablePointer<Int>,
        state: UnsafeMutablePointer<UnsafeMutableRawPointer?>
    ) -> MHD_Result {
        let exchange: Exchange
        if let existing = state.pointee {
            exchange = Unmanaged<Exchange>.fromOpaque(existing).takeUnretainedValue()
        } else {
            // Not made by the URI log callback (it always runs first): make it here all the same.
            exchange = startExchange(connection, uri: nil)
            state.pointee = Unmanaged.passRetained(exchange).toOpaque()
        }
        let action: ExchangeStateMachine.Action
        if exchange.machine.awaitsHeaders {
            exchange.method = method.map(methodText) ?? "GET"
            exchange.path = url.map { String(cString: $0) } ?? "/"
            let version = version.map(versionText) ?? "HTTP/1.1"
            if let head = exchange.context?.head {
                readHead(exchange, version: version, into: head)
                action = headersReceived(exchange, &head.pointee)
            } else {
                var head = RequestHead(method: "", path: "", target: [])
                withUnsafeMutablePointer(to: &head) { readHead(exchange, version: version, into: $0) }
                action = headersReceived(exchange, &head)
            }
        } else if uploadSize.pointee > 0, let uploadData {
            let data = UnsafeRawBufferPointer(start: uploadData, count: uploadSize.pointee)
            if let waker = exchange.bodyWaker, isBodyParked(waker) {
                // libmicrohttpd's chunked-body loop offers the next piece at once, still parked.
                return .YES
            }
            action = exchange.machine.bodyReceived(data)
            if case .stream(let sink) = action, let waker = exchange.bodyWaker {
                return stream(data, to: sink, waker: waker, left: uploadSize, for: exchange)
            }
            uploadSize.pointee = 0
        } else {
            action = exchange.machine.bodyEnded(isDraining: isDraining)
        }
        return perform(action, for: exchange)
    }
}

/// The request's method: the two most requests send are the literals' strings, made at no cost;
/// `String(cString:)` measures and checks the bytes again, and a string decoded from a
/// literal's bytes is checked too, some 150 instructions a call.
private func methodText(_ text: UnsafePointer<CChar>) -> String {
    if equals(text, "POST") { return "POST" }
    if equals(text, "GET") { return "GET" }
    return String(cString: text)
}

/// The request's HTTP version, as `methodText` reads the method.
private func versionText(_ text: UnsafePointer<CChar>) -> String {
    if equals(text, "HTTP/1.1") { return "HTTP/1.1" }
    if equals(text, "HTTP/1.0") { return "HTTP/1.0" }
    return String(cString: text)
}

/// Whether the C string `text` is `literal`.
private func equals(_ text: UnsafePointer<CChar>, _ literal: StaticString) -> Bool {
    // A literal's `utf8Start` is NUL-terminated (Apple, StaticString.utf8Start).
    strcmp(text, UnsafeRawPointer(literal.utf8Start).assumingMemoryBound(to: CChar.self)) == 0
}

/// libmicrohttpd's completion callback: releases the request's `Exchange` and reports it.
let completionHandler: MHD_RequestCompletedCallback = { cls, _, state, termination in
    guard let cls, let state, let raw = state.pointee else { return }
    state.pointee = nil
    withServer(cls) { $0.complete(Unmanaged<Exchange>.fromOpaque(raw).takeRetainedValue(), termination) }
}

extension HTTPServer {
    /// The completion callback's work, with its server.
    fileprivate func complete(_ exchange: Exchange, _ termination: MHD_RequestTerminationCode) {
        // A body still streaming when the request ends (client gone, daemon stopping) is cancelled.
        exchange.machine.openSink?.cancel()
        exchange.bodyWaker = nil
        exchange.madeResponder?.close()
        // libmicrohttpd is done with the answer's bytes: the buffer is the connection's next answer's
        // (or the lent one, if the handler answered from another), and the exchange may wait for the
        // next request.
        if let context = exchange.context {
            if let unused = exchange.madeResponder?.reclaimBuffer() { context.keep(answer: unused) }
            context.keep(answer: exchange.responseBody)
        }
        // A large answer (not the connection's to keep) and a large body go to the server's shelf,
        // for the next large request on any connection.
        shelf.give(&exchange.responseBody)
        shelf.give(&exchange.largeBody)
        let ending = exchange.machine.closed()
        if exchange.status == 0 {
            // libmicrohttpd's own answer (400, 413, 431, 505), or nothing was sent: nginx's "client
            // closed request" code keeps that apart from real answers.
            let queued = Int(CPreflightShims_MHD_http_status(exchange.connection))
            if queued > 0 {
                exchange.status = queued
            } else if termination != .REQUEST_TERMINATED_COMPLETED_OK {
                exchange.status = ending.unsentStatus
            }
        }
        requestFinished(exchange, ending)
    }
}

/// libmicrohttpd's accept policy: once the server drains, new connections are closed unserved.
let acceptPolicy: MHD_AcceptPolicyCallback = { cls, _, _ in
    guard let cls else { return .NO }
    return withServer(cls) { $0.isDraining } ? .NO : .YES
}

/// What reading a request's head needs while libmicrohttpd lists its headers and query
/// arguments: the head, filled in place, and the last value's end. A struct on the reading
/// function's stack, lent to the iterator by pointer: nothing is allocated for it, and the head
/// is never copied out of it.
private struct HeadReader {
    let head: UnsafeMutablePointer<RequestHead>
    /// A `var` only to be lent in place (`HeaderBlock.problem`); never changed.
    var reserved: ReservedHeaders?
    /// Where the last header value read ends in libmicrohttpd's buffer.
    var valueEnd: UnsafeRawPointer?
}

/// Gathers headers or query arguments into the `HeadReader` that `cls` points to, noting the
/// first header that libmicrohttpd read leniently.
private let collectHeader: MHD_KeyValueIteratorN = { cls, kind, key, keySize, value, valueSize in
    guard let cls, let key else { return .YES }
    let reader = cls.assumingMemoryBound(to: HeadReader.self)
    let head = reader.pointee.head
    let raw = UnsafeRawBufferPointer(start: key, count: keySize)
    guard kind == .HEADER_KIND else {
        let name = String(decoding: raw, as: UTF8.self)
        let text = value.map { String(cString: $0) } ?? ""
        if head.pointee.query.set(text, for: name), head.pointee.repeatedQuery == nil {
            head.pointee.repeatedQuery = name
        }
        return .YES
    }
    let position = head.pointee.headers.add(
        name: raw, value: UnsafeRawBufferPointer(start: value, count: value == nil ? 0 : valueSize))
    if head.pointee.headerProblem == nil {
        head.pointee.headerProblem = HeaderBlock.problem(
            name: raw, at: position, in: &head.pointee.headers, reserved: &reader.pointee.reserved)
    }
    if head.pointee.headerProblem == nil, let end = reader.pointee.valueEnd, !HeaderBlock.lineEnds(at: end, before: key)
    {
        head.pointee.headerProblem = HeaderBlock.cutLine
    }
    // libmicrohttpd 0.9.75 parses the header block in place, ending each value with a NUL where
    // its CR or LF was, and measures the value up to its first NUL; the next line starts one or
    // two bytes on. A value cut short by a NUL of its own has the rest of its line there
    // instead: that is how it is seen.
    reader.pointee.valueEnd = valueSize > 0 ? value.map { UnsafeRawPointer($0 + valueSize) } : nil
    return .YES
}

// MARK: - Carrying out the state machine's actions

extension HTTPServer {
    /// The state machine's decision on the head read, a declared body's room taken from the
    /// server's shelf of kept large buffers.
    fileprivate func headersReceived(_ exchange: Exchange, _ head: inout RequestHead) -> ExchangeStateMachine.Action {
        let action = exchange.machine.headersReceived(in: &head, router: router) { count in
            shelf.take(atLeast: count) ?? ExchangeStateMachine.newBodyRoom(count)
        }
        // The target is the exchange's alone again: still held by the kept head, the next
        // request's target, read into the exchange's array, would copy it to a new one.
        head.target = []
        return action
    }

    /// The request's head as libmicrohttpd parsed it, read into `head` in place: headers, query
    /// arguments, and the first problem seen in the header block.
    fileprivate func readHead(_ exchange: Exchange, version: String, into head: UnsafeMutablePointer<RequestHead>) {
        head.pointee.startNext(
            method: exchange.method, path: exchange.path ?? "/", version: version, target: exchange.target)
        var reader = HeadReader(head: head, reserved: configuration.reservedHeaders)
        withUnsafeMutablePointer(to: &reader) { context in
            MHD_get_connection_values_n(exchange.connection, .HEADER_KIND, collectHeader, context)
            MHD_get_connection_values_n(exchange.connection, .GET_ARGUMENT_KIND, collectHeader, context)
        }
        if head.pointee.headerProblem == nil, let end = reader.valueEnd, !HeaderBlock.lineEnds(at: end, before: nil) {
            head.pointee.headerProblem = HeaderBlock.cutLine
        }
    }

    /// Carries out what the request's state machine decided, feeding back the outcome of a
    /// handler or a resume until it says what to return to libmicrohttpd. The one place that
    /// queues an answer, runs a handler or parks a request.
    func perform(_ decided: consuming ExchangeStateMachine.Action, for exchange: Exchange) -> MHD_Result {
        var action = decided
        while true {
            // Consumed: a payload bound from the action in place was a copy (the request's
            // buffers retained); each case returns or sets the next action.
            switch consume action {
            case .proceed:
                return .YES
            case .close:
                return .NO
            case .answer(let response):
                let made =
                    response.file.map(Self.makeResponse(file:)) ?? Self.makeResponse(response.body, keptBy: exchange)
                guard let answer = made else { return .NO }
                defer { MHD_destroy_response(answer) }
                guard decorate(answer, like: response, requestID: exchange.machine.requestID) else {
                    // A header libmicrohttpd refuses (a line break in it, or no memory): never send
                    // the answer without it; close instead, logged as a 500.
                    exchange.status = 500
                    return .NO
                }
                exchange.status = response.status
                exchange.bytesSent = response.file?.size ?? response.body.count
                return MHD_queue_response(exchange.connection, UInt32(response.status), answer)
            case .answerShared(let fixed):
                guard let handle = fixed.handle else { return .NO }
                exchange.status = fixed.response.status
                exchange.bytesSent = fixed.response.body.count
                return MHD_queue_response(exchange.connection, UInt32(fixed.response.status), handle.pointer)
            case .runHandler(let handler, let request):
                exchange.context?.keep(body: request.body)
                exchange.largeBody = request.body.capacity > BufferShelf.smallestBytes ? request.body : []
                let responder = exchange.responder(server: self)
                if let context = exchange.context { responder.lend(context.takeAnswerBuffer()) }
                handler(request, responder)
                action = exchange.machine.handlerReturned(settle(responder))
            case .takeAnswer:
                let responder = exchange.responder(server: self)
                leaveParking(responder)
                action = exchange.machine.resumed(responder.takeAnswer())
            case .openStream(let opener, let request):
                let waker = BodyWaker(responder: exchange.responder(server: self), server: self)
                exchange.bodyWaker = waker
                action = exchange.machine.streamOpened(opener(request, waker))
            case .stream:
                // Offered by the body's branch of the access handler, which knows the bytes.
                return .YES
            case .cancelStream(let sink):
                sink.cancel()
                return .YES
            case .finishStream(let sink):
                let responder = exchange.responder(server: self)
                // The body is in: a wake the sink asked for earlier, coming late, must not resume
                // the connection once it parks for the answer (it would find none).
                if let waker = exchange.bodyWaker { retire(waker) }
                sink.finish(responder)
                action = exchange.machine.handlerReturned(settle(responder))
            }
        }
    }
}
