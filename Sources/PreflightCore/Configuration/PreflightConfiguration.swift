/// Everything Preflight reads from `config/preflight.json`; every key is optional and
/// every default is built in, so `PreflightConfiguration()` is a working setup.
///
/// ```swift
/// var config = try PreflightConfiguration.decode(Array(fileBytes))
/// try config.applyEnvironment(ProcessInfo.processInfo.environment)
/// ```
public struct PreflightConfiguration: Sendable, Equatable {
    public var listen = Listen()
    public var server = Server()
    public var auth = Auth()
    public var payload = Payload()
    public var fetch = Fetch()
    public var egress = Egress()
    public var limits = Limits()
    public var cache = Cache()
    public var bulk = Bulk()
    /// The extensions of the apps that receive the pushes: the presets, and any the file adds or overrides.
    public var profiles: [String: ExtensionProfile] = ExtensionProfile.presets
    /// Which profile an `apns-topic` (bundle id) gets when the request names none.
    public var apps: [String: String] = [:]
    /// The profile used when neither the request nor `apps` names one. Default `generic`.
    public var defaultProfile = "generic"

    public init() {}

    /// Where the server listens.
    public struct Listen: Sendable, Equatable {
        public init() {}

        /// A numeric IPv4 or IPv6 address, or `localhost`. Default `127.0.0.1`.
        public var host = "127.0.0.1"
        /// TCP port; 0 picks a free one. Default 8080.
        public var port = 8080
    }

    /// libmicrohttpd's limits.
    public struct Server: Sendable, Equatable {
        public init() {}

        /// Worker threads; 0 means one per core. Default 0.
        public var threads = 0
        /// Connections open at once. Default 4096.
        public var maxConnections = 4096
        /// Connections open at once from one address; 0 for no limit. Default 0.
        public var perIPConnections = 0
        /// Idle seconds before a connection is closed. Default 30.
        public var connectionTimeoutSeconds = 30
        /// Largest request body accepted; larger ones get 413. Default 65536.
        public var maxBodyBytes = 65536
        /// Largest body of `POST /v1/preflight/batch`. Default 1048576.
        public var maxBatchBodyBytes = 1_048_576
        /// Memory libmicrohttpd gives one connection for headers and buffers. Default 32768.
        public var connectionMemoryBytes = 32768
        /// Seconds shutdown waits for requests in flight. Default 20.
        public var drainTimeoutSeconds = 20
        /// Requests that may wait for a download at once (their connections suspended); past it
        /// they get 503 `overloaded`. 0 means three quarters of `maxConnections`. Must be below
        /// `maxConnections`, so waiting requests never hold every connection slot. Default 0.
        public var maxParkedRequests = 0
        /// A second listener that serves only `/healthz`, `/readyz` and `/metrics`, for probes
        /// that must keep working whatever the API port suffers. Default none.
        public var adminListen: Listen? = nil
        /// Access-log bytes waiting for the writer thread; lines past it are dropped and counted
        /// (`preflight_access_log_dropped_total`), so a stuck stdout never stops the workers. Default 262144.
        public var accessLogBufferBytes = 262_144
    }

    /// Who may call `/v1/*`.
    public struct Auth: Sendable, Equatable {
        public init() {}

        /// Bearer keys; empty means no authentication. Default empty.
        public var apiKeys: [String] = []
    }

    /// Payload rules.
    public struct Payload: Sendable, Equatable {
        public init() {}

        /// APNs limit for every push type but voip. Default 4096.
        public var maxBytes = 4096
        /// APNs limit for voip pushes. Default 5120.
        public var voipMaxBytes = 5120
        /// The shorthand for NSAllowsArbitraryLoads in the extension's Info.plist, for every
        /// profile that sets no `ats` of its own: http loads and https runs without ATS's
        /// extended checks (`appTransportSecurity(for:)`). Default false.
        public var allowHTTPMedia = false
        /// Longest media URL judged and downloaded; longer ones get `media.url.too-long`. A push
        /// is at most 4096 bytes (5120 for voip), so no deliverable URL is longer. Default 4096.
        public var maxURLBytes = 4096
        /// Most media of one push downloaded for a profile that attaches every value its keys
        /// reach (OneSignal's `att`); the rest are judged on their URL and
        /// `media.attachments.not-downloaded` says so. Default 10.
        public var maxMedia = 10
    }

    /// Media downloads.
    public struct Fetch: Sendable, Equatable {
        public init() {}

        /// Whether `POST /v1/preflight` downloads the media. Default true.
        public var enabled = true
        /// Budget for a whole download, redirects included. Default 25000.
        public var timeoutMs = 25000
        /// Budget for one TCP and TLS connect. Default 5000.
        public var connectTimeoutMs = 5000
        /// Downloads slower than this get a warning. Default 10000.
        public var slowMs = 10000
        /// A download slower than this many bytes per second for `lowSpeedSeconds` is stopped
        /// as a timeout; 0 turns the check off. Default 1024.
        public var lowSpeedBytesPerSecond = 1024
        /// How long a download may stay under `lowSpeedBytesPerSecond`. Default 5.
        public var lowSpeedSeconds = 5
        /// Redirects followed before giving up. Default 3.
        public var maxRedirects = 3
        /// Downloads in progress at once; more wait in a queue. Default 512.
        public var maxConcurrent = 512
        /// `moov` bytes all downloads in flight may keep together (each up to
        /// `MediaRules.moovLimit`); past it a `moov` is not kept (`media.container.not-checked`).
        /// Default 67108864 (64 MiB: 512 downloads of 8 MiB would be 4 GiB).
        public var moovBudgetBytes = 67_108_864
        /// Name lookups running at once, each on a thread; more wait in a queue within
        /// `timeoutMs`. A lookup that outlives its download keeps its thread, counted, until the
        /// system resolver gives up. Names that redirects lead to get as many again. Default 32.
        public var maxLookups = 32
        /// A CA bundle to trust instead of the system's. Default none.
        public var caFile: String? = nil
        /// curl `HOST:PORT:ADDRESS` entries that pin a name to an address. Default none.
        public var resolve: [String] = []
    }

    /// Which addresses downloads may reach.
    public struct Egress: Sendable, Equatable {
        public init() {}

        /// Ranges opened although the default policy denies them. Default none.
        public var allowCIDRs: [String] = []
        /// Ranges denied on top of the default policy. Default none.
        public var denyCIDRs: [String] = []
        /// Ports downloads may connect to. Default 80, 443, 8080, 8443.
        public var allowedPorts = [80, 443, 8080, 8443]
    }

    /// Apple's attachment limits and the extension's memory. Apple writes "10 MB", "5 MB" and
    /// "50 MB" (`UNNotificationAttachment`, supported file types) without saying which megabyte:
    /// the limits are decimal, and a file between a limit and its binary reading (x 1.048576)
    /// gets the warning `media.size.near-limit` rather than passing silently.
    public struct Limits: Sendable, Equatable {
        public init() {}

        public var imageBytes = 10_000_000
        public var audioBytes = 5_000_000
        public var videoBytes = 50_000_000
        /// Memory the extension may use to decode an image. Default 25165824 (24 MiB).
        public var nseMemoryBytes = 25_165_824
    }

    /// `POST /v1/preflight/bulk`.
    public struct Bulk: Sendable, Equatable {
        public init() {}

        /// The route's body cap (a whole campaign export). Default 1 GiB.
        public var maxBodyBytes = 1 << 30
        /// Bulk requests served at once; more are answered 503 with `Retry-After`.
        public var maxConcurrent = 2
        /// The most bytes one request's answer may take in its spool file; past it the request is
        /// answered 507. Default 4 GiB (the reports of a 1 GiB export, with room).
        public var maxSpoolBytes = 1 << 32
        /// Where each request's answer is spooled (an unnamed file); nil for `$TMPDIR`, else `/tmp`.
        public var spoolDir: String? = nil
    }

    /// The probe cache.
    public struct Cache: Sendable, Equatable {
        public init() {}

        public var ttlSeconds = 300
        public var maxEntries = 10000
        /// Memory the cached results may take, URLs included; the least recently used go first.
        /// Default 67108864 (64 MiB, an eighth of the 512 Mi pod limit in deploy/kubernetes).
        public var maxBytes = 67_108_864
    }
}
