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

    /// The statuses the server answers; another (none today) is counted in `rare`.
    static let statuses: [Int] = [200, 204, 400, 401, 404, 405, 408, 413, 414, 422, 429, 431, 499, 500, 501, 503, 505]

    /// Counters side by side in one allocation, made at start and only counted in afterwards:
    /// counting takes no lock. Each is added to and read through `Atomic`'s operations, through
    /// a pointer, so an addition takes no reference (as an array of counter objects, each took
    /// a retain and a release, some 260 instructions a request).
    ///
    /// `@unchecked Sendable`: `counters` is set once, in `init`, and freed in `deinit`, when no
    /// other reference is left; in between its memory is only read and written through
    /// `Atomic`'s operations, which are safe from any thread.
    final class CounterBlock: @unchecked Sendable {
        private let counters: UnsafeMutablePointer<Atomic<Int>>
        let count: Int

        init(count: Int) {
            self.count = count
            counters = .allocate(capacity: count)
            for index in 0..<count { (counters + index).initialize(to: Atomic(0)) }
        }

        deinit {
            counters.deinitialize(count: count)
            counters.deallocate()
        }

        func add(_ amount: Int, at index: Int) {
            precondition(index >= 0 && index < count, "a counter past the block")
            counters[index].add(amount, ordering: .relaxed)
        }

        func load(at index: Int) -> Int {
            precondition(index >= 0 && index < count, "a counter past the block")
            return counters[index].load(ordering: .relaxed)
        }
    }

    /// A route's series: requests by method and status, and its latency histogram, in one
    /// `CounterBlock`.
    final class RouteSeries: Sendable {
        /// `HTTPMethod.allCases.count` rows of `statuses.count` request counters, then one
        /// counter per latency bucket, then the count and the nanoseconds.
        private let counters = CounterBlock(count: total)
        private static let requestCount = HTTPMethod.allCases.count * ServiceMetrics.statuses.count
        private static let countIndex = requestCount + ServiceMetrics.latencyBuckets.count
        private static let nanosecondsIndex = countIndex + 1
        private static let total = nanosecondsIndex + 1

        /// The counter of requests of `method` (a row) and `status` (a column of `statuses`).
        private static func requestIndex(method: Int, status: Int) -> Int {
            method * ServiceMetrics.statuses.count + status
        }

        /// Counts one request of `method` and `status`, as `requestIndex` places them.
        func addRequest(method: Int, status: Int) {
            counters.add(1, at: Self.requestIndex(method: method, status: status))
        }

        /// Counts one request's latency: its `bucket` (none past the last) and `nanoseconds`.
        func addLatency(bucket: Int?, nanoseconds: Int) {
            if let bucket { counters.add(1, at: Self.requestCount + bucket) }
            counters.add(1, at: Self.countIndex)
            counters.add(nanoseconds, at: Self.nanosecondsIndex)
        }

        func requests(method: Int, status: Int) -> Int {
            counters.load(at: Self.requestIndex(method: method, status: status))
        }

        var buckets: [Int] {
            ServiceMetrics.latencyBuckets.indices.map { counters.load(at: Self.requestCount + $0) }
        }

        var count: Int { counters.load(at: Self.countIndex) }
        var nanoseconds: Int { counters.load(at: Self.nanosecondsIndex) }
    }

    /// What the tables made at start do not hold (a route or status added without them): counted
    /// under a lock, so nothing is lost, only slower.
    private struct Rare {
        struct Series: Hashable {
            var route: String
            var method: String
            var status: Int
        }
        var requests: [Series: Int] = [:]
        var latency: [String: (buckets: [Int], count: Int, nanoseconds: Int)] = [:]
        var findings: [FindingCode: Int] = [:]
    }

    /// Every route named at start, and `unmatched`, each label once, and its series at the same
    /// index. A label is found among those of its length (`routesOfLength`), compared whole: a
    /// dictionary hashed the label on every request, and a scan of all the labels compared some
    /// fifteen lengths first.
    private let routeLabels: [String]
    private let routeSeries: [RouteSeries]
    /// The indices of the labels of each UTF-8 length, up to the longest label's.
    private let routesOfLength: [[Int]]
    /// The catalog's codes, numbered, and a counter for each number: a code is found by the
    /// hash it carries, without hashing it again (`FindingCodeTable`).
    private let findingCodes: FindingCodeTable
    private let findingCounts: CounterBlock
    private let rare = Mutex(Rare())
    private let passes = Atomic<Int>(0)
    private let warnings = Atomic<Int>(0)
    private let failures = Atomic<Int>(0)
    private let version: String

    /// - Parameter routes: the routes the server has (their series are made now; `unmatched` is added).
    public init(version: String, routes: [String]) {
        self.version = version
        var labels: [String] = []
        for label in routes + ["unmatched"] where !labels.contains(label) { labels.append(label) }
        self.routeLabels = labels
        self.routeSeries = labels.map { _ in RouteSeries() }
        var ofLength = [[Int]](repeating: [], count: (labels.map(\.utf8.count).max() ?? 0) + 1)
        for (index, label) in labels.enumerated() { ofLength[label.utf8.count].append(index) }
        self.routesOfLength = ofLength
        self.findingCodes = FindingCodeTable(FindingCatalog.entries.map(\.code))
        self.findingCounts = CounterBlock(count: findingCodes.codes.count)
    }

    /// Counts one finished request: a few relaxed atomic additions. The histogram is the
    /// route's, the counter the route's, method's and status's: each goes to the lock's side
    /// only when its own table lacks it.
    public func record(_ record: AccessRecord) {
        let bucket = Self.latencyBuckets.firstIndex(where: { record.duration <= $0 })
        let nanoseconds = Int((record.duration * 1e9).rounded())
        let series = series(of: record.route)
        if let series, let status = Self.statuses.firstIndex(of: record.status) {
            let method = record.methodLabel.index
            series.addRequest(method: method, status: status)
        } else {
            let key = Rare.Series(route: record.route, method: record.methodLabel.rawValue, status: record.status)
            rare.withLock { $0.requests[key, default: 0] += 1 }
        }
        guard let series else {
            rare.withLock { rare in
                var latency =
                    rare.latency[record.route] ?? (Array(repeating: 0, count: Self.latencyBuckets.count), 0, 0)
                if let bucket { latency.buckets[bucket] += 1 }
                latency.count += 1
                latency.nanoseconds += nanoseconds
                rare.latency[record.route] = latency
            }
            return
        }
        series.addLatency(bucket: bucket, nanoseconds: nanoseconds)
    }

    /// The series of the route labelled `route`, if it was named at start.
    private func series(of route: String) -> RouteSeries? {
        let length = route.utf8.count
        guard length < routesOfLength.count else { return nil }
        for index in routesOfLength[length] where routeLabels[index] == route { return routeSeries[index] }
        return nil
    }

    /// Counts one report's verdict and finding codes (with no tally: a tally's list of codes
    /// would be an allocation for each request).
    public func record(_ report: Report) {
        switch report.verdict {
        case .pass: passes.add(1, ordering: .relaxed)
        case .warn: warnings.add(1, ordering: .relaxed)
        case .fail: failures.add(1, ordering: .relaxed)
        }
        // By index: a finding is large (its texts' pieces inline), and only its code is read.
        let reported = report.findings
        for index in reported.indices { count(reported[index].code, 1) }
    }

    /// Adds reports counted apart (a batch's, as its answer is written): one atomic add per
    /// verdict and per code, not per report and per finding, made by each of the workers on
    /// the same counters.
    public func record(_ tally: ReportTally) {
        if tally.passes > 0 { passes.add(tally.passes, ordering: .relaxed) }
        if tally.warnings > 0 { warnings.add(tally.warnings, ordering: .relaxed) }
        if tally.failures > 0 { failures.add(tally.failures, ordering: .relaxed) }
        for (code, times) in tally.codes { count(code, times) }
    }

    private func count(_ code: FindingCode, _ times: Int) {
        if let index = findingCodes.index(of: code) {
            findingCounts.add(times, at: index)
        } else {
            rare.withLock { $0.findings[code, default: 0] += times }
        }
    }

    /// Figures read from other parts at scrape time.
    public struct Gauges: Sendable {
        public var inFlight = 0
        public var cache: DownloadCache.Statistics?
        public var downloadsActive = 0
        public var downloadsQueued = 0
        /// Name lookups: threads in getaddrinfo, lookups waiting for one, threads left by
        /// downloads that gave up mid-lookup.
        public var lookupsActive = 0
        public var lookupsQueued = 0
        public var lookupsAbandoned = 0
        public var parked = 0
        /// The cap on `parked`, so an alert can compare the two without a per-deployment figure.
        public var parkedMax = 0
        public var fetchLoopErrors = 0
        /// `moov` bytes reserved by the downloads in flight, the budget, and the refusals.
        public var moovBytesKept = 0
        public var moovBudgetBytes = 0
        public var moovRefused = 0
        public var accessLogDropped = 0
        public var accessLogLost = 0

        public init() {}
    }

    /// The exposition text.
    public func render(_ gauges: Gauges) -> String {
        let rare = rare.withLock { $0 }
        var out = ""
        renderRequests(rare, into: &out)
        Self.single(
            &out, "preflight_http_requests_in_flight", "gauge", "Requests received and not yet answered.",
            gauges.inFlight)
        Self.single(
            &out, "preflight_http_requests_parked", "gauge",
            "Requests waiting for a download, their connections suspended.", gauges.parked)
        Self.single(
            &out, "preflight_http_requests_parked_max", "gauge",
            "Requests that may be parked at once (server.max_parked_requests); past it they get 503.",
            gauges.parkedMax)
        renderVerdictsAndFindings(rare, into: &out)
        if let cache = gauges.cache { Self.renderCache(cache, into: &out) }
        for (name, type, help, value) in Self.singles(gauges) { Self.single(&out, name, type, help, value) }
        out += "# HELP preflight_build_info Version of the running build.\n"
        out += "# TYPE preflight_build_info gauge\n"
        out += "preflight_build_info{version=\"\(escape(version))\"} 1\n"
        return out
    }

    /// One unlabelled series with its HELP and TYPE lines.
    private static func single(_ out: inout String, _ name: String, _ type: String, _ help: String, _ value: Int) {
        out += "# HELP \(name) \(help)\n# TYPE \(name) \(type)\n\(name) \(value)\n"
    }

    /// The unlabelled series after the cache's, in the order they are exposed.
    private static func singles(_ gauges: Gauges) -> [(String, String, String, Int)] {
        [
            ("preflight_downloads_active", "gauge", "Media downloads in progress.", gauges.downloadsActive),
            (
                "preflight_downloads_queued", "gauge", "Media downloads waiting for a slot (fetch.max_concurrent).",
                gauges.downloadsQueued
            ),
            (
                "preflight_dns_lookups_active", "gauge", "Name lookups running, each on a thread (fetch.max_lookups).",
                gauges.lookupsActive
            ),
            ("preflight_dns_lookups_queued", "gauge", "Name lookups waiting for a thread.", gauges.lookupsQueued),
            (
                "preflight_dns_lookups_abandoned", "gauge",
                "Lookup threads still resolving for downloads that gave up.",
                gauges.lookupsAbandoned
            ),
            (
                "preflight_fetch_loop_errors_total", "counter", "Errors of the download loop's curl multi calls.",
                gauges.fetchLoopErrors
            ),
            (
                "preflight_moov_bytes_kept", "gauge", "moov bytes reserved by the downloads in flight.",
                gauges.moovBytesKept
            ),
            (
                "preflight_moov_budget_bytes", "gauge", "The moov bytes downloads in flight may keep together.",
                gauges.moovBudgetBytes
            ),
            (
                "preflight_moov_refused_total", "counter", "moov boxes not kept because the budget was spent.",
                gauges.moovRefused
            ),
            (
                "preflight_access_log_dropped_total", "counter",
                "Access-log lines dropped because the output did not keep up.", gauges.accessLogDropped
            ),
            (
                "preflight_access_log_lost_total", "counter", "Access-log lines the output refused (a full disk).",
                gauges.accessLogLost
            ),
            (
                "preflight_cpus", "gauge",
                "CPUs the process may use (online, affinity mask and cgroup quota); pools are sized from it.",
                HostCPU.count
            ),
        ]
    }

    /// Requests by route, method and status, and the latency histograms by route: the series that
    /// counted something.
    private func renderRequests(_ rare: Rare, into out: inout String) {
        var requests: [(route: String, method: String, status: Int, count: Int)] = []
        var latency: [(route: String, buckets: [Int], count: Int, nanoseconds: Int)] = []
        for (route, series) in zip(routeLabels, routeSeries) {
            for (row, method) in HTTPMethod.allCases.enumerated() {
                for (column, status) in Self.statuses.enumerated() {
                    let count = series.requests(method: row, status: column)
                    if count > 0 { requests.append((route, method.rawValue, status, count)) }
                }
            }
            let count = series.count
            if count > 0 { latency.append((route, series.buckets, count, series.nanoseconds)) }
        }
        for (series, count) in rare.requests { requests.append((series.route, series.method, series.status, count)) }
        for (route, figures) in rare.latency {
            latency.append((route, figures.buckets, figures.count, figures.nanoseconds))
        }
        out += "# HELP preflight_http_requests_total HTTP requests answered, by route, method and status.\n"
        out += "# TYPE preflight_http_requests_total counter\n"
        for series in requests.sorted(by: { ($0.route, $0.method, $0.status) < ($1.route, $1.method, $1.status) }) {
            out +=
                "preflight_http_requests_total{route=\"\(escape(series.route))\",method=\"\(series.method)\",status=\"\(series.status)\"} \(series.count)\n"
        }
        out += "# HELP preflight_http_request_duration_seconds Time from request headers to the end of the answer.\n"
        out += "# TYPE preflight_http_request_duration_seconds histogram\n"
        for histogram in latency.sorted(by: { $0.route < $1.route }) {
            let label = "route=\"\(escape(histogram.route))\""
            var cumulative = 0
            for (index, bound) in Self.latencyBuckets.enumerated() {
                cumulative += histogram.buckets[index]
                out += "preflight_http_request_duration_seconds_bucket{\(label),le=\"\(bound)\"} \(cumulative)\n"
            }
            // Counted without a lock, a request may be in a bucket and not yet in the count: the
            // count shown is never below the buckets, so the histogram stays cumulative.
            let total = max(histogram.count, cumulative)
            out += "preflight_http_request_duration_seconds_bucket{\(label),le=\"+Inf\"} \(total)\n"
            out += "preflight_http_request_duration_seconds_sum{\(label)} \(Double(histogram.nanoseconds) / 1e9)\n"
            out += "preflight_http_request_duration_seconds_count{\(label)} \(total)\n"
        }
    }

    /// Reports by verdict and findings by code.
    private func renderVerdictsAndFindings(_ rare: Rare, into out: inout String) {
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
        var findingCounts = rare.findings
        for (index, code) in findingCodes.codes.enumerated() where self.findingCounts.load(at: index) > 0 {
            findingCounts[code, default: 0] += self.findingCounts.load(at: index)
        }
        for (code, count) in findingCounts.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            out += "preflight_findings_total{code=\"\(escape(code.rawValue))\"} \(count)\n"
        }
    }

    /// The download cache's counters and gauges.
    private static func renderCache(_ cache: DownloadCache.Statistics, into out: inout String) {
        single(&out, "preflight_cache_hits_total", "counter", "Media probes answered from the cache.", cache.hits)
        single(&out, "preflight_cache_misses_total", "counter", "Media probes that started a download.", cache.misses)
        single(
            &out, "preflight_cache_coalesced_total", "counter",
            "Media probes that joined a download already in progress.", cache.coalesced)
        single(&out, "preflight_cache_entries", "gauge", "Media probe results held in the cache.", cache.entries)
        single(&out, "preflight_cache_bytes", "gauge", "Memory the cached results take, URLs included.", cache.bytes)
        single(
            &out, "preflight_cache_max_bytes", "gauge", "The cache's memory budget (cache.max_bytes).", cache.maxBytes)
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

/// Reports' verdicts and finding codes, counted where the reports are made, for
/// `ServiceMetrics.record(_:)` to add at once.
public struct ReportTally: Sendable {
    var passes = 0
    var warnings = 0
    var failures = 0
    /// Each code seen and how many times, in the order first seen: a report has a few codes, so
    /// a list is searched, not hashed.
    var codes: [(code: FindingCode, count: Int)] = []

    public init() {}

    /// Counts `report`'s verdict and each of its findings' codes.
    public mutating func count(_ report: Report) {
        switch report.verdict {
        case .pass: passes += 1
        case .warn: warnings += 1
        case .fail: failures += 1
        }
        // By index: a finding is large (its texts' pieces inline), and only its code is read.
        let reported = report.findings
        for index in reported.indices {
            let code = reported[index].code
            if let seen = codes.firstIndex(where: { $0.code == code }) {
                codes[seen].count += 1
            } else {
                codes.append((code, 1))
            }
        }
    }
}
