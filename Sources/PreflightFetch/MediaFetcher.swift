internal import CCurl
internal import CPreflightShims
import Foundation
public import PreflightCore
import Synchronization

/// curl's global setup, once per process, before any handle exists.
private let curlGlobalInit: Void = {
    curl_global_init(Int(CURL_GLOBAL_DEFAULT))
}()

/// Downloads media the way a Notification Service Extension would, many at once, on one
/// thread that drives a curl multi handle. No caller's thread waits on the network: `fetch`
/// queues the job and returns; the completion runs on the fetch thread when the download ends.
///
/// ```swift
/// let fetcher = try MediaFetcher(configuration: config)
/// fetcher.fetch("https://cdn.example.com/a.jpg") { outcome in print(outcome.bytes) }
/// ```
public final class MediaFetcher: Sendable {
    private struct Job {
        var url: String
        var completion: @Sendable (DownloadOutcome) -> Void
    }

    private struct State {
        var pending: [Job] = []
        var stopping = false
        var active = 0
    }

    public let configuration: PreflightConfiguration
    private let policy: EgressPolicy
    private let state = Mutex(State())
    private let multi: MultiHandle
    private let stopped = DispatchSemaphore(value: 0)

    /// Starts the fetch thread. Throws when the egress ranges do not parse.
    public init(configuration: PreflightConfiguration) throws(ConfigurationError) {
        _ = curlGlobalInit
        self.configuration = configuration
        self.policy = try EgressPolicy(configuration.egress)
        self.multi = MultiHandle()
        let thread = Thread { [self] in self.run() }
        thread.name = "preflight-fetch"
        thread.start()
    }

    /// Queues a download; `completion` gets the outcome on the fetch thread.
    public func fetch(_ url: String, completion: @escaping @Sendable (DownloadOutcome) -> Void) {
        let accepted = state.withLock { state -> Bool in
            guard !state.stopping else { return false }
            state.pending.append(Job(url: url, completion: completion))
            return true
        }
        guard accepted else {
            var outcome = DownloadOutcome(url: url)
            outcome.failure = .other("the service is shutting down")
            completion(outcome)
            return
        }
        multi.wakeUp()
    }

    /// Downloads in progress and queued.
    public var load: (active: Int, queued: Int) {
        state.withLock { ($0.active, $0.pending.count) }
    }

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
        let maximum = configuration.fetch.maxConcurrent
        while true {
            let (jobs, stopping) = state.withLock { state -> ([Job], Bool) in
                let room = max(0, maximum - state.active)
                let taken = Array(state.pending.prefix(room))
                state.pending.removeFirst(taken.count)
                state.active += taken.count
                return (taken, state.stopping)
            }
            for job in jobs {
                guard
                    let transfer = Transfer(
                        url: job.url, configuration: configuration, policy: policy, completion: job.completion)
                else {
                    var outcome = DownloadOutcome(url: job.url)
                    outcome.failure = .other("curl_easy_init failed")
                    finished(outcome, job.completion)
                    continue
                }
                transfers[transfer.handle] = transfer
                multi.add(transfer.handle)
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
                for job in queued {
                    var outcome = DownloadOutcome(url: job.url)
                    outcome.failure = .other("the service is shutting down")
                    job.completion(outcome)
                }
                break
            }

            multi.perform()
            while let (handle, code) = multi.nextDone() {
                multi.remove(handle)
                guard let transfer = transfers.removeValue(forKey: handle) else { continue }
                finished(transfer.finish(code), transfer.completion)
            }
            multi.poll(milliseconds: 1000)
        }
        stopped.signal()
    }

    private func finished(_ outcome: DownloadOutcome, _ completion: @Sendable (DownloadOutcome) -> Void) {
        state.withLock { $0.active -= 1 }
        completion(outcome)
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
    func add(_ easy: UnsafeMutableRawPointer) { curl_multi_add_handle(pointer, easy) }
    func remove(_ easy: UnsafeMutableRawPointer) { curl_multi_remove_handle(pointer, easy) }

    func perform() {
        var running: Int32 = 0
        curl_multi_perform(pointer, &running)
    }

    func poll(milliseconds: Int32) {
        curl_multi_poll(pointer, nil, 0, milliseconds, nil)
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
