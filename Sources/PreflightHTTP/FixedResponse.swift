internal import CMicroHTTPD

/// A response made once, at start, and queued as it is for every request of its route: the
/// health endpoints answer without building a response, copying a body or adding headers.
///
/// libmicrohttpd counts a response's users, so one response may be queued on any number of
/// connections at once; it is destroyed with this object.
///
/// A fixed answer carries no `X-Request-Id` (it cannot differ per request): the server answers
/// through the ordinary path, with the id, when the client sent one of its own, and while it
/// drains (to add `Connection: close`). The access log has the id either way.
public final class FixedResponse: Sendable {
    let response: HTTPResponse
    /// Nil when libmicrohttpd could not make it (no memory) or refused a header: the route then
    /// answers through the ordinary path.
    let handle: ResponseHandle?

    public init(_ response: HTTPResponse) {
        self.response = response
        var made = HTTPServer.makeResponse(response.body)
        if let pointer = made, !response.headers.allSatisfy({ HTTPServer.addHeader(pointer, $0.0, $0.1) }) {
            MHD_destroy_response(pointer)
            made = nil
        }
        self.handle = made.map(ResponseHandle.init(pointer:))
    }

    deinit {
        if let handle { MHD_destroy_response(handle.pointer) }
    }
}

/// A libmicrohttpd response shared by connections.
///
/// `@unchecked Sendable`: the response is complete (body and headers) before the handle is made,
/// and is then only passed to `MHD_queue_response`, which libmicrohttpd allows on any number of
/// connections from any of its threads (the response's use count is kept under its own mutex);
/// `MHD_destroy_response` runs once, in `FixedResponse.deinit`, when no route refers to it.
struct ResponseHandle: @unchecked Sendable {
    let pointer: OpaquePointer
}
