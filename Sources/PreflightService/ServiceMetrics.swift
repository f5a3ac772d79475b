public import PreflightCore
public import PreflightHTTP
import PreflightHost
import Synchronization

/// Request counts, a latency histogram and domain counters, rendered in the Prometheus
/// text format (version 0.0.4).
public final class ServiceMetrics: Sendable {
    /// Upper bounds of the latency buckets, in seconds.
    static let latencyBuckets: [Double] = [
        0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30,
    ]

    /// Every part is bounded whatever clients send: the route is a registered path or
    /// `unmatched`, the method a named one or `other`, the status one the server chose.
    private struct RequestKey: Hashable {
        var route: String
        var method: HTTPMethod
        var status: Int
    }

    private struct Histogram {
        var counts = [Int](repeating: 0, count: ServiceMetrics.latencyBuckets.count)
        var sum = 0.0
        var count = 0
    }

    private struct State {
        var requests: [RequestKey: Int] = [:]
        var latency: [String: Histogram] = [:]
        var findings: [FindingCode: Int] = [:]
    }

    private let state = Mutex(State())
    private let passes = Atomic<Int>(0)
    private let warnings = Atomic<Int>(0)
    private let failures = Atomic<Int>(0)
    private let version: String

    public init(version: String) {
        self.version = version
    }

    /// Counts one finished request.
    public func record(_ record: AccessRecord) {
        let bucket = Self.latencyBuckets.firstIndex(where: { record.duration <= $0 })
        state.withLock { state in
            state.requests[
                RequestKey(route: record.route, method: record.methodLabel, status: record.status), default: 0] += 1
            var histogram = state.latency[record.route] ?? Histogram()
            if let bucket { histogram.counts[bucket] += 1 }
            histogram.sum += record.duration
            histogram.count += 1
            state.latency[record.route] = histogram
        }
    }

    /// Counts one report's verdict and finding codes.
    public func record(_ report: Report) {
        switch report.verdict {
        case .pass: passes.add(1, ordering: .relaxed)
        case .warn: warnings.add(1, ordering: .relaxed)
        case .fail: failures.add(1, ordering: .relaxed)
        }
        guard !report.findings.isEmpty else { return }
        state.withLock { state in
            for finding in report.findings { state.findings[finding.code, default: 0] += 1 }
        }
    }

    /// Figures read from other parts at scrape time.
    public struct Gauges: Sendable {
        public var inFlight = 0
        public var cache: MediaProbeCache.Statistics?
        public var downloadsActive = 0
        public var downloadsQueued = 0
        public var parked = 0
        public var fetchLoopErrors = 0
        public var accessLogDropped = 0

        public init() {}
    }

    /// The exposition text.
    public func render(_ gauges: Gauges) -> String {
        let inFlight = gauges.inFlight
        let snapshot = state.withLock { $0 }
        var out = ""
        out += "# HELP preflight_http_requests_total HTTP requests answered, by route, method and status.\n"
        out += "# TYPE preflight_http_requests_total counter\n"
        for (key, count) in snapshot.requests.sorted(by: {
            ($0.key.route, $0.key.method.rawValue, $0.key.status) < (
                $1.key.route, $1.key.method.rawValue, $1.key.status
            )
        }) {
            out +=
                "preflight_http_requests_total{route=\"\(escape(key.route))\",method=\"\(key.method.rawValue)\",status=\"\(key.status)\"} \(count)\n"
        }
        out += "# HELP preflight_http_request_duration_seconds Time from request headers to the end of the answer.\n"
        out += "# TYPE preflight_http_request_duration_seconds histogram\n"
        for (route, histogram) in snapshot.latency.sorted(by: { $0.key < $1.key }) {
            let label = "route=\"\(escape(route))\""
            var cumulative = 0
            for (index, bound) in Self.latencyBuckets.enumerated() {
                cumulative += histogram.counts[index]
                out += "preflight_http_request_duration_seconds_bucket{\(label),le=\"\(bound)\"} \(cumulative)\n"
            }
            out += "preflight_http_request_duration_seconds_bucket{\(label),le=\"+Inf\"} \(histogram.count)\n"
            out += "preflight_http_request_duration_seconds_sum{\(label)} \(histogram.sum)\n"
            out += "preflight_http_request_duration_seconds_count{\(label)} \(histogram.count)\n"
        }
        out += "# HELP preflight_http_requests_in_flight Requests received and not yet answered.\n"
        out += "# TYPE preflight_http_requests_in_flight gauge\n"
        out += "preflight_http_requests_in_flight \(inFlight)\n"
        out += "# HELP preflight_http_requests_parked Requests waiting for a download, their connections suspended.\n"
        out += "# TYPE preflight_http_requests_parked gauge\n"
        out += "preflight_http_requests_parked \(gauges.parked)\n"
        out += "# HELP preflight_reports_total Preflight reports answered, by verdict.\n"
        out += "# TYPE preflight_reports_total counter\n"
        let counts = [
            ("pass", passes.load(ordering: .relaxed)), ("warn", warnings.load(ordering: .relaxed)),
            ("fail", failures.load(ordering: .relaxed)),
        ]
        for (verdict, count) in counts {
            out += "preflight_reports_total{verdict=\"\(verdict)\"} \(count)\n"
        }
        out += "# HELP preflight_findings_total Findings reported, by code.\n"
        out += "# TYPE preflight_findings_total counter\n"
        for (code, count) in snapshot.findings.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            out += "preflight_findings_total{code=\"\(escape(code.rawValue))\"} \(count)\n"
        }
        if let cache = gauges.cache {
            let counters = [
                ("hits", "Media probes answered from the cache.", cache.hits),
                ("misses", "Media probes that started a download.", cache.misses),
                ("coalesced", "Media probes that joined a download already in progress.", cache.coalesced),
            ]
            for (name, help, value) in counters {
                out += "# HELP preflight_cache_\(name)_total \(help)\n"
                out += "# TYPE preflight_cache_\(name)_total counter\n"
                out += "preflight_cache_\(name)_total \(value)\n"
            }
            out += "# HELP preflight_cache_entries Media probe results held in the cache.\n"
            out += "# TYPE preflight_cache_entries gauge\n"
            out += "preflight_cache_entries \(cache.entries)\n"
            out += "# HELP preflight_cache_bytes Memory the cached results take, URLs included.\n"
            out += "# TYPE preflight_cache_bytes gauge\n"
            out += "preflight_cache_bytes \(cache.bytes)\n"
            out += "# HELP preflight_cache_max_bytes The cache's memory budget (cache.max_bytes).\n"
            out += "# TYPE preflight_cache_max_bytes gauge\n"
            out += "preflight_cache_max_bytes \(cache.maxBytes)\n"
        }
        out += "# HELP preflight_downloads_active Media downloads in progress.\n"
        out += "# TYPE preflight_downloads_active gauge\n"
        out += "preflight_downloads_active \(gauges.downloadsActive)\n"
        out += "# HELP preflight_downloads_queued Media downloads waiting for a slot (fetch.max_concurrent).\n"
        out += "# TYPE preflight_downloads_queued gauge\n"
        out += "preflight_downloads_queued \(gauges.downloadsQueued)\n"
        out += "# HELP preflight_fetch_loop_errors_total Errors of the download loop's curl multi calls.\n"
        out += "# TYPE preflight_fetch_loop_errors_total counter\n"
        out += "preflight_fetch_loop_errors_total \(gauges.fetchLoopErrors)\n"
        out +=
            "# HELP preflight_access_log_dropped_total Access-log lines dropped because the output did not keep up.\n"
        out += "# TYPE preflight_access_log_dropped_total counter\n"
        out += "preflight_access_log_dropped_total \(gauges.accessLogDropped)\n"
        out +=
            "# HELP preflight_cpus CPUs the process may use (online, affinity mask and cgroup quota); pools are sized from it.\n"
        out += "# TYPE preflight_cpus gauge\n"
        out += "preflight_cpus \(HostCPU.count)\n"
        out += "# HELP preflight_build_info Version of the running build.\n"
        out += "# TYPE preflight_build_info gauge\n"
        out += "preflight_build_info{version=\"\(escape(version))\"} 1\n"
        return out
    }

    private func escape(_ value: String) -> String {
        var out = ""
        for character in value {
            switch character {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            default: out.append(character)
            }
        }
        return out
    }
}
