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
    /// `{"results": [...]}` in the items' order.
    func run(_ batch: BatchRequest, options: RequestOptions, responder: Responder) {
        let configuration = check.inspector.configuration
        // Every item's profile and format first: one unknown name refuses the batch before any
        // download. Only an item that names a profile gets its own; the others are checked with
        // the request's (a list of profiles, one an item, had copied every part of it for each).
        var named: [Int: ExtensionProfile] = [:]
        var formats: [EnvelopeFormat?] = []
        // By index: `for item in` copied each item out, retaining every part of it.
        for index in batch.items.indices {
            if let name = batch.items[index].profile {
                switch options.profile(forItem: name, configuration: configuration) {
                case .success(let found): named[index] = found
                case .failure(let refusal): return responder.respond(refusal.response)
                }
            }
            switch options.format(forItem: batch.items[index].format) {
            case .success(let found): formats.append(found)
            case .failure(let refusal): return responder.respond(refusal.response)
            }
        }
        let metrics = self.metrics
        // Every item's payload judged here, on the connection's worker; the outcomes moved into
        // their slots (`switch consume`: bound from a borrowed step, each was copied).
        let items = batch.items
        var results = BatchResults(count: items.count)
        var downloads: [(index: Int, pending: PendingDownloads)] = []
        // Read in place by index: `for item in` copies each item out, retaining its parts.
        for index in items.indices {
            let step = check.begin(
                body: items[index].givenBytes, headers: items[index].headers, fetch: options.fetch,
                profile: named[index] ?? options.profile, format: formats[index],
                expectMedia: options.expectMedia,
                parsed: items[index].parsed)
            switch consume step {
            case .finished(let outcome): results.store(outcome, at: index)
            case .downloading(let pending): downloads.append((index, pending))
            }
        }
        guard !downloads.isEmpty else {
            // Nothing to wait for: answered at once, into the connection's kept buffer.
            var outcomes = results.takeOutcomes()
            return responder.respond(BatchResults.answer(&outcomes, responder: responder, metrics: metrics))
        }
        // The download that ends last answers; the reports are judged and written on the
        // connection's worker when it resumes.
        let collected = Mutex(results)
        for (index, pending) in downloads {
            pending.start { outcome in
                guard collected.withLock({ $0.store(outcome, at: index) }) else { return }
                responder.respond {
                    var outcomes = collected.withLock { $0.takeOutcomes() }
                    return BatchResults.answer(&outcomes, responder: responder, metrics: metrics)
                }
            }
        }
    }
}

/// The outcomes of a batch as they arrive, in item order.
private struct BatchResults {
    private var slots: [CheckOutcome?]
    private var missing: Int

    init(count: Int) {
        slots = Array(repeating: nil, count: count)
        missing = count
    }

    /// Stores the outcome of item `index`; true when that was the last.
    @discardableResult
    mutating func store(_ outcome: consuming CheckOutcome, at index: Int) -> Bool {
        if slots[index] == nil { missing -= 1 }
        slots[index] = outcome
        return missing == 0
    }

    /// The outcomes in item order, moved out (the slots are left empty).
    mutating func takeOutcomes() -> [CheckOutcome?] {
        var taken: [CheckOutcome?] = []
        swap(&taken, &slots)
        return taken
    }

    /// About the size of a payload-only report's JSON (bench/payload-1k.json's is 860 bytes):
    /// a batch's answer is written into a buffer with room for this much an item, taken from
    /// the server's kept ones, and grows past it only when reports are longer.
    static let reportBytes = 1024

    /// The 200 answer of the outcomes, written into a kept buffer (the connection's, or for a
    /// large answer the server's).
    static func answer(_ outcomes: inout [CheckOutcome?], responder: Responder, metrics: ServiceMetrics) -> HTTPResponse
    {
        var body = responder.takeBodyBuffer(atLeast: outcomes.count * reportBytes)
        write(&outcomes, into: &body, metrics: metrics)
        return .json(200, bytes: body)
    }

    /// Writes `{"results":[report, ...]}` after what `bytes` holds, each outcome taken out of
    /// `outcomes` (a copy of an outcome retains every part of its report) and its report counted
    /// as it is written, the counts added to `metrics` at the end. One writer for the whole, so
    /// its room grows with the answer (a writer a report would make room again for every one).
    static func write(_ outcomes: inout [CheckOutcome?], into bytes: inout [UInt8], metrics: ServiceMetrics) {
        var writer = JSONWriter(appendingTo: &bytes)
        var tally = ReportTally()
        writer.object { answer in
            answer.key("results")
            answer.array { list in
                // Judged as taken (`take()!` where the slot holds one): bound by `guard let`
                // first, the outcome was copied.
                for index in outcomes.indices where outcomes[index] != nil {
                    let report = outcomes[index].take()!.report()
                    tally.count(report)
                    let start = list.count
                    report.write(to: &list)
                    // Room for the rest at the first one's size, and a quarter more.
                    if index == 0 { list.reserve((list.count - start) * (outcomes.count - 1) * 5 / 4) }
                }
            }
        }
        writer.finish(into: &bytes)
        metrics.record(tally)
    }
}
