internal import CMicroHTTPD
internal import CPreflightShims
import Dispatch
import Glibc
import Synchronization

/// An HTTP/1.1 server over libmicrohttpd: an internal epoll thread pool, bodies gathered
/// under a cap, requests that can answer later from another thread, and a graceful drain.
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
        /// Worker threads; 0 for one per core.
        public var threads: Int
        public var maxConnections: Int
        /// 0 for no limit.
        public var perIPConnections: Int
        public var connectionTimeoutSeconds: Int
        public var maxBodyBytes: Int
        public var connectionMemoryBytes: Int

        public init(
            host: String = "127.0.0.1", port: Int = 8080, threads: Int = 0, maxConnections: Int = 4096,
            perIPConnections: Int = 0, connectionTimeoutSeconds: Int = 30, maxBodyBytes: Int = 65536,
            connectionMemoryBytes: Int = 32768
        ) {
            self.host = host
            self.port = port
            self.threads = threads
            self.maxConnections = maxConnections
            self.perIPConnections = perIPConnections
            self.connectionTimeoutSeconds = connectionTimeoutSeconds
            self.maxBodyBytes = maxBodyBytes
            self.connectionMemoryBytes = connectionMemoryBytes
        }
    }

    public let configuration: Configuration
    let router: Router
    let onComplete: (@Sendable (AccessRecord) -> Void)?

    private let daemon = Mutex<DaemonHandle?>(nil)
    private let boundPort = Atomic<Int>(0)
    private let draining = Atomic<Bool>(false)
    private let inFlightCount = Atomic<Int>(0)
    private let suspended = Mutex<[ObjectIdentifier: Responder]>([:])
    private let requestCounter = Atomic<UInt64>(0)
    private let idPrefix = String(UInt32.random(in: 0x1000_0000...0xFFFF_FFFF), radix: 16)

    /// - Parameter onComplete: called once per finished request, on a server thread.
    public init(
        configuration: Configuration, router: Router, onComplete: (@Sendable (AccessRecord) -> Void)? = nil
    ) {
        self.configuration = configuration
        self.router = router
        self.onComplete = onComplete
    }

    deinit {
        if let handle = daemon.withLock({ $0.take() }) {
            MHD_stop_daemon(handle.pointer)
        }
    }

    /// The port the server listens on (the chosen one when configured with port 0).
    public var port: Int { boundPort.load(ordering: .acquiring) }

    /// Whether shutdown has begun.
    public var isDraining: Bool { draining.load(ordering: .acquiring) }

    /// Requests whose headers arrived and whose answer has not been sent yet.
    public var inFlight: Int { inFlightCount.load(ordering: .relaxed) }

    /// Starts listening; the server's threads run until `shutdown`.
    public func start() throws(HTTPServerError) {
        var address = try socketAddress()
        let threads = configuration.threads > 0 ? configuration.threads : System.coreCount
        var flags = MHD_USE_INTERNAL_POLLING_THREAD.rawValue | MHD_USE_EPOLL.rawValue
        flags |= MHD_ALLOW_SUSPEND_RESUME.rawValue | MHD_USE_ERROR_LOG.rawValue
        if address.isIPv6 { flags |= MHD_USE_IPv6.rawValue }

        let started: OpaquePointer? = address.withSockaddr { sockaddr in
            var options: [MHD_OptionItem] = [
                option(.CONNECTION_TIMEOUT, configuration.connectionTimeoutSeconds),
                option(.CONNECTION_LIMIT, configuration.maxConnections),
                option(.PER_IP_CONNECTION_LIMIT, configuration.perIPConnections),
                option(.CONNECTION_MEMORY_LIMIT, configuration.connectionMemoryBytes),
                MHD_OptionItem(option: .SOCK_ADDR, value: 0, ptr_value: UnsafeMutableRawPointer(mutating: sockaddr)),
                option(.LISTEN_BACKLOG_SIZE, 1024),
            ]
            if threads > 1 { options.append(option(.THREAD_POOL_SIZE, threads)) }
            options.append(MHD_OptionItem(option: .END, value: 0, ptr_value: nil))
            let context = Unmanaged.passUnretained(self).toOpaque()
            return options.withUnsafeMutableBufferPointer { buffer in
                CPreflightShims_MHD_start_daemon(
                    flags, acceptPolicy, accessHandler, context, completionHandler, context, buffer.baseAddress)
            }
        }
        guard let started else { throw .startFailed(configuration.host, configuration.port) }
        let stored = daemon.withLock { current -> Bool in
            guard current == nil else { return false }
            current = DaemonHandle(pointer: started)
            return true
        }
        guard stored else {
            MHD_stop_daemon(started)
            throw .alreadyStarted
        }
        boundPort.store(Int(CPreflightShims_MHD_bind_port(started)), ordering: .releasing)
    }

    /// Stops gracefully: readiness turns to draining, new connections are closed unserved,
    /// keep-alive answers say `Connection: close`, requests in flight may finish within
    /// `drainTimeout`, suspended ones still waiting are answered 503, then the daemon stops
    /// (and the listening socket closes). Blocks until done; safe to call twice.
    ///
    /// Not `MHD_quiesce_daemon`: with epoll worker threads libmicrohttpd 0.9.75 races its own
    /// workers to remove the listening socket from their epoll sets and aborts the process
    /// when it loses ("Failed to remove listen FD from epoll set"); the accept policy refuses
    /// new connections instead.
    public func shutdown(drainTimeout: Duration) {
        draining.store(true, ordering: .releasing)
        guard daemon.withLock({ $0 }) != nil else { return }

        waitForInFlight(until: .now + drainTimeout)
        let waiting = suspended.withLock { Array($0.values) }
        for responder in waiting {
            responder.respond(
                .error(503, code: "shutting-down", message: "the server is shutting down; retry on another instance"))
        }
        if !waiting.isEmpty { waitForInFlight(until: .now + .seconds(2)) }

        if let handle = daemon.withLock({ $0.take() }) {
            MHD_stop_daemon(handle.pointer)
        }
    }

    private func waitForInFlight(until deadline: ContinuousClock.Instant) {
        while inFlight > 0, ContinuousClock.now < deadline {
            usleep(2000)
        }
    }

    // MARK: - Per-request bookkeeping, called from the C callbacks

    func nextRequestID() -> String {
        let number = requestCounter.add(1, ordering: .relaxed).newValue
        return idPrefix + "-" + String(number)
    }

    func requestStarted() {
        inFlightCount.add(1, ordering: .relaxed)
    }

    func requestFinished(_ exchange: Exchange) {
        suspended.withLock { _ = $0.removeValue(forKey: ObjectIdentifier(exchange.responder)) }
        inFlightCount.subtract(1, ordering: .relaxed)
        onComplete?(exchange.record())
    }

    func trackSuspended(_ responder: Responder) {
        suspended.withLock { $0[ObjectIdentifier(responder)] = responder }
    }

    // MARK: - Setup helpers

    private func option(_ option: MHD_OPTION, _ value: Int) -> MHD_OptionItem {
        MHD_OptionItem(option: option, value: value, ptr_value: nil)
    }

    private func socketAddress() throws(HTTPServerError) -> SocketAddress {
        let host = configuration.host == "localhost" ? "127.0.0.1" : configuration.host
        guard let address = SocketAddress(host: host, port: UInt16(clamping: configuration.port)) else {
            throw .invalidAddress(configuration.host)
        }
        return address
    }
}

/// The running daemon.
///
/// `@unchecked Sendable`: the pointer is only read under the server's `Mutex`, and
/// `MHD_stop_daemon` is called once, after the pointer is taken out of it.
struct DaemonHandle: @unchecked Sendable {
    let pointer: OpaquePointer
}

enum System {
    static let coreCount = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
}
