import Foundation
public import PreflightCore
import PreflightHost
import Synchronization

/// The lines of an NDJSON input judged on a pool of threads, their reports written in input
/// order as each one and those before it are done, then the summary: `preflight check --ndjson`.
///
/// Memory is bounded whatever the input's length: `submit` waits while `window` lines are in
/// flight (judged, downloading, or waiting in the reorder buffer for an earlier one), and only
/// the summary grows, up to one entry per finding code. Downloads go through the `media` source
/// given (the server's `DownloadCache` in front of its `MediaFetcher`, so one URL is downloaded
/// once and `fetch.max_concurrent` caps them), and the media rules run on the pool's threads,
/// not the download's.
///
/// ```swift
/// let bulk = BulkCheck(check: check, options: options, workers: HostCPU.count, window: 64) { bytes in
///     write(bytes)  // false stops the output
/// }
/// splitter.feed(chunk) { line in bulk.submit(line) }
/// let summary = bulk.finish(lines: splitter.lines)
/// ```
public final class BulkCheck: Sendable {
    /// What applies to every line (a batch item's own `headers`, `profile`, `format` win).
    public struct Options: Sendable {
        public var headers = APNsHeaders()
        public var profile: ExtensionProfile?
        public var format: EnvelopeFormat?
        public var fetch = true
        public var expectMedia = false

        public init() {}
    }

    /// Counts read while the run goes on (for a progress line).
    public struct Progress: Sendable, Equatable {
        public var linesRead = 0
        public var pass = 0
        public var warn = 0
        public var fail = 0
    }

    /// What a judged line gives the writer.
    struct LineResult: Sendable {
        var line: Int
        /// Its output lines.
        var bytes: [UInt8]
        var entries: [BulkSummary.Entry]
    }

    enum Job: Sendable {
        case judge(sequence: Int, line: NDJSONLineSplitter.Line)
        /// Outcomes after a download: their reports made on a pool thread.
        case report(sequence: Int, line: Int, outcomes: [CheckOutcome], indexed: Bool)
        case stop
    }

    private struct RunState {
        var submitted = 0
        var blank = 0
        var lines: Int?
        var summary: BulkSummary?
        var outputFailed = false
    }

    let check: PreflightCheck
    let options: Options
    let workers: Int
    private let output: @Sendable ([UInt8]) -> Bool
    private let jobs = Mutex(JobQueue())
    private let jobsWaiting = DispatchSemaphore(value: 0)
    /// Free places in the window: taken by `submit`, given back by the writer.
    private let slots: DispatchSemaphore
    private let reorder: Mutex<ReorderBuffer<LineResult>>
    private let resultsReady = DispatchSemaphore(value: 0)
    private let state = Mutex(RunState())
    private let finished = DispatchSemaphore(value: 0)
    private let linesRead = Atomic<Int>(0)
    private let passCount = Atomic<Int>(0)
    private let warnCount = Atomic<Int>(0)
    private let failCount = Atomic<Int>(0)
    /// Called once by the writer when it next frees places (`whenRoom`).
    private let roomWaiter = Mutex<(@Sendable () -> Void)?>(nil)

    /// Starts `workers` judging threads and the writer thread.
    /// - Parameters:
    ///   - window: lines in flight at most (judged or waiting to be written).
    ///   - output: writes bytes in order, on the writer thread; false when it cannot (the rest is not written).
    public init(
        check: PreflightCheck, options: Options, workers: Int, window: Int,
        output: @escaping @Sendable ([UInt8]) -> Bool
    ) {
        self.check = check
        self.options = options
        self.workers = max(1, workers)
        self.output = output
        slots = DispatchSemaphore(value: max(1, window))
        reorder = Mutex(ReorderBuffer(capacity: max(1, window)))
        for _ in 0..<self.workers {
            HostThread.start(named: "pf-bulk") { [self] in work() }
        }
        HostThread.start(named: "pf-bulk-write") { [self] in writeLoop() }
    }

    /// The window for `workers` threads: a few lines per thread without downloads; with them, as
    /// many as downloads may run at once (`fetch.max_concurrent`, at most 1024), so they overlap.
    public static func window(workers: Int, fetching: Bool, maxConcurrent: Int) -> Int {
        let judging = 16 * max(1, workers)
        return fetching ? max(judging, min(maxConcurrent, 1024)) : judging
    }

    public var progress: Progress {
        Progress(
            linesRead: linesRead.load(ordering: .relaxed), pass: passCount.load(ordering: .relaxed),
            warn: warnCount.load(ordering: .relaxed), fail: failCount.load(ordering: .relaxed))
    }

    /// Hands one line over, waiting while the window is full; from one thread, in input order.
    /// False once the output has failed (the caller may stop reading).
    @discardableResult
    public func submit(_ line: NDJSONLineSplitter.Line) -> Bool {
        if case .blank = line { return hand(line) }
        slots.wait()
        return hand(line)
    }

    /// Takes the next line's place in the window without waiting: false when the window is
    /// full (`whenRoom` says when to try again). For a caller that must not block (the HTTP
    /// endpoint, on libmicrohttpd's thread); the line then goes to `submit(reserved:)`.
    public func reserve() -> Bool {
        slots.wait(timeout: .now()) == .success
    }

    /// Hands over one line into the place `reserve` took (a blank line gives it back); from one
    /// thread, in input order. False once the output has failed.
    @discardableResult
    public func submit(reserved line: NDJSONLineSplitter.Line) -> Bool {
        if case .blank = line { slots.signal() }
        return hand(line)
    }

    /// Calls `wake` once, on the writer's thread, when it next frees places in the window
    /// (replacing a `wake` not called yet). A place freed between a failed `reserve` and this
    /// call is missed by it: the caller reserves again after it.
    public func whenRoom(_ wake: @escaping @Sendable () -> Void) {
        roomWaiter.withLock { $0 = wake }
    }

    /// Hands over a line whose place is taken (a blank line needs none).
    private func hand(_ line: NDJSONLineSplitter.Line) -> Bool {
        linesRead.store(line.number, ordering: .relaxed)
        if case .blank = line {
            return state.withLock { state in
                state.blank += 1
                return !state.outputFailed
            }
        }
        let (sequence, failed) = state.withLock { state in
            state.submitted += 1
            return (state.submitted - 1, state.outputFailed)
        }
        enqueue(.judge(sequence: sequence, line: line))
        return !failed
    }

    /// Ends the input (`lines` lines were read), waits for the last report and the summary to be
    /// written, and stops the threads. `outputFailed` when `output` refused bytes.
    public func finish(lines: Int) -> (summary: BulkSummary, outputFailed: Bool) {
        state.withLock { $0.lines = lines }
        resultsReady.signal()
        finished.wait()
        roomWaiter.withLock { $0 = nil }
        for _ in 0..<workers { enqueue(.stop) }
        return state.withLock { ($0.summary ?? BulkSummary(), $0.outputFailed) }
    }

    func enqueue(_ job: Job) {
        jobs.withLock { $0.append(job) }
        jobsWaiting.signal()
    }

    /// A pool thread: takes jobs until `.stop`.
    private func work() {
        while true {
            jobsWaiting.wait()
            guard let job = jobs.withLock({ $0.take() }) else { continue }
            switch job {
            case .judge(let sequence, let line): judge(line, sequence: sequence)
            case .report(let sequence, let line, let outcomes, let indexed):
                complete(sequence, Self.result(line: line, reports: outcomes.map { $0.report() }, indexed: indexed))
            case .stop: return
            }
        }
    }

    /// Stores a line's result for the writer.
    func complete(_ sequence: Int, _ result: LineResult) {
        reorder.withLock { $0.insert(result, at: sequence) }
        resultsReady.signal()
    }

    /// The writer thread: the results in order, each written as soon as those before it are.
    private func writeLoop() {
        var summary = BulkSummary()
        var written = 0
        var failed = false
        var ready: [LineResult] = []
        var buffer: [UInt8] = []
        while true {
            resultsReady.wait()
            reorder.withLock { buffer in
                while let result = buffer.popReady() { ready.append(result) }
            }
            for result in ready {
                buffer += result.bytes
                for entry in result.entries {
                    summary.record(entry, line: result.line)
                    count(entry.verdict)
                }
            }
            if !buffer.isEmpty, !failed { failed = !output(buffer) }
            for _ in ready { slots.signal() }
            if !ready.isEmpty, let wake = roomWaiter.withLock({ $0.take() }) { wake() }
            written += ready.count
            ready.removeAll(keepingCapacity: true)
            buffer.removeAll(keepingCapacity: true)
            let (lines, submitted, blank) = state.withLock { ($0.lines, $0.submitted, $0.blank) }
            if failed { state.withLock { $0.outputFailed = true } }
            if let lines, written == submitted {
                summary.lines = lines
                summary.blank = blank
                if !failed { failed = !output(summary.json + [UInt8(ascii: "\n")]) }
                state.withLock { state in
                    state.summary = summary
                    state.outputFailed = failed
                }
                finished.signal()
                return
            }
        }
    }

    private func count(_ verdict: Verdict) {
        switch verdict {
        case .pass: passCount.add(1, ordering: .relaxed)
        case .warn: warnCount.add(1, ordering: .relaxed)
        case .fail: failCount.add(1, ordering: .relaxed)
        }
    }
}

/// The pool's jobs, first in first out; never more than the window's and the pool's stops.
private struct JobQueue {
    private var jobs: [BulkCheck.Job] = []
    private var head = 0

    mutating func append(_ job: BulkCheck.Job) {
        jobs.append(job)
    }

    mutating func take() -> BulkCheck.Job? {
        guard head < jobs.count else { return nil }
        let job = jobs[head]
        head += 1
        if head == jobs.count {
            jobs.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= 256, head * 2 >= jobs.count {
            jobs.removeFirst(head)
            head = 0
        }
        return job
    }
}
