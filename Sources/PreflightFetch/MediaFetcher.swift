internal import CCurl
internal import CPreflightShims
import Foundation
public import PreflightCore
import PreflightHost
import Synchronization

/// curl's global setup, once per process, before any handle exists.
private let curlGlobalInit: Void = {
    curl_global_init(Int(CURL_GLOBAL_DEFAULT))
}()

/// Downloads media the way a Notification Service Extension would, many at once, on one
/// thread that drives a curl multi handle. No caller's thread waits on the network: `fetch`
/// queues the job and returns. The fetch thread only moves bytes: when a download ends it
/// hands the outcome to the hashing lane, which finishes the digest and runs the completion.
///
/// ```swift
/// let transport = TransportPolicy(key: "strict") { TransportSecurity.judge($0, ats: .strict) }
/// let fetcher = try MediaFetcher(settings: config.fetch, egress: config.egress, body: policy, transport: transport)
/// fetcher.fetch("https://cdn.example.com/a.jpg") { outcome in print(outcome.bytes) }
/// ```
public final class MediaFetcher: Sendable {
    private struct Job {
        var url: String
        /// The `Accept` header the extension's download sends, nil for curl's default.
        var accept: String? = nil
        /// The request's own transport policy (its extension's ATS), nil for the fetcher's.
        var transport: TransportPolicy? = nil
        var completion: @Sendable (DownloadOutcome) -> Void
        /// The `CURLOPT_CONNECT_TO` entry from the name lookup, if one was made.
        var connectTo: String? = nil
        /// Time the name lookup took (queue included), taken off the download's budget.
        var lookupTime: Duration = .zero
    }

    private struct State {
        var pending: [Job] = []
        var stopping = false
        var active = 0
    }

    public let settings: PreflightConfiguration.Fetch
    /// The `moov` bytes the downloads in flight keep together (`fetch.moov_budget_bytes`).
    public let moovBudget: MoovBudget
    private let policy: EgressPolicy
    private let body: BodyPolicy
    private let transport: TransportPolicy
    private let state = Mutex(State())
    private let multi: MultiHandle
    private let stopped = DispatchSemaphore(value: 0)
    private let loopErrorCount = Atomic<Int>(0)
    private let lookups: NameLookups
    /// `HOST:PORT` of the `fetch.resolve` pins: curl reads those names from its cache.
    private let pinned: Set<String>

    /// Starts the fetch thread. Throws when the egress ranges do not parse.
    public init(
        settings: PreflightConfiguration.Fetch, egress: PreflightConfiguration.Egress, body: BodyPolicy,
        transport: TransportPolicy
    ) throws(ConfigurationError) {
        _ = curlGlobalInit
        self.settings = settings
        self.moovBudget = MoovBudget(limit: settings.moovBudgetBytes)
        self.policy = try EgressPolicy(egress)
        self.body = body
        self.transport = transport
        self.lookups = NameLookups(maximum: settings.maxLookups)
        self.pinned = Set(settings.resolve.compactMap(LookupTarget.pinned))
        // Every option on a throwaway handle first: a libcurl that refuses one (an older one
        // without CURLOPT_PROTOCOLS_STR, say) must not run downloads without it.
        let optionCheck = Transfer(
            url: "http://127.0.0.1/", settings: settings, policy: policy, body: body, transport: transport,
            lookups: lookups, connectTo: "option-check.invalid:80:127.0.0.1:80"
        ) { _ in }
        guard let optionCheck else { throw ConfigurationError("libcurl: curl_easy_init failed") }
        if let failure = optionCheck.setupFailure {
            throw ConfigurationError("libcurl \(String(cString: curl_version())) refused \(failure)")
        }
        self.multi = MultiHandle()
        HostThread.start(named: "pf-fetch") { [self] in self.run() }
    }

    /// Queues a download; `completion` gets the outcome on a hashing lane (not the fetch thread).
    ///
    /// A name is looked up first, on the bounded lookup threads (`NameLookups`): waiting for one
    /// counts against `fetch.timeout_ms`, the lookup itself against `fetch.connect_timeout_ms`.
    ///
    /// - Parameter accept: the `Accept` header to send (a profile's `accept`), nil for curl's default.
    /// - Parameter transport: the request's transport policy, nil for the fetcher's own.
    public func fetch(
        _ url: String, accept: String?, transport: TransportPolicy?,
        completion: @escaping @Sendable (DownloadOutcome) -> Void
    ) {
        guard let target = LookupTarget(url: url), !target.isAddress, !pinned.contains(target.key) else {
            return enqueue(Job(url: url, accept: accept, transport: transport, completion: completion))
        }
        let start = ContinuousClock.now
        lookups.lookup(
            target.host, port: target.port, queueBudget: .milliseconds(settings.timeoutMs),
            resolveBudget: .milliseconds(settings.connectTimeoutMs)
        ) { [self] result in
            switch result {
            case .success(let address):
                enqueue(
                    Job(
                        url: url, accept: accept, transport: transport, completion: completion,
                        connectTo: target.connectTo(address),
                        lookupTime: .now - start))
            case .failure(let failure):
                var outcome = DownloadOutcome(url: url)
                outcome.failure = .dns(failure.message)
                completion(outcome)
            }
        }
    }

    private func enqueue(_ job: Job) {
        let accepted = state.withLock { state -> Bool in
            guard !state.stopping else { return false }
            state.pending.append(job)
            return true
        }
        guard accepted else {
            job.completion(Self.failed(job.url, "the service is shutting down"))
            return
        }
        multi.wakeUp()
    }

    /// Name lookups: threads in getaddrinfo (at most `fetch.max_lookups`), lookups waiting for
    /// one, and threads still resolving for downloads that already gave up.
    public var lookupLoad: (resolving: Int, queued: Int, abandoned: Int) { lookups.load }

    /// Downloads in progress and queued.
    public var load: (active: Int, queued: Int) {
        state.withLock { ($0.active, $0.pending.count) }
    }

    /// Errors of `curl_multi_perform` / `curl_multi_poll` since start (each followed by a pause,
    /// so a persistent one cannot spin the fetch thread).
    public var loopErrors: Int { loopErrorCount.load(ordering: .relaxed) }

    /// Stops taking jobs, ends the downloads still running (their completions get a failure),
    /// then stops the thread. Call it after the server has drained.
    public func shutdown() {
        let first = state.withLock { state -> Bool in
            defer { state.stopping = true }
            return !state.stopping
        }
        guard first else { return }
        multi.wakeUp()
        stopped.wait()
    }

    // MARK: - The fetch thread

    private func run() {
        var transfers: [UnsafeMutableRawPointer: Transfer] = [:]
        let maximum = settings.maxConcurrent
        var pause = 0
        while true {
            let (jobs, stopping) = state.withLock { state -> ([Job], Bool) in
                let room = max(0, maximum - state.active)
                let taken = Array(state.pending.prefix(room))
                state.pending.removeFirst(taken.count)
                state.active += taken.count
                return (taken, state.stopping)
            }
            for job in jobs {
                var budget = settings
                if job.lookupTime > .zero {
                    let spent = Int(job.lookupTime.components.seconds * 1000)
                    budget.timeoutMs = max(1, settings.timeoutMs - spent)
                }
                guard
                    let transfer = Transfer(
                        url: job.url, settings: budget, policy: policy, body: body,
                        transport: job.transport ?? transport, moovBudget: moovBudget, lookups: lookups,
                        connectTo: job.connectTo, accept: job.accept,
                        completion: job.completion)
                else {
                    finished(Self.failed(job.url, "curl_easy_init failed"), job.completion)
                    continue
                }
                if let failure = transfer.setupFailure {
                    finished(Self.failed(job.url, "curl refused \(failure)"), job.completion)
                    continue
                }
                if let error = multi.add(transfer.handle) {
                    // Never left waiting: the request that asked is answered with the failure.
                    finished(Self.failed(job.url, "curl_multi_add_handle failed: \(error)"), job.completion)
                    continue
                }
                transfers[transfer.handle] = transfer
            }
            if stopping {
                // Shutdown comes after the server's drain: whoever waited for these has been answered.
                for (handle, transfer) in transfers {
                    multi.remove(handle)
                    var outcome = transfer.outcome
                    outcome.failure = .other("the service is shutting down")
                    finished(outcome, transfer.completion)
                }
                transfers.removeAll()
                let queued = state.withLock { state -> [Job] in
                    defer { state.pending.removeAll() }
                    return state.pending
                }
                for job in queued { job.completion(Self.failed(job.url, "the service is shutting down")) }
                break
            }

            var failed = !multi.perform()
            while let (handle, code) = multi.nextDone() {
                multi.remove(handle)
                guard let transfer = transfers.removeValue(forKey: handle) else { continue }
                let outcome = transfer.finish(code)
                state.withLock { $0.active -= 1 }
                let completion = transfer.completion
                transfer.hasher.finish(outcome, wanted: outcome.failure == nil, then: completion)
            }
            failed = !multi.poll(milliseconds: 1000) || failed
            if failed {
                // A failing multi handle returns at once: back off instead of spinning.
                loopErrorCount.add(1, ordering: .relaxed)
                pause = min(max(pause * 2, 10), 1000)
                usleep(UInt32(pause) * 1000)
            } else {
                pause = 0
            }
        }
        stopped.signal()
    }

    private func finished(_ outcome: DownloadOutcome, _ completion: @Sendable (DownloadOutcome) -> Void) {
        state.withLock { $0.active -= 1 }
        completion(outcome)
    }

    private static func failed(_ url: String, _ reason: String) -> DownloadOutcome {
        var outcome = DownloadOutcome(url: url)
        outcome.failure = .other(reason)
        return outcome
    }
}

/// The curl multi handle.
///
/// `@unchecked Sendable`: every call but `wakeUp` is made from the fetch thread only;
/// `curl_multi_wakeup` is documented as callable from any thread.
private final class MultiHandle: @unchecked Sendable {
    let pointer: UnsafeMutableRawPointer

    init() {
        guard let pointer = curl_multi_init() else { fatalError("curl_multi_init failed: out of memory") }
        self.pointer = pointer
    }

    deinit {
        curl_multi_cleanup(pointer)
    }

    func wakeUp() { curl_multi_wakeup(pointer) }

    /// nil when added, else curl's reason.
    func add(_ easy: UnsafeMutableRawPointer) -> String? {
        let code = curl_multi_add_handle(pointer, easy)
        return code == CURLM_OK ? nil : String(cString: curl_multi_strerror(code))
    }

    func remove(_ easy: UnsafeMutableRawPointer) { curl_multi_remove_handle(pointer, easy) }

    /// False when curl reports an error.
    func perform() -> Bool {
        var running: Int32 = 0
        return curl_multi_perform(pointer, &running) == CURLM_OK
    }

    /// False when curl reports an error (it then returned at once).
    func poll(milliseconds: Int32) -> Bool {
        curl_multi_poll(pointer, nil, 0, milliseconds, nil) == CURLM_OK
    }

    /// The next finished transfer and its result, if any.
    func nextDone() -> (UnsafeMutableRawPointer, CURLcode)? {
        var queued: Int32 = 0
        while let message = curl_multi_info_read(pointer, &queued) {
            if message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle {
                return (easy, message.pointee.data.result)
            }
        }
        return nil
    }
}
