internal import CMicroHTTPD
import Synchronization

/// Answers one request exactly once, from the handler's thread or any other.
///
/// A handler that cannot answer at once keeps the responder and calls `respond` later;
/// the server suspends the connection meanwhile, so no worker thread waits.
public final class Responder: Sendable {
    enum State {
        /// The handler runs and has not answered.
        case waiting
        /// The handler returned without answering; the connection is suspended.
        case suspended
        /// An answer is ready for the server to queue.
        case answered(HTTPResponse)
        /// The server queued the answer.
        case delivered
        /// The connection is gone; answers are dropped.
        case closed
    }

    let state = Mutex<State>(.waiting)
    private let connection: ConnectionHandle

    init(connection: ConnectionHandle) {
        self.connection = connection
    }

    /// Gives the answer. Later calls are ignored.
    public func respond(_ response: HTTPResponse) {
        state.withLock { state in
            switch state {
            case .waiting:
                state = .answered(response)
            case .suspended:
                state = .answered(response)
                // Under the lock, so the resume can never overtake the suspend.
                MHD_resume_connection(connection.pointer)
            case .answered, .delivered, .closed:
                break
            }
        }
    }

    /// Called by the server after the handler returned: the answer to queue now, or nil
    /// once the connection is suspended until `respond` resumes it.
    func takeAnswerOrSuspend() -> HTTPResponse? {
        state.withLock { state in
            switch state {
            case .answered(let response):
                state = .delivered
                return response
            case .waiting:
                state = .suspended
                MHD_suspend_connection(connection.pointer)
                return nil
            case .suspended, .delivered, .closed:
                return nil
            }
        }
    }

    /// Whether the connection waits for an answer.
    var isSuspended: Bool {
        state.withLock { state in
            if case .suspended = state { return true }
            return false
        }
    }

    func close() {
        state.withLock { $0 = .closed }
    }
}

/// The libmicrohttpd connection a responder belongs to.
///
/// `@unchecked Sendable`: the pointer is only used for `MHD_resume_connection`, which
/// libmicrohttpd allows from any thread, and only under the responder's lock while the state
/// is `.suspended`; the completion callback sets `.closed` under that lock before the
/// connection is freed, so the pointer is never used after it.
struct ConnectionHandle: @unchecked Sendable {
    let pointer: OpaquePointer
}
