internal import CMicroHTTPD
internal import CPreflightShims
import Glibc
import Synchronization

/// Answers one request exactly once, from the handler's thread or any other.
///
/// A handler that cannot answer at once keeps the responder and calls `respond` later;
/// the server suspends ("parks") the connection meanwhile, so no worker thread waits.
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

    enum State {
        /// The handler runs and has not answered.
        case waiting
        /// The handler returned without answering; the connection is suspended.
        case suspended
        /// An answer is ready for the server to queue.
        case answered(Answer)
        /// The server took the answer (or refused to park): later answers are dropped.
        case delivered
        /// The connection is gone; answers are dropped.
        case closed
    }

    /// What `settle` decided.
    enum Settlement {
        case answer(Answer)
        /// The connection is suspended until `respond`.
        case parked
        /// No answer yet and no room to park: the server answers for the handler.
        case refused
        /// Settled before: nothing to do.
        case none
    }

    private let state = Mutex<State>(.waiting)
    private let connection: ConnectionHandle

    init(connection: ConnectionHandle) {
        self.connection = connection
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

    private func deliver(_ answer: Answer) {
        state.withLock { state in
            switch state {
            case .waiting:
                state = .answered(answer)
            case .suspended:
                state = .answered(answer)
                // Under the lock, so the resume can never overtake the suspend.
                MHD_resume_connection(connection.pointer)
            case .answered, .delivered, .closed:
                break
            }
        }
    }

    /// The answer given so far, taken once; nil while there is none.
    func takeAnswer() -> Answer? {
        state.withLock { state in
            guard case .answered(let answer) = state else { return nil }
            state = .delivered
            return answer
        }
    }

    /// After the handler returned: take its answer, or park the connection (`mayPark`),
    /// or refuse it. One step under the responder's lock, called under the server's, so
    /// a park can neither miss an answer nor slip past a shutdown's sweep.
    func settle(mayPark: Bool) -> Settlement {
        state.withLock { state in
            switch state {
            case .answered(let answer):
                state = .delivered
                return .answer(answer)
            case .waiting where mayPark:
                state = .suspended
                MHD_suspend_connection(connection.pointer)
                return .parked
            case .waiting:
                state = .delivered
                return .refused
            case .suspended, .delivered, .closed:
                return .none
            }
        }
    }

    /// For a parked connection: whether its client has hung up (end of stream or a reset
    /// on its socket), in which case it is resumed to be closed. The socket is only read
    /// while the connection is suspended, when libmicrohttpd does not touch it.
    func dropIfHungUp() -> Bool {
        state.withLock { state in
            guard case .suspended = state else { return false }
            let socket = CPreflightShims_MHD_connection_fd(connection.pointer)
            guard socket >= 0 else { return false }
            var byte: UInt8 = 0
            let count = recv(socket, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT))
            let hungUp = count == 0 || (count < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)
            guard hungUp else { return false }
            state = .answered(.abandon)
            MHD_resume_connection(connection.pointer)
            return true
        }
    }

    func close() {
        state.withLock { $0 = .closed }
    }
}

/// The libmicrohttpd connection a responder belongs to.
///
/// `@unchecked Sendable`: the pointer is only used for `MHD_suspend_connection`,
/// `MHD_resume_connection` (which libmicrohttpd allows from any thread) and reading the
/// socket of a suspended connection, always under the responder's lock and only while the
/// state is `.waiting` or `.suspended`; the completion callback sets `.closed` under that
/// lock before the connection is freed, so the pointer is never used after it.
struct ConnectionHandle: @unchecked Sendable {
    let pointer: OpaquePointer
}
