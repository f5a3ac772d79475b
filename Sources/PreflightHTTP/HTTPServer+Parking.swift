internal import CMicroHTTPD
internal import CPreflightShims
import Glibc
import Synchronization

// MARK: - Parking: the suspend and resume calls beside the `ParkingLot`'s decisions

extension HTTPServer {
    /// After the handler returned: its answer, or the connection parked until it comes, or why
    /// it may not wait. The park is one step under the server's lock, which the shutdown sweep
    /// and `resumeIfParked` also take: an answer given meanwhile is either seen here or resumes
    /// the connection after it is suspended, and nothing parks after the sweep.
    func settle(_ responder: Responder) -> ExchangeStateMachine.Settlement {
        if let answer = responder.takeAnswer() { return .answered(answer) }
        return control.withLock { control in
            if let answer = responder.takeAnswer() { return .answered(answer) }
            let settlement = control.parking.park(responder, accepting: control.acceptsParking)
            if case .parked = settlement { MHD_suspend_connection(responder.connection.pointer) }
            return settlement
        }
    }

    /// An answer was given: resumes the connection if it is parked and still suspended.
    ///
    /// `MHD_resume_connection` runs under the server's lock so that a connection is resumed
    /// exactly once. That cannot deadlock: it takes only the daemon's `cleanup_connection_mutex`,
    /// and libmicrohttpd calls no callback of ours while holding that mutex (its one callback
    /// under it, `notify_completed` in `resume_suspended_connections`, is for upgraded
    /// connections, which this server never makes; libmicrohttpd `src/microhttpd/daemon.c`,
    /// `MHD_resume_connection` and `resume_suspended_connections`).
    func resumeIfParked(_ responder: Responder) {
        control.withLock { control in
            control.resumeParked(responder)
        }
    }

    /// A parked request came back (or closed): it no longer counts against the cap.
    func leaveParking(_ responder: Responder) {
        control.withLock { $0.parking.leave(responder) }
    }

    /// Closes parked connections whose clients have gone (run by the hang-up timer). The
    /// sockets are read under the lock, a batch at a time, so a park or an answer never waits
    /// behind thousands of reads.
    func dropAbandoned() {
        let waiting = control.withLock { $0.parking.suspended }
        var start = 0
        while start < waiting.count {
            let batch = waiting[start..<min(start + 64, waiting.count)]
            control.withLock { control in
                for responder in batch where control.parking.isSuspended(responder) {
                    // An answer that came first resumes the connection itself.
                    guard Self.hasHungUp(responder.connection), responder.abandon() else { continue }
                    control.resumeParked(responder)
                }
            }
            start += batch.count
        }
    }

    /// For a suspended connection: whether its client has hung up (end of stream or a reset on
    /// its socket). The socket is only read while the connection is suspended, when
    /// libmicrohttpd does not touch it.
    private static func hasHungUp(_ connection: ConnectionHandle) -> Bool {
        let socket = CPreflightShims_MHD_connection_fd(connection.pointer)
        guard socket >= 0 else { return false }
        var byte: UInt8 = 0
        let count = recv(socket, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT))
        return count == 0 || (count < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)
    }
}

extension HTTPServer.Control {
    /// Resumes `responder`'s connection if it is parked and still suspended; called under the
    /// server's lock (`resumeIfParked` says why that is safe), by every path that resumes one.
    mutating func resumeParked(_ responder: Responder) {
        if parking.resume(responder) { MHD_resume_connection(responder.connection.pointer) }
    }
}
