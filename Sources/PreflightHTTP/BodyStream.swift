import Glibc
import Synchronization

/// A route that takes its body as it arrives instead of gathered whole: its opener, run once the
/// headers are in (after the group's admission), gives a sink that is handed each piece of the
/// body on the connection's worker thread, then its end.
///
/// A sink that cannot take more yet says so by taking fewer bytes than offered: the server leaves
/// the rest in libmicrohttpd's buffer and suspends the connection (no worker waits, no more is
/// read from the socket, so the client's sending stalls on TCP's window), until the sink calls its
/// `BodyWaker`; then the rest is offered again. libmicrohttpd 0.9.75 lets a handler leave upload
/// data unprocessed (`*upload_data_size` left non-zero) on the condition that the connection is
/// suspended, else it answers 500 once its read buffer is full (its manual, "Callbacks",
/// `upload_data_size`; `src/microhttpd/connection.c`, `process_request_body` and the
/// `MHD_CONNECTION_CONTINUE_SENT` case of `MHD_connection_update_event_loop_info`).
///
/// The answer cannot start before the body has ended: libmicrohttpd 0.9.75 queues a response only
/// before the first body byte is handed over or once the whole request is in
/// (`MHD_queue_response` returns `MHD_NO` in any other state, `connection.c`), so a sink answers
/// through the responder `finish` gives it, now or later, as a handler does.
///
/// ```swift
/// router.add("POST", "/upload", maxBodyBytes: 1 << 30, streaming: { request, waker in
///     .stream(LineSink(waker: waker))   // or .refuse(.error(503, ...))
/// })
/// ```
public protocol HTTPBodySink: AnyObject, Sendable {
    /// A piece of the body, in order: the number of bytes taken from its start. Fewer than offered
    /// parks the connection until `BodyWaker.wake` is called, then the rest is offered again, so
    /// every short take must be followed by a wake, before `take` returns or later: the server
    /// resumes the connection for nothing else, and a short take with no wake to come stalls the
    /// body until the client gives up. Called on the connection's worker thread, one call at a
    /// time.
    func take(_ bytes: UnsafeRawBufferPointer) -> Int
    /// The body has ended: answer through `responder`, at once or later from any thread.
    func finish(_ responder: Responder)
    /// The request ended before `finish` (the body over the route's cap, the client gone, the
    /// server stopping): release what the sink holds. Called at most once, never after `finish`.
    func cancel()
}

/// What a streaming route's opener decides once the headers are in.
public enum BodyStreamStart: Sendable {
    /// Take the body through this sink.
    case stream(any HTTPBodySink)
    /// Answer this now; the body is not read (libmicrohttpd closes the connection after it).
    case refuse(HTTPResponse)
}

/// A streaming route's opener: the request has its method, path, query and headers, and an
/// empty body; the waker is the one the sink calls when it can take more.
public typealias HTTPStreamOpener = @Sendable (HTTPRequest, BodyWaker) -> BodyStreamStart

/// Resumes a connection parked because its body's sink could take no more. Safe from any thread,
/// before or after the park: a wake that comes first is seen when the server would park, which
/// then offers the rest at once instead (`HTTPServer.parkBody`).
public final class BodyWaker: Sendable {
    let responder: Responder
    private let server: HTTPServer
    /// Set by `wake`, taken by the server under its lock as it decides whether to park.
    let woken = Atomic<Bool>(false)
    /// Set under the server's lock once the body has ended (`HTTPServer.retire`): from then on the
    /// connection parks only for its answer, which a wake must not resume.
    let retired = Atomic<Bool>(false)

    init(responder: Responder, server: HTTPServer) {
        self.responder = responder
        self.server = server
    }

    /// The sink can take more: resume the connection if it is parked, else do not park it next.
    public func wake() {
        woken.store(true, ordering: .releasing)
        server.resumeBody(self)
    }
}

/// A response body read from a file by libmicrohttpd itself (`MHD_create_response_from_fd64`:
/// `sendfile` on a plain socket, no copy through this process). The descriptor is the response's
/// once it is queued; until then this object owns it and closes it when released.
public final class ResponseFile: Sendable {
    private let descriptor: Mutex<Int32?>
    /// Bytes from offset 0 sent as the body.
    public let size: Int

    /// - Parameter descriptor: a blocking descriptor open for reading; its file position does
    ///   not matter (libmicrohttpd reads at offsets).
    public init(descriptor: Int32, size: Int) {
        self.descriptor = Mutex(descriptor)
        self.size = size
    }

    /// The descriptor, taken once (the response will close it).
    func take() -> Int32? {
        descriptor.withLock { descriptor in
            defer { descriptor = nil }
            return descriptor
        }
    }

    deinit {
        // Never queued (the client went away first): nothing is read from it any more, so
        // close's status has nothing left to report.
        if let descriptor = take() { _ = Glibc.close(descriptor) }
    }
}
