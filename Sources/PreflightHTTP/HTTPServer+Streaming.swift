internal import CMicroHTTPD
internal import CPreflightShims
import Glibc
import Synchronization

// MARK: - Streamed bodies: offering each piece to the route's sink, parking while it is full

extension HTTPServer {
    /// Whether the connection of `waker`'s request is parked waiting for its sink. On the
    /// request's first body call after a resume it leaves the parking lot here.
    func isBodyParked(_ waker: BodyWaker) -> Bool {
        control.withLock { control in
            if control.parking.isSuspended(waker.responder) { return true }
            control.parking.leave(waker.responder)
            return false
        }
    }

    /// Offers `data` to `sink` until it takes all of it, or parks the connection with the rest
    /// left in libmicrohttpd's buffer (`left`), to be offered again once the sink wakes it.
    func stream(
        _ data: UnsafeRawBufferPointer, to sink: any HTTPBodySink, waker: BodyWaker,
        left: UnsafeMutablePointer<Int>, for exchange: Exchange
    ) -> MHD_Result {
        // Answered while parked: the shutdown's sweep (503) or the hang-up check (the client went
        // away). libmicrohttpd cannot send an answer before the body ends, so the connection closes.
        if waker.responder.isAnswered { return .NO }
        var offset = 0
        while true {
            let rest = UnsafeRawBufferPointer(rebasing: data[offset...])
            let took = sink.take(rest)
            precondition(took >= 0 && took <= rest.count, "a body sink took \(took) of \(rest.count) bytes")
            offset += took
            exchange.machine.streamTook(took)
            left.pointee = data.count - offset
            if offset == data.count { return .YES }
            switch parkBody(waker) {
            case .parked: return .YES
            case .woken: continue
            // The server stops and nothing may wait: the body cannot be read to its end.
            case .refused: return .NO
            }
        }
    }

    /// Resumes the connection of `waker`'s request if it is parked waiting for its sink. Under the
    /// lock `retire` takes: a wake that comes after the body's end (a sink's timer, a bulk writer
    /// freeing a place it no longer needs) finds the waker retired and does nothing, so a
    /// connection parked for its answer is resumed only by that answer.
    func resumeBody(_ waker: BodyWaker) {
        control.withLock { control in
            guard !waker.retired.load(ordering: .acquiring) else { return }
            control.resumeParked(waker.responder)
        }
    }

    /// The body has ended: `waker` resumes nothing from now on.
    func retire(_ waker: BodyWaker) {
        control.withLock { _ in waker.retired.store(true, ordering: .releasing) }
    }

    private enum BodyPark {
        case parked
        /// The sink woke before the park: offer the rest again now.
        case woken
        case refused
    }

    /// Suspends the connection until the sink wakes it, unless it already has. One step under
    /// the server's lock, which `BodyWaker.wake`'s resume also takes: a wake either comes first
    /// and is seen here, or finds the connection suspended and resumes it.
    private func parkBody(_ waker: BodyWaker) -> BodyPark {
        control.withLock { control in
            if waker.woken.exchange(false, ordering: .acquiringAndReleasing) { return .woken }
            let settlement = control.parking.park(waker.responder, accepting: control.acceptsParking, limited: false)
            guard case .parked = settlement else { return .refused }
            MHD_suspend_connection(waker.responder.connection.pointer)
            return .parked
        }
    }

    /// A libmicrohttpd response sending `file`'s bytes: libmicrohttpd reads the descriptor itself
    /// (with `sendfile` on a plain socket) and closes it when the response is destroyed; when it
    /// cannot make the response it has not taken the descriptor, which is closed here
    /// (0.9.75 `src/microhttpd/response.c`, `MHD_create_response_from_fd_at_offset64`).
    static func makeResponse(file: ResponseFile) -> OpaquePointer? {
        guard let descriptor = file.take() else { return nil }
        guard let response = MHD_create_response_from_fd64(UInt64(file.size), descriptor) else {
            // Never read by libmicrohttpd: close's status has nothing to report.
            _ = Glibc.close(descriptor)
            return nil
        }
        return response
    }
}
