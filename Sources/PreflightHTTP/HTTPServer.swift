internal import CMicroHTTPD
internal import CPreflightShims
import Dispatch
import Foundation
import Glibc
import PreflightHost
import Synchronization

/// An HTTP/1.1 server over libmicrohttpd: an epoll daemon per worker thread, bodies gathered
/// under a cap, requests that answer later from another thread (their connections parked,
/// a bounded number of them), and a graceful drain.
///
/// ```swift
/// var router = Router()
/// router.add("GET", "/healthz", sync: { _ in .json(200, #"{"status":"ok"}"#) })
/// let server = HTTPServer(configuration: .init(port: 0), router: router)
/// try server.start()
/// defer { server.shutdown(drainTimeout: .seconds(5)) }
/// ```
public final class HTTPServer: Sendable {
    /// libmicrohttpd's settings.
    public struct Configuration: Sendable {
        public var host: String
        public var port: Int
        /// Worker threads; 0 for one per usable CPU (`HostCPU.count`).
        public var threads: Int
        public var maxConnections: Int
        /// Requests that may wait parked for an answer at once; past it they are answered 503
        /// `overloaded`. 0 for three quarters of `maxConnections`, so waiting requests can never
        /// take every connection slot.
        public var maxParkedRequests: Int
        /// 0 for no limit.
        public var perIPConnections: Int
        public var connectionTimeoutSeconds: Int
        public var maxBodyBytes: Int
        public var connectionMemoryBytes: Int
        /// A header family whose unknown names are refused with 400; nil refuses none.
        public var reservedHeaders: ReservedHeaders?

        public init(
            host: String = "127.0.0.1", port: Int = 8080, threads: Int = 0, maxConnections: Int = 4096,
            maxParkedRequests: Int = 0, perIPConnections: Int = 0, connectionTimeoutSeconds: Int = 30,
            maxBodyBytes: Int = 65536, connectionMemoryBytes: Int = 32768, reservedHeaders: ReservedHeaders? = nil
        ) {
            self.host = host
            self.port = port
            self.threads = threads
            self.maxConnections = maxConnections
            self.maxParkedRequests = maxParkedRequests
            self.perIPConnections = perIPConnections
            self.connectionTimeoutSeconds = connectionTimeoutSeconds
            self.maxBodyBytes = maxBodyBytes
            self.connectionMemoryBytes = connectionMemoryBytes
            self.reservedHeaders = reservedHeaders
        }

        /// The parked-request cap in force.
        public var parkedLimit: Int {
            maxParkedRequests > 0 ? maxParkedRequests : max(1, maxConnections * 3 / 4)
        }

        /// The worker threads in force.
        public var workerThreads: Int { threads > 0 ? threads : HostCPU.count }
    }

    /// The server's life. Only `start` and `shutdown` move it, under `control`'s lock.
    enum Lifecycle {
        case idle
        /// Serving.
        case running(Daemon)
        /// Shutdown has begun: new connections are refused, requests in flight may finish,
        /// handlers may still park.
        case draining(Daemon)
        /// Parked requests were answered 503: nothing may park any more; the daemon stops next.
        case closing(Daemon)
        case stopped
    }

    struct Control {
        var lifecycle = Lifecycle.idle
        /// The requests waiting for their handler's answer.
        var parking: ParkingLot
        /// Second callers of `shutdown`, woken when the first is done.
        var stopWaiters: [DispatchSemaphore] = []
        var hangUpTimer: HangUpTimer?

        var acceptsParking: Bool {
            switch lifecycle {
            case .running, .draining: true
            case .idle, .closing, .stopped: false
            }
        }
    }

    public let configuration: Configuration
    let router: Router
    /// The capacity of the large buffers the server keeps between requests (`BufferShelf`):
    /// room for a few batches' bodies and answers at the default caps, a small part of the
    /// memory the deployment gives the process.
    static let keptLargeBufferBytes = 8 << 20
    /// Large bodies and answers, kept for the next large request.
    let shelf = BufferShelf(limitBytes: keptLargeBufferBytes)
    let onComplete: (@Sendable (AccessRecord) -> Void)?

    let control: Mutex<Control>
    private let boundPort = Atomic<Int>(0)
    /// Mirrors "shutdown has begun" for the per-connection checks, which must not lock.
    private let draining = Atomic<Bool>(false)
    private let inFlightCount = Atomic<Int>(0)
    /// Signalled when the last request in flight ends while draining.
    private let quiet = DispatchSemaphore(value: 0)
    private let requestCounter = Atomic<UInt64>(0)
    /// The first part of the server's request ids, and the dash after it: eight hex digits.
    private let idPrefix = Array((String(UInt32.random(in: 0x1000_0000...0xFFFF_FFFF), radix: 16) + "-").utf8)

    /// - Parameter onComplete: called once per finished request, on a server thread.
    public init(
        configuration: Configuration, router: Router, onComplete: (@Sendable (AccessRecord) -> Void)? = nil
    ) {
        self.configuration = configuration
        self.router = router
        self.onComplete = onComplete
        self.control = Mutex(Control(parking: ParkingLot(limit: configuration.parkedLimit)))
    }

    deinit {
        // A running server holds a reference to itself (handed to libmicrohttpd), so it can
        // only go away before `start` or after `shutdown`.
        control.withLock { control in
            switch control.lifecycle {
            case .idle, .stopped: break
            case .running, .draining, .closing: preconditionFailure("HTTPServer released while its daemon runs")
            }
        }
    }

    /// The port the server listens on (the chosen one when configured with port 0).
    public var port: Int { boundPort.load(ordering: .acquiring) }

    /// Whether shutdown has begun.
    public var isDraining: Bool { draining.load(ordering: .acquiring) }

    /// Requests whose headers arrived and whose answer has not been sent yet.
    public var inFlight: Int { inFlightCount.load(ordering: .relaxed) }

    /// Requests parked, waiting for their handler's answer.
    public var parked: Int { control.withLock { $0.parking.count } }

    /// Starts listening; the server's threads run until `shutdown`.
    ///
    /// One daemon per worker thread, each with a listening socket of its own on the one port
    /// (`SO_REUSEPORT`), so the kernel spreads new connections over the workers. With one
    /// daemon and a pool of workers sharing its socket, the first worker to wake accepts every
    /// connection waiting, so a client that opens its connections at once (a pool warming up)
    /// can have them all on one worker while the other cores idle (bench/RESULTS.md, "Batch
    /// items, and connections spread over the workers"). libmicrohttpd counts a client
    /// address's connections within one daemon, so with `perIPConnections` set the server keeps
    /// one daemon and its pool.
    public func start() throws(HTTPServerError) {
        let threads = configuration.workerThreads
        let listeners = configuration.perIPConnections > 0 ? 1 : max(1, min(threads, configuration.maxConnections))
        try control.withLock { control throws(HTTPServerError) in
            guard case .idle = control.lifecycle else { throw .alreadyStarted }
            // A second server on the port is refused, as a socket without `SO_REUSEPORT` would be.
            if listeners > 1, configuration.port != 0 { try checkPortFree() }
            // Retained for libmicrohttpd's callbacks; released once the daemons have stopped.
            let context = Unmanaged.passRetained(self)
            var daemons: [OpaquePointer] = []
            var port = configuration.port
            for index in 0..<listeners {
                // libmicrohttpd's pool divides the limit among its workers the same way.
                let share =
                    configuration.maxConnections / listeners
                    + (index < configuration.maxConnections % listeners ? 1 : 0)
                // A failure stops the daemons started so far, so none is left running unowned.
                let started: OpaquePointer?
                do throws(HTTPServerError) {
                    started = try startDaemon(
                        port: port, connectionLimit: share, poolThreads: listeners == 1 ? threads : 1,
                        reusePort: listeners > 1, context: context)
                } catch {
                    abandon(daemons, context)
                    throw error
                }
                if let started, index == 0 { port = Int(CPreflightShims_MHD_bind_port(started)) }
                // The others must join the first one's port: not knowing it is a failure too.
                guard let started, port != 0 else {
                    abandon(daemons + (started.map { [$0] } ?? []), context)
                    throw .startFailed(configuration.host, configuration.port)
                }
                daemons.append(started)
            }
            control.lifecycle = .running(Daemon(pointers: daemons, context: context))
            boundPort.store(port, ordering: .releasing)
            control.hangUpTimer = HangUpTimer(server: self)
        }
    }

    /// Stops the daemons of a start that failed and releases the reference their callbacks held.
    private func abandon(_ daemons: [OpaquePointer], _ context: Unmanaged<HTTPServer>) {
        for daemon in daemons { MHD_stop_daemon(daemon) }
        context.release()
    }

    /// One libmicrohttpd daemon on `port`, its callbacks given `context`; nil when it cannot start.
    private func startDaemon(
        port: Int, connectionLimit: Int, poolThreads: Int, reusePort: Bool, context: Unmanaged<HTTPServer>
    ) throws(HTTPServerError) -> OpaquePointer? {
        var address = try socketAddress(port: port)
        var flags = MHD_USE_INTERNAL_POLLING_THREAD.rawValue | MHD_USE_EPOLL.rawValue
        flags |= MHD_ALLOW_SUSPEND_RESUME.rawValue | MHD_USE_ERROR_LOG.rawValue
        if address.isIPv6 { flags |= MHD_USE_IPv6.rawValue }
        return address.withSockaddr { sockaddr in
            var options: [MHD_OptionItem] = [
                option(.CONNECTION_TIMEOUT, configuration.connectionTimeoutSeconds),
                option(.CONNECTION_LIMIT, connectionLimit),
                option(.PER_IP_CONNECTION_LIMIT, configuration.perIPConnections),
                option(.CONNECTION_MEMORY_LIMIT, configuration.connectionMemoryBytes),
                MHD_OptionItem(option: .SOCK_ADDR, value: 0, ptr_value: UnsafeMutableRawPointer(mutating: sockaddr)),
                option(.LISTEN_BACKLOG_SIZE, 1024),
            ]
            if poolThreads > 1 { options.append(option(.THREAD_POOL_SIZE, poolThreads)) }
            // `SO_REUSEPORT` (and `SO_REUSEADDR`) on the listening socket (microhttpd.h).
            if reusePort { options.append(option(.LISTENING_ADDRESS_REUSE, 1)) }
            options.append(MHD_OptionItem(option: .END, value: 0, ptr_value: nil))
            let pointer = context.toOpaque()
            return options.withUnsafeMutableBufferPointer { buffer in
                CPreflightShims_MHD_start_daemon(
                    flags, acceptPolicy, accessHandler, pointer, completionHandler, pointer, uriLogHandler, pointer,
                    connectionNotifier, nil, buffer.baseAddress)
            }
        }
    }

    /// Throws `startFailed` when something listens on the configured address already: a plain
    /// socket (`SO_REUSEADDR`, as libmicrohttpd sets by default, so a closed connection's
    /// `TIME_WAIT` does not count) is bound to it and closed. Sockets with `SO_REUSEPORT` may
    /// share a port with any other socket of the same user that sets it, another server's too.
    private func checkPortFree() throws(HTTPServerError) {
        var address = try socketAddress(port: configuration.port)
        let probe = socket(
            address.isIPv6 ? AF_INET6 : AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard probe >= 0 else { throw .startFailed(configuration.host, configuration.port) }
        // Never listening, it holds nothing when closed; a failed close leaves only a descriptor.
        defer { _ = Glibc.close(probe) }
        var on: Int32 = 1
        let length = socklen_t(address.isIPv6 ? MemoryLayout<sockaddr_in6>.size : MemoryLayout<sockaddr_in>.size)
        let bound = address.withSockaddr { sockaddr in
            setsockopt(probe, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size)) == 0
                && bind(probe, sockaddr, length) == 0
        }
        guard bound else { throw .startFailed(configuration.host, configuration.port) }
    }

    /// Stops gracefully: readiness turns to draining, new connections are closed unserved,
    /// keep-alive answers say `Connection: close`, requests in flight may finish within
    /// `drainTimeout`, parked ones still waiting are answered 503 (and from then on nothing
    /// parks: a request arriving on a kept-alive connection is answered 503 at once), then the
    /// daemon stops and the listening socket closes. Blocks until done; a second caller waits
    /// for the first.
    ///
    /// Not `MHD_quiesce_daemon`: with epoll worker threads libmicrohttpd 0.9.75 races its own
    /// workers to remove the listening socket from their epoll sets and aborts the process
    /// when it loses ("Failed to remove listen FD from epoll set"); the accept policy refuses
    /// new connections instead.
    public func shutdown(drainTimeout: Duration) {
        enum Step {
            case drain(Daemon)
            case wait(DispatchSemaphore)
            case done
        }
        let step = control.withLock { control -> Step in
            switch control.lifecycle {
            case .idle, .stopped:
                control.lifecycle = .stopped
                return .done
            case .running(let daemon):
                control.lifecycle = .draining(daemon)
                draining.store(true, ordering: .releasing)
                return .drain(daemon)
            case .draining, .closing:
                let waiter = DispatchSemaphore(value: 0)
                control.stopWaiters.append(waiter)
                return .wait(waiter)
            }
        }
        switch step {
        case .done: return
        case .wait(let waiter): return waiter.wait()
        case .drain(let daemon): drainAndStop(daemon, drainTimeout: drainTimeout)
        }
    }

    private func drainAndStop(_ daemon: Daemon, drainTimeout: Duration) {
        waitForQuiet(until: .now + drainTimeout)

        // The sweep: from here on nothing parks, so every suspended connection is one of these.
        let (waiting, timer) = control.withLock { control in
            control.lifecycle = .closing(daemon)
            defer { control.hangUpTimer = nil }
            return (control.parking.responders, control.hangUpTimer)
        }
        timer?.cancel()
        for responder in waiting {
            responder.respond(
                .error(503, code: "shutting-down", message: "the server is shutting down; retry on another instance"))
        }
        if !waiting.isEmpty { waitForQuiet(until: .now + .seconds(2)) }

        for pointer in daemon.pointers { MHD_stop_daemon(pointer) }
        daemon.context.release()
        let waiters = control.withLock { control in
            control.lifecycle = .stopped
            defer { control.stopWaiters = [] }
            return control.stopWaiters
        }
        for waiter in waiters { waiter.signal() }
    }

    /// Waits until no request is in flight, or the deadline.
    private func waitForQuiet(until deadline: ContinuousClock.Instant) {
        while inFlight > 0 {
            let left = deadline - .now
            guard left > .zero else { return }
            // Woken by the last request to finish; the timeout covers a wake-up lost to a race.
            _ = quiet.wait(timeout: .now() + .milliseconds(min(50, Int(left.components.seconds * 1000) + 1)))
        }
    }

    // MARK: - Per-request bookkeeping, called from the C callbacks

    /// The paths of the server's routes.
    public var routePaths: [String] { router.paths }

    /// The server's id for its next request, `prefix-N`, written straight into the string's
    /// storage: two concatenations and `String(UInt64)` cost some 600 instructions a request.
    func nextRequestID() -> String {
        let number = requestCounter.add(1, ordering: .relaxed).newValue
        var digits = 1
        var rest = number / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        let prefix = idPrefix
        return String(unsafeUninitializedCapacity: prefix.count + digits) { id in
            let end = id.initialize(fromContentsOf: prefix)
            var rest = number
            for index in (end..<end + digits).reversed() {
                id[index] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            }
            return end + digits
        }
    }

    /// A new request's exchange, with the server's id for it, counted in flight.
    func startExchange(_ connection: OpaquePointer, uri: UnsafePointer<CChar>?) -> Exchange {
        let context = CPreflightShims_MHD_socket_context(connection).map {
            Unmanaged<ConnectionContext>.fromOpaque($0).takeUnretainedValue()
        }
        let requestID = nextRequestID()
        let limit = configuration.maxBodyBytes
        let exchange =
            context?.exchange(for: connection, uri: uri, requestID: requestID, maxBodyBytes: limit)
            ?? Exchange(connection: connection, uri: uri, context: nil, requestID: requestID, maxBodyBytes: limit)
        inFlightCount.add(1, ordering: .relaxed)
        return exchange
    }

    /// libmicrohttpd is done with the request: it leaves the parking lot if it was there (closed
    /// while parked: the daemon stopping, or the client gone), and is logged.
    func requestFinished(_ exchange: Exchange, _ ending: ExchangeStateMachine.Ending) {
        if ending.mayBeParked, let responder = exchange.madeResponder { leaveParking(responder) }
        let left = inFlightCount.subtract(1, ordering: .relaxed).newValue
        if left == 0, isDraining { quiet.signal() }
        onComplete?(exchange.record())
    }

    // MARK: - Setup helpers

    private func option(_ option: MHD_OPTION, _ value: Int) -> MHD_OptionItem {
        MHD_OptionItem(option: option, value: value, ptr_value: nil)
    }

    private func socketAddress(port: Int) throws(HTTPServerError) -> SocketAddress {
        let host = configuration.host == "localhost" ? "127.0.0.1" : configuration.host
        guard let address = SocketAddress(host: host, port: UInt16(clamping: port)) else {
            throw .invalidAddress(configuration.host)
        }
        return address
    }
}

/// The running daemons (one per worker, or one with a pool) and the reference to the server
/// their callbacks use.
///
/// `@unchecked Sendable`: it lives in the server's `Mutex`; `MHD_stop_daemon` and the
/// release are done once, by the one caller of `shutdown` that moved the state to draining.
struct Daemon: @unchecked Sendable {
    let pointers: [OpaquePointer]
    let context: Unmanaged<HTTPServer>
}

/// Every second, closes parked connections whose clients hung up: libmicrohttpd does not
/// watch a suspended connection's socket, so without this an abandoned request would hold its
/// connection slot until its download ended. A thread of its own, stopped by `cancel`.
final class HangUpTimer: Sendable {
    private let stop = DispatchSemaphore(value: 0)

    init(server: HTTPServer) {
        let stop = self.stop
        HostThread.start(named: "pf-hangups") { [weak server] in
            while stop.wait(timeout: .now() + .seconds(1)) == .timedOut {
                server?.dropAbandoned()
            }
        }
    }

    func cancel() { stop.signal() }
}
