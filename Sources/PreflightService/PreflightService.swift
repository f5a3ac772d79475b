public import PreflightCore
public import PreflightFetch
public import PreflightHTTP
import Synchronization

/// The Preflight HTTP service: the configuration turned into a running server with the
/// health, metrics and preflight endpoints, and, when `server.admin_listen` is set, a second
/// listener with the health and metrics endpoints alone.
///
/// ```swift
/// let service = PreflightService(configuration: config)
/// try service.start()
/// // ... until SIGTERM:
/// service.shutdown()
/// ```
public final class PreflightService: Sendable {
    /// The version reported by `preflight version` and in `preflight_build_info`.
    public static let version = PreflightVersion.current

    /// The routes of the API and admin listeners (a test keeps this equal to the routers' paths):
    /// their metric series are made at start, so counting a request takes no lock.
    static let routePaths = [
        "/", "/healthz", "/metrics", "/openapi.json", "/playground.css", "/playground.js", "/readyz",
        "/v1/preflight", "/v1/preflight/batch", "/v1/preflight/bulk", "/v1/profiles", "/v1/profiles/{name}",
        "/v1/version",
    ]

    /// The admin listener's connections. One client address may hold only `adminPerIPConnections`
    /// of them, so a client holding slow connections (a header line every few seconds) leaves
    /// seven eighths for the kubelet's probes and the scraper, which come from other addresses.
    static let adminConnections = 64
    static let adminPerIPConnections = 8
    /// Idle seconds before an admin connection is closed: a probe sends its request at once,
    /// and the kubelet's probe timeout is seconds too.
    static let adminConnectionTimeoutSeconds = 3

    public let configuration: PreflightConfiguration
    public let metrics: ServiceMetrics
    /// The downloader; nil when `fetch.enabled` is false.
    public let fetcher: MediaFetcher?
    /// The download cache in front of the downloader.
    public let cache: DownloadCache?
    let apiKeys: APIKeyCheck
    let accessLog: AccessLog?
    private let server: HTTPServer
    private let adminServer: HTTPServer?
    let readiness = Readiness()

    /// - Parameter accessLogDescriptor: where access lines go (stdout by default, through a
    ///   buffer of `server.access_log_buffer_bytes`); nil for no access log.
    /// - Throws: when the egress ranges of the configuration do not parse.
    public init(
        configuration: PreflightConfiguration, accessLogDescriptor: Int32? = 1
    ) throws(ConfigurationError) {
        self.configuration = configuration
        self.metrics = ServiceMetrics(version: Self.version, routes: Self.routePaths)
        let fetcher = configuration.fetch.enabled ? try PreflightCheck.makeFetcher(configuration: configuration) : nil
        self.fetcher = fetcher
        self.cache = fetcher.map { DownloadCache(fetcher: $0, configuration: configuration.cache) }
        self.apiKeys = APIKeyCheck(keys: configuration.auth.apiKeys)
        let accessLog = accessLogDescriptor.map {
            AccessLog(descriptor: $0, bufferBytes: configuration.server.accessLogBufferBytes)
        }
        self.accessLog = accessLog
        let endpoints = Endpoints(
            metrics: metrics, check: PreflightCheck(configuration: configuration, media: cache), apiKeys: apiKeys,
            readiness: readiness, cache: cache, fetcher: fetcher, accessLog: accessLog,
            batchBodyBytes: configuration.server.maxBatchBodyBytes,
            bulkAdmission: BulkAdmission(limit: configuration.bulk.maxConcurrent, spoolDir: configuration.bulk.spoolDir)
        )
        let metrics = self.metrics
        let onComplete: @Sendable (AccessRecord) -> Void = { record in
            metrics.record(record)
            accessLog?.write(record)
        }
        let settings = configuration.server
        server = HTTPServer(
            configuration: HTTPServer.Configuration(
                host: configuration.listen.host, port: configuration.listen.port, threads: settings.threads,
                maxConnections: settings.maxConnections, maxParkedRequests: settings.maxParkedRequests,
                perIPConnections: settings.perIPConnections,
                connectionTimeoutSeconds: settings.connectionTimeoutSeconds,
                maxBodyBytes: settings.maxBodyBytes, connectionMemoryBytes: settings.connectionMemoryBytes,
                reservedHeaders: Self.apnsHeaders),
            router: endpoints.makeRouter(), onComplete: onComplete)
        adminServer = settings.adminListen.map { listen in
            // One worker and few connections: probes are small, and they must not compete with the API.
            HTTPServer(
                configuration: HTTPServer.Configuration(
                    host: listen.host, port: listen.port, threads: 1, maxConnections: Self.adminConnections,
                    perIPConnections: Self.adminPerIPConnections,
                    connectionTimeoutSeconds: Self.adminConnectionTimeoutSeconds, maxBodyBytes: 1024,
                    reservedHeaders: Self.apnsHeaders),
                router: endpoints.makeAdminRouter(), onComplete: onComplete)
        }
        readiness.server.withLock { $0 = WeakServer(server: server) }
    }

    /// Core's APNs header names, refused when misspelled (or glued to a folded line) on both
    /// listeners rather than silently ignored.
    static let apnsHeaders = ReservedHeaders(
        prefix: APNsHeaders.prefix, names: APNsHeaders.names, kind: "an APNs header")

    /// Starts listening (the admin listener first, so probes answer as soon as the API does).
    public func start() throws(HTTPServerError) {
        try adminServer?.start()
        do {
            try server.start()
        } catch {
            adminServer?.shutdown(drainTimeout: .zero)
            throw error
        }
    }

    /// The bound port.
    public var port: Int { server.port }

    /// The paths both listeners serve (a test compares them with `routePaths`).
    var servedPaths: Set<String> { Set(server.routePaths + (adminServer?.routePaths ?? [])) }

    /// The admin listener's bound port; nil without `server.admin_listen`.
    public var adminPort: Int? { adminServer?.port }

    /// Drains and stops: see `HTTPServer.shutdown`. Waits at most `server.drain_timeout_s`
    /// for requests in flight, then stops the fetch thread; the admin listener stops last, so
    /// `/readyz` says `draining` for the whole drain. Then flushes the access log (at most 1 s).
    public func shutdown() {
        server.shutdown(drainTimeout: .seconds(configuration.server.drainTimeoutSeconds))
        fetcher?.shutdown()
        adminServer?.shutdown(drainTimeout: .seconds(1))
        accessLog?.close()
    }
}

/// What the health endpoints read from the API server without keeping it alive.
final class Readiness: Sendable {
    let server = Mutex<WeakServer>(WeakServer(server: nil))

    var isDraining: Bool { server.withLock { $0.server?.isDraining ?? true } }
    var inFlight: Int { server.withLock { $0.server?.inFlight ?? 0 } }
    var parked: Int { server.withLock { $0.server?.parked ?? 0 } }
    /// The parked-request cap in force (`server.max_parked_requests`, or its default).
    var parkedMax: Int { server.withLock { $0.server?.configuration.parkedLimit ?? 0 } }
}

struct WeakServer {
    weak var server: HTTPServer?
}
