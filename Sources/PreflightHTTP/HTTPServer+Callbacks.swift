internal import CMicroHTTPD
internal import CPreflightShims

// MARK: - C entry points (non-isolated: libmicrohttpd calls them on its own threads)

/// libmicrohttpd's URI log callback: the request line is in. The request's `Exchange` starts
/// here (its pointer becomes the request's state), so that even a request libmicrohttpd answers
/// itself, before the access handler, reaches the completion callback: logged and counted.
let uriLogHandler: CPreflightShims_URILogCallback = { cls, uri, connection in
    guard let cls, let connection else { return nil }
    let server = Unmanaged<HTTPServer>.fromOpaque(cls).takeUnretainedValue()
    let exchange = server.startExchange(connection, uri: uri.map { String(cString: $0) } ?? "/")
    return Unmanaged.passRetained(exchange).toOpaque()
}

/// libmicrohttpd's access handler: `cls` is the server, `*state` the request's `Exchange`.
let accessHandler: MHD_AccessHandlerCallback = { cls, connection, url, method, version, uploadData, uploadSize, state in
    guard let cls, let connection, let uploadSize, let state else { return .NO }
    let server = Unmanaged<HTTPServer>.fromOpaque(cls).takeUnretainedValue()
    let exchange: Exchange
    if let existing = state.pointee {
        exchange = Unmanaged<Exchange>.fromOpaque(existing).takeUnretainedValue()
    } else {
        // Not made by the URI log callback (it always runs first): make it here all the same.
        exchange = server.startExchange(connection, uri: "/")
        state.pointee = Unmanaged.passRetained(exchange).toOpaque()
    }
    if case .started = exchange.phase {
        exchange.method = method.map { String(cString: $0) } ?? "GET"
        exchange.path = url.map { String(cString: $0) } ?? "/"
        return server.begin(exchange, version: version.map { String(cString: $0) } ?? "HTTP/1.1")
    }
    if uploadSize.pointee > 0, let uploadData {
        let count = uploadSize.pointee
        uploadSize.pointee = 0
        return server.receive(exchange, UnsafeRawBufferPointer(start: uploadData, count: count))
    }
    return server.finish(exchange)
}

/// libmicrohttpd's completion callback: releases the request's `Exchange` and reports it.
let completionHandler: MHD_RequestCompletedCallback = { cls, _, state, termination in
    guard let cls, let state, let raw = state.pointee else { return }
    state.pointee = nil
    let server = Unmanaged<HTTPServer>.fromOpaque(cls).takeUnretainedValue()
    let exchange = Unmanaged<Exchange>.fromOpaque(raw).takeRetainedValue()
    exchange.closeResponder()
    if exchange.status == 0 {
        // libmicrohttpd's own answer (400, 413, 431, 505), or nothing was sent: nginx's "client
        // closed request" code keeps that apart from real answers.
        let queued = Int(CPreflightShims_MHD_http_status(exchange.connection))
        if queued > 0 {
            exchange.status = queued
        } else if termination != .REQUEST_TERMINATED_COMPLETED_OK {
            exchange.status = exchange.rejectedForSize ? 413 : 499
        }
    }
    server.requestFinished(exchange)
}

/// A response body lent to libmicrohttpd (`HTTPServer.makeResponse`).
final class BodyBox {
    let bytes: [UInt8]
    init(_ bytes: [UInt8]) { self.bytes = bytes }
}

/// libmicrohttpd frees a response made by `makeResponse`: the body's box is released.
private let releaseBody: MHD_ContentReaderFreeCallback = { cls in
    guard let cls else { return }
    Unmanaged<BodyBox>.fromOpaque(cls).release()
}

/// libmicrohttpd's accept policy: once the server drains, new connections are closed unserved.
let acceptPolicy: MHD_AcceptPolicyCallback = { cls, _, _ in
    guard let cls else { return .NO }
    return Unmanaged<HTTPServer>.fromOpaque(cls).takeUnretainedValue().isDraining ? .NO : .YES
}

/// Gathers headers or query arguments into the exchange passed as `cls`, noting the first
/// header that libmicrohttpd read leniently.
private let collectHeader: MHD_KeyValueIteratorN = { cls, kind, key, keySize, value, valueSize in
    guard let cls, let key else { return .YES }
    let exchange = Unmanaged<Exchange>.fromOpaque(cls).takeUnretainedValue()
    let raw = UnsafeRawBufferPointer(start: key, count: keySize)
    let text = value.map { String(cString: $0) } ?? ""
    guard kind == .HEADER_KIND else {
        let name = String(decoding: raw, as: UTF8.self)
        if exchange.query.updateValue(text, forKey: name) != nil, exchange.repeatedQuery == nil {
            exchange.repeatedQuery = name
        }
        return .YES
    }
    // The lowercased name made from the bytes at once (no string is made for the name as sent
    // unless a message needs it).
    let lower = HeaderBlock.lowercasedName(raw)
    if exchange.headerProblem == nil {
        exchange.headerProblem = HeaderBlock.problem(name: raw, lowercased: lower)
    }
    if exchange.headerProblem == nil, let end = exchange.valueEnd, !HeaderBlock.lineEnds(at: end, before: key) {
        exchange.headerProblem = "a header line is cut short: a NUL byte inside a value, or a folded line"
    }
    // libmicrohttpd 0.9.75 parses the header block in place, ending each value with a NUL where
    // its CR or LF was; the next line starts one or two bytes on. A value cut short by a NUL of
    // its own has the rest of its line there instead: that is how it is seen.
    exchange.valueEnd = valueSize > 0 ? value.map { UnsafeRawPointer($0 + valueSize) } : nil
    if exchange.headers[lower] != nil {
        // In place: a request repeating a header a thousand times costs linear time, not quadratic.
        exchange.headers[lower]?.append(", ")
        exchange.headers[lower]?.append(text)
        exchange.repeatedHeaders.insert(lower)
    } else {
        exchange.headers[lower] = text
    }
    return .YES
}

// MARK: - The request's life: one event per libmicrohttpd call

extension HTTPServer {
    /// First call: headers are in. Reject what can be rejected before the body: first a header
    /// block a lenient reader could take apart differently (answered at once, and closed).
    func begin(_ exchange: Exchange, version: String) -> MHD_Result {
        let context = Unmanaged.passUnretained(exchange).toOpaque()
        exchange.headers.reserveCapacity(16)
        MHD_get_connection_values_n(exchange.connection, .HEADER_KIND, collectHeader, context)
        MHD_get_connection_values_n(exchange.connection, .GET_ARGUMENT_KIND, collectHeader, context)
        if let clients = Self.acceptableRequestID(exchange.headers["x-request-id"]) {
            exchange.requestID = clients
            exchange.clientRequestID = true
        }
        exchange.bodyLimit = configuration.maxBodyBytes

        if exchange.headerProblem == nil, let end = exchange.valueEnd, !HeaderBlock.lineEnds(at: end, before: nil) {
            exchange.headerProblem = "a header line is cut short: a NUL byte inside a value, or a folded line"
        }
        if let refusal = HeaderBlock.refusal(
            method: exchange.method, version: version, headers: exchange.headers, problem: exchange.headerProblem)
        {
            exchange.phase = .rejected(refusal, discarded: 0)
            return queue(refusal, for: exchange)
        }

        if let refusal = Self.targetRefusal(exchange) {
            exchange.phase = .rejected(refusal, discarded: 0)
            return queue(refusal, for: exchange)
        }

        // 404 and 405 are answered once the request is read, so keep-alive connections stay open.
        switch router.match(method: exchange.method, path: exchange.path) {
        case .notFound:
            exchange.phase = .rejected(
                .error(404, code: "not-found", message: "no endpoint at \(exchange.path)"), discarded: 0)
        case .methodNotAllowed(let allowed):
            var response = HTTPResponse.error(
                405, code: "method-not-allowed",
                message: "\(exchange.path) does not accept \(exchange.method); use \(allowed.joined(separator: " or "))"
            )
            response.headers.append(("Allow", allowed.joined(separator: ", ")))
            exchange.route = exchange.path
            exchange.phase = .rejected(response, discarded: 0)
        case .handler(let handler, let route, let maxBodyBytes, let admission):
            exchange.route = route
            exchange.bodyLimit = maxBodyBytes ?? configuration.maxBodyBytes
            // The group's admission (an API key, say) is decided on the headers: a refusal is
            // queued now, so libmicrohttpd closes instead of accepting the body (a request the
            // server would refuse must not make it hold a body buffer).
            if !admission.isEmpty {
                let head = exchange.request
                for step in admission {
                    if let answer = step(head) {
                        exchange.phase = .rejected(answer, discarded: 0)
                        return queue(answer, for: exchange)
                    }
                }
            }
            exchange.phase = .receiving(handler)
        case .fixed(let choose, let route):
            exchange.route = route
            exchange.phase = .fixed(choose, discarded: 0)
        }
        if let length = exchange.headers["content-length"].flatMap({ Int($0) }), length > exchange.bodyLimit {
            // Answered before the body: libmicrohttpd then closes instead of reading it.
            let answer = tooLarge(exchange)
            exchange.phase = .rejected(answer, discarded: 0)
            return queue(answer, for: exchange)
        }
        return .YES
    }

    /// A piece of the body. Past the cap (a chunked body has no Content-Length to judge
    /// up front) the rest is discarded and 413 answered when it ends.
    func receive(_ exchange: Exchange, _ data: UnsafeRawBufferPointer) -> MHD_Result {
        switch exchange.phase {
        case .receiving:
            guard exchange.body.count + data.count <= exchange.bodyLimit else {
                exchange.body = []
                // libmicrohttpd 0.9.75 cannot queue a response while upload data is pending (not even
                // to a suspended connection): the rest is discarded and 413 answered when the body ends.
                exchange.phase = .rejected(tooLarge(exchange), discarded: data.count)
                return .YES
            }
            exchange.body.append(contentsOf: data)
            return .YES
        case .rejected(let answer, let discarded):
            exchange.phase = .rejected(answer, discarded: discarded + data.count)
            // A body that never ends is not read forever: past this the connection is closed.
            return discarded + data.count > discardLimit(exchange) ? .NO : .YES
        case .fixed(let choose, let discarded):
            // A body sent to a fixed route is read and dropped, within the same bound.
            exchange.phase = .fixed(choose, discarded: discarded + data.count)
            return discarded + data.count > discardLimit(exchange) ? .NO : .YES
        case .started, .parked, .answered:
            return .YES
        }
    }

    /// The body is complete, or a parked connection was resumed: run the handler, or queue its answer.
    func finish(_ exchange: Exchange) -> MHD_Result {
        switch exchange.phase {
        case .started, .answered:
            return .YES
        case .rejected(let answer, _):
            return queue(answer, for: exchange)
        case .fixed(let choose, _):
            let fixed = choose()
            // The ordinary path when the answer must differ: the client's id, or a drain's close.
            guard let handle = fixed.handle, !exchange.clientRequestID, !isDraining else {
                return queue(fixed.response, for: exchange)
            }
            exchange.phase = .answered
            exchange.status = fixed.response.status
            exchange.bytesSent = fixed.response.body.count
            return MHD_queue_response(exchange.connection, UInt32(fixed.response.status), handle.pointer)
        case .receiving(let handler):
            handler(exchange.request, exchange.responder)
            exchange.body = []
            if let answer = exchange.responder.takeAnswer() { return deliver(answer, for: exchange) }
            return park(exchange)
        case .parked:
            // Resumed: the answer has come (or the client has gone).
            unpark(exchange.responder)
            guard let answer = exchange.responder.takeAnswer() else {
                return queue(.error(500, code: "internal", message: "resumed without an answer"), for: exchange)
            }
            return deliver(answer, for: exchange)
        }
    }

    private func deliver(_ answer: Responder.Answer, for exchange: Exchange) -> MHD_Result {
        // The client hung up while parked: an empty 499 (nginx's "client closed request"), which
        // fails to send and closes the connection; returning MHD_NO would do the same but log
        // "internal error" for every abandoned request.
        queue(answer.make() ?? HTTPResponse(status: 499, headers: [("Connection", "close")]), for: exchange)
    }

    /// The handler returned without answering: park the connection until it does, unless the
    /// server is closing or the parked requests are at their cap.
    private func park(_ exchange: Exchange) -> MHD_Result {
        exchange.phase = .parked
        switch settle(exchange.responder) {
        case .success(nil):
            return .YES  // suspended until `respond` resumes it
        case .success(let answer?):
            exchange.phase = .answered
            return deliver(answer, for: exchange)
        case .failure(.shuttingDown):
            return queue(
                .error(503, code: "shutting-down", message: "the server is shutting down; retry on another instance"),
                for: exchange)
        case .failure(.full):
            var response = HTTPResponse.error(
                503, code: "overloaded",
                message: "\(configuration.parkedLimit) requests already wait for downloads; retry shortly")
            response.headers.append(("Retry-After", "1"))
            return queue(response, for: exchange)
        }
    }

    /// The answer for a request target that cannot be read one way only, or nil: a `%00`
    /// (libmicrohttpd decodes it and the path or value ends there, so `/v1/preflight%00` would
    /// be served as `/v1/preflight`), or a query argument given twice (libmicrohttpd lists both;
    /// a framework that keeps the first would read another request than one keeping the last).
    static func targetRefusal(_ exchange: Exchange) -> HTTPResponse? {
        let bytes = Array(exchange.target.utf8)
        if bytes.count >= 3 {
            for index in 0..<(bytes.count - 2)
            where bytes[index] == UInt8(ascii: "%") && bytes[index + 1] == UInt8(ascii: "0")
                && bytes[index + 2] == UInt8(ascii: "0")
            {
                var response = HTTPResponse.error(
                    400, code: "bad-request", message: "the request target holds an encoded NUL byte (%00)")
                response.headers.append(("Connection", "close"))
                return response
            }
        }
        if let name = exchange.repeatedQuery {
            let shown = name.unicodeScalars.prefix(64).map { $0.value < 0x20 || $0.value == 0x7F ? "?" : String($0) }
            return .error(
                400, code: "invalid-query",
                message: "the query argument \"\(shown.joined())\" is given more than once; give it once")
        }
        return nil
    }

    /// Bytes of an oversized or rejected body read and dropped before the connection is closed.
    func discardLimit(_ exchange: Exchange) -> Int { max(exchange.bodyLimit * 4, 1 << 20) }

    private func tooLarge(_ exchange: Exchange) -> HTTPResponse {
        .error(
            413, code: "body-too-large",
            message: "the request body is over the \(exchange.bodyLimit)-byte limit of \(exchange.route)")
    }

    private func queue(_ response: HTTPResponse, for exchange: Exchange) -> MHD_Result {
        exchange.phase = .answered
        guard let answer = Self.makeResponse(response.body) else { return .NO }
        defer { MHD_destroy_response(answer) }
        // Tell keep-alive clients to go elsewhere so the drain can end.
        let added =
            response.headers.allSatisfy { Self.addHeader(answer, $0.0, $0.1) }
            && Self.addHeader(answer, "X-Request-Id", exchange.requestID)
            && (!isDraining || Self.addHeader(answer, "Connection", "close"))
        guard added else {
            // A header libmicrohttpd refuses (a line break in it, or no memory): never send the
            // answer without it; close instead, logged as a 500.
            exchange.status = 500
            return .NO
        }
        exchange.status = response.status
        exchange.bytesSent = response.body.count
        return MHD_queue_response(exchange.connection, UInt32(response.status), answer)
    }

    /// Adds a header to `response` without a C string made on the heap for each (Swift makes one
    /// for a short string passed as `const char *`); false when libmicrohttpd refuses it.
    static func addHeader(_ response: OpaquePointer, _ name: String, _ value: String) -> Bool {
        var name = name
        var value = value
        return name.withUTF8 { name in
            value.withUTF8 { value in
                name.withMemoryRebound(to: CChar.self) { name in
                    value.withMemoryRebound(to: CChar.self) { value in
                        CPreflightShims_MHD_add_header(
                            response, name.baseAddress, name.count, value.baseAddress, value.count)
                    }
                }
            }
        } == .YES
    }

    /// A libmicrohttpd response sending `body` where it is, without a copy: the array's storage
    /// is kept alive by a retained box until libmicrohttpd frees the response (the last
    /// connection sending it is done), which releases it.
    static func makeResponse(_ body: [UInt8]) -> OpaquePointer? {
        guard !body.isEmpty else {
            return MHD_create_response_from_buffer(0, nil, .RESPMEM_PERSISTENT)
        }
        let box = Unmanaged.passRetained(BodyBox(body))
        let response = box.takeUnretainedValue().bytes.withUnsafeBufferPointer { bytes in
            // The pointer stays valid after the closure: the box holds the only reference to the
            // array, which is never mutated, so its storage neither moves nor is freed.
            MHD_create_response_from_buffer_with_free_callback_cls(
                bytes.count, UnsafeMutableRawPointer(mutating: bytes.baseAddress), releaseBody, box.toOpaque())
        }
        if response == nil { box.release() }
        return response
    }

    /// A client's request id is echoed when it is short and plain; otherwise one is made.
    static func acceptableRequestID(_ value: String?) -> String? {
        guard let value, !value.isEmpty, value.utf8.count <= 128 else { return nil }
        let plain = value.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".")
                || byte == UInt8(ascii: ":")
        }
        return plain ? value : nil
    }
}
