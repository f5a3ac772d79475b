public import PreflightCore
public import PreflightFetch
public import PreflightHTTP
import Synchronization

/// The Preflight HTTP service: the configuration turned into a running server with the
/// health, metrics and preflight endpoints.
///
/// ```swift
/// let service = PreflightService(configuration: config)
/// try service.start()
/// // ... until SIGTERM:
/// service.shutdown()
/// ```
public final class PreflightService: Sendable {
    /// The version reported by `preflight version` and in `preflight_build_info`.
    public static let version = "0.3.0"

    public let configuration: PreflightConfiguration
    public let metrics: ServiceMetrics
    /// The downloader; nil when `fetch.enabled` is false.
    public let fetcher: MediaFetcher?
    /// The probe cache in front of the downloader.
    public let cache: MediaProbeCache?
    let apiKeys: APIKeyCheck
    private let server = Mutex<HTTPServer?>(nil)

    /// - Parameter accessLog: where access lines go; nil for none.
    /// - Throws: when the egress ranges of the configuration do not parse.
    public init(configuration: PreflightConfiguration, accessLog: AccessLog? = AccessLog()) throws(ConfigurationError) {
        self.configuration = configuration
        self.metrics = ServiceMetrics(version: Self.version)
        let fetcher = configuration.fetch.enabled ? try MediaFetcher(configuration: configuration) : nil
        self.fetcher = fetcher
        self.cache = fetcher.map { MediaProbeCache(fetcher: $0, configuration: configuration.cache) }
        let probe = PreflightProbe(configuration: configuration, media: cache)
        self.apiKeys = APIKeyCheck(keys: configuration.auth.apiKeys)
        let metrics = self.metrics
        let httpServer = HTTPServer(
            configuration: HTTPServer.Configuration(
                host: configuration.listen.host, port: configuration.listen.port,
                threads: configuration.server.threads, maxConnections: configuration.server.maxConnections,
                perIPConnections: configuration.server.perIPConnections,
                connectionTimeoutSeconds: configuration.server.connectionTimeoutSeconds,
                maxBodyBytes: configuration.server.maxBodyBytes,
                connectionMemoryBytes: configuration.server.connectionMemoryBytes),
            router: Self.makeRouter(
                metrics: metrics, probe: probe, apiKeys: apiKeys, readiness: readiness, cache: cache, fetcher: fetcher,
                batchBodyBytes: configuration.server.maxBatchBodyBytes),
            onComplete: { record in
                metrics.record(record)
                accessLog?.write(record)
            })
        server.withLock { $0 = httpServer }
        readiness.server.withLock { $0 = WeakServer(server: httpServer) }
    }

    let readiness = Readiness()

    /// Starts listening.
    public func start() throws(HTTPServerError) {
        guard let server = server.withLock({ $0 }) else { return }
        try server.start()
    }

    /// The bound port.
    public var port: Int { server.withLock { $0?.port ?? 0 } }

    /// Drains and stops: see `HTTPServer.shutdown`. Waits at most `server.drain_timeout_s`
    /// for requests in flight, then stops the fetch thread.
    public func shutdown() {
        guard let server = server.withLock({ $0 }) else { return }
        server.shutdown(drainTimeout: .seconds(configuration.server.drainTimeoutSeconds))
        fetcher?.shutdown()
    }
}

/// What the health endpoints read from the server without keeping it alive.
final class Readiness: Sendable {
    let server = Mutex<WeakServer>(WeakServer(server: nil))

    var isDraining: Bool { server.withLock { $0.server?.isDraining ?? true } }
    var inFlight: Int { server.withLock { $0.server?.inFlight ?? 0 } }
}

struct WeakServer {
    weak var server: HTTPServer?
}
