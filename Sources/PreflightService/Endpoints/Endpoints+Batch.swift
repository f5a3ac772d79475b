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
        // Every item's profile and format first: one unknown name refuses the batch before any download.
        var profiles: [ExtensionProfile?] = []
        var formats: [EnvelopeFormat?] = []
        for item in batch.items {
            switch options.profile(forItem: item.profile, configuration: configuration) {
            case .success(let found): profiles.append(found)
            case .failure(let refusal): return responder.respond(refusal.response)
            }
            switch options.format(forItem: item.format) {
            case .success(let found): formats.append(found)
            case .failure(let refusal): return responder.respond(refusal.response)
            }
        }
        let metrics = self.metrics
        let collected = Mutex(BatchResults(count: batch.items.count))
        // Whoever stores the last outcome answers: this loop, or the download that ends last.
        let answer = { @Sendable (complete: [CheckOutcome]) in
            // The reports are judged and written on the connection's worker when it resumes,
            // into its kept buffer, one after another.
            responder.respond {
                var body = responder.takeBodyBuffer()
                BatchResults.write(complete, into: &body, metrics: metrics)
                return .json(200, bytes: body)
            }
        }
        for (index, item) in batch.items.enumerated() {
            let step = check.begin(
                body: item.payload, headers: item.headers, fetch: options.fetch, profile: profiles[index],
                format: formats[index], expectMedia: options.expectMedia, parsed: item.parsed)
            switch step {
            case .finished(let outcome):
                // Stored here: a payload-only item makes no completion closure.
                if let complete = collected.withLock({ $0.store(outcome, at: index) }) { answer(complete) }
            case .downloading(let downloads):
                downloads.start { outcome in
                    if let complete = collected.withLock({ $0.store(outcome, at: index) }) { answer(complete) }
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

    /// Stores the outcome of item `index`; the outcomes in item order when that was the last.
    mutating func store(_ outcome: CheckOutcome, at index: Int) -> [CheckOutcome]? {
        if slots[index] == nil { missing -= 1 }
        slots[index] = outcome
        return missing == 0 ? slots.compactMap { $0 } : nil
    }

    /// Writes `{"results":[report, ...]}` after what `bytes` holds, each outcome's report
    /// recorded in `metrics` as it is written: one writer for the whole, so its room grows with
    /// the answer (a writer a report would make room again for every one).
    static func write(_ outcomes: [CheckOutcome], into bytes: inout [UInt8], metrics: ServiceMetrics) {
        var writer = JSONWriter(appendingTo: &bytes)
        writer.object { answer in
            answer.key("results")
            answer.array { list in
                for (index, outcome) in outcomes.enumerated() {
                    let report = outcome.report()
                    metrics.record(report)
                    let start = list.count
                    report.write(to: &list)
                    // Room for the rest at the first one's size, and a quarter more.
                    if index == 0 { list.reserve((list.count - start) * (outcomes.count - 1) * 5 / 4) }
                }
            }
        }
        writer.finish(into: &bytes)
    }
}
