import PreflightCore
import PreflightHTTP
import Synchronization

extension Endpoints {
    /// `POST /v1/preflight/batch`: every item checked like `POST /v1/preflight`, the media
    /// downloads shared through the cache, the reports answered in the items' order.
    func batch(_ request: HTTPRequest, responder: Responder) {
        let configuration = check.inspector.configuration
        let options: RequestOptions
        switch RequestOptions.parse(request, configuration: configuration) {
        case .success(let parsed): options = parsed
        case .failure(let refusal): return responder.respond(refusal.response)
        }
        let batch: BatchRequest
        do {
            batch = try BatchRequest.parse(request.body)
        } catch {
            return responder.respond(.error(400, code: "invalid-batch", message: error.message))
        }
        run(batch, options: options, responder: responder)
    }

    /// Checks every item (a batch's, or an Expo request's messages) and answers
    /// `{"results": [...]}` in the items' order: 200, or `failStatus` when any report's verdict
    /// is fail.
    func run(_ batch: consuming BatchRequest, options: RequestOptions, failStatus: Int = 200, responder: Responder) {
        let configuration = check.inspector.configuration
        // The batch's own reference let go: the items are this call's alone, each moved out in
        // turn below.
        var items = batch.items
        _ = consume batch
        // Every item's profile and format first: one unknown name refuses the batch before any
        // download. Only an item that names a profile gets its own; the others are checked with
        // the request's (a list of profiles, one an item, had copied every part of it for each).
        var named: [Int: ExtensionProfile] = [:]
        var formats: [EnvelopeFormat?] = []
        formats.reserveCapacity(items.count)
        // By index: `for item in` copied each item out, retaining every part of it.
        for index in items.indices {
            if let name = items[index].profile {
                switch options.profile(forItem: name, configuration: configuration) {
                case .success(let found): named[index] = found
                case .failure(let refusal): return responder.respond(refusal.response)
                }
            }
            switch options.format(forItem: items[index].format) {
            case .success(let found): formats.append(found)
            case .failure(let refusal): return responder.respond(refusal.response)
            }
        }
        let metrics = self.metrics
        // Every item's payload judged here, on the connection's worker. While no item has waited
        // for a download, each report is written into the answer as its check ends and its
        // findings array handed to the next check (the worker's scratch, as a single request's);
        // after the first download, the outcomes are moved into their slots (`switch consume`:
        // bound from a borrowed step, each was copied) and written when the last download ends.
        var results = BatchResults(
            count: items.count, answer: BatchAnswer(items: items.count, failStatus: failStatus, responder: responder))
        var downloads: [(index: Int, pending: PendingDownloads)] = []
        let scratch = WorkerScratch.current
        for index in items.indices {
            // Moved out of the array (swapped with an empty item): its parts read from the array
            // in place were copied for the call, each of its headers' strings retained, and its
            // parsed payload copied through its type's metadata.
            var item = BatchRequest.Item.empty
            swap(&item, &items[index])
            let step = check.begin(
                body: item.givenBytes, headers: item.headers, fetch: options.fetch,
                profile: named[index] ?? options.profile, format: formats[index],
                expectMedia: options.expectMedia,
                parsed: item.parsed, findings: downloads.isEmpty ? scratch.takeFindings() : Findings())
            // No `where` on a case: a pattern guarded so bound a copy of the outcome.
            switch consume step {
            case .finished(let outcome):
                if downloads.isEmpty {
                    results.answer(outcome, keepingFindingsIn: scratch)
                } else {
                    results.store(outcome, at: index)
                }
            case .downloading(let pending): downloads.append((index, pending))
            }
        }
        guard !downloads.isEmpty else {
            // Nothing to wait for: every report is written; answered at once.
            return responder.respond(results.finish(metrics: metrics))
        }
        // The download that ends last answers; the rest of the reports are judged and written on
        // the connection's worker when it resumes.
        let collected = Mutex(results)
        for (index, pending) in downloads {
            pending.start { outcome in
                guard collected.withLock({ $0.store(outcome, at: index) }) else { return }
                responder.respond {
                    var rest = collected.withLock { $0.take() }
                    return rest.finish(metrics: metrics)
                }
            }
        }
    }
}

/// A batch's answer, `{"results":[report, ...]}`, written as the reports come: into a kept
/// buffer (the connection's, or for a large answer the server's), each report counted for the
/// metrics as it is written. One writer for the whole, so its room grows with the answer.
private struct BatchAnswer: Sendable {
    private var writer: JSONWriter
    private var tally = ReportTally()
    /// The reports written so far (the items' first ones, in order).
    private var written = 0
    private let items: Int
    /// The status when a report failed (`run`'s `failStatus`).
    private let failStatus: Int

    /// About the size of a payload-only report's JSON (bench/payload-1k.json's is 860 bytes):
    /// the answer is written into a buffer with room for this much an item, taken from the
    /// server's kept ones, and grows past it only when reports are longer.
    static let reportBytes = 1024

    init(items: Int, failStatus: Int, responder: Responder) {
        var body = responder.takeBodyRoom(atLeast: items * Self.reportBytes)
        writer = JSONWriter(room: &body)
        self.items = items
        self.failStatus = failStatus
        writer.beginObject()
        writer.key("results")
        writer.beginArray()
    }

    /// An empty answer, for a `BatchResults` whose answer was taken.
    private init() {
        writer = JSONWriter(capacity: 0)
        items = 0
        failStatus = 200
    }

    /// Writes the next item's report, and counts it.
    mutating func write(_ report: borrowing Report) {
        tally.count(report)
        let start = writer.count
        report.write(to: &writer)
        // Room for the rest at the first one's size, and a quarter more.
        if written == 0 { writer.reserve((writer.count - start) * (items - 1) * 5 / 4) }
        written += 1
    }

    /// Ends the answer: 200 (`failStatus` when a report failed) with its bytes (the writer's
    /// storage, not a copy), the counts added to `metrics`.
    consuming func finish(metrics: ServiceMetrics) -> HTTPResponse {
        writer.endArray()
        writer.endObject()
        var bytes: [UInt8] = []
        writer.finish(into: &bytes)
        metrics.record(tally)
        return .json(tally.failures > 0 ? failStatus : 200, bytes: bytes)
    }

    /// Moves the answer out, leaving an empty one.
    mutating func take() -> BatchAnswer {
        var taken = BatchAnswer()
        swap(&taken, &self)
        return taken
    }
}

/// The outcomes of a batch as they arrive, in item order, and its answer: the reports of the
/// items before the first download are written at once, the rest stored until every one is in.
private struct BatchResults {
    /// Made at the first outcome stored: a batch with no download stores none (each slot made
    /// `nil` up front was a copy through the outcome's metadata, some 150 instructions an item).
    private var slots: [CheckOutcome?] = []
    private let count: Int
    private var missing: Int
    private var answer: BatchAnswer

    init(count: Int, answer: BatchAnswer) {
        self.count = count
        missing = count
        self.answer = answer
    }

    /// Writes the report of the next item into the answer at once (no item before it waits for a
    /// download), and hands its findings array to `scratch` for the next check.
    mutating func answer(_ outcome: consuming CheckOutcome, keepingFindingsIn scratch: WorkerScratch) {
        let report = outcome.report()
        answer.write(report)
        missing -= 1
        scratch.keep(report.findings)
    }

    /// Stores the outcome of item `index`; true when that was the last.
    @discardableResult
    mutating func store(_ outcome: consuming CheckOutcome, at index: Int) -> Bool {
        if slots.isEmpty { slots = Array(repeating: nil, count: count) }
        if slots[index] == nil { missing -= 1 }
        slots[index] = outcome
        return missing == 0
    }

    /// Moves the results out (the slots left empty, the answer an empty one).
    mutating func take() -> BatchResults {
        var taken = BatchResults(count: count, answer: answer.take())
        swap(&taken.slots, &slots)
        taken.missing = missing
        return taken
    }

    /// Writes the stored outcomes' reports after those already written, in item order, each
    /// taken out of its slot (a copy of an outcome retains every part of its report), and ends
    /// the answer.
    mutating func finish(metrics: ServiceMetrics) -> HTTPResponse {
        // Judged as taken (`take()!` where the slot holds one): bound by `guard let` first, the
        // outcome was copied.
        for index in slots.indices where slots[index] != nil {
            answer.write(slots[index].take()!.report())
        }
        return answer.take().finish(metrics: metrics)
    }
}
