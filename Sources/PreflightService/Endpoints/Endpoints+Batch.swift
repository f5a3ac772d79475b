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
        for (index, item) in batch.items.enumerated() {
            check.run(
                body: item.payload, headers: item.headers, fetch: options.fetch, profile: profiles[index],
                format: formats[index], expectMedia: options.expectMedia, parsed: item.parsed
            ) { outcome in
                let complete = collected.withLock { results -> [CheckOutcome]? in
                    results.store(outcome, at: index)
                    return results.isComplete ? results.outcomes : nil
                }
                guard let complete else { return }
                // The reports are judged and written on the connection's worker when it resumes.
                responder.respond {
                    let reports = complete.map { $0.report() }
                    for report in reports { metrics.record(report) }
                    return .json(200, bytes: BatchResults.body(reports.map(\.jsonBytes)))
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

    mutating func store(_ outcome: CheckOutcome, at index: Int) {
        if slots[index] == nil { missing -= 1 }
        slots[index] = outcome
    }

    var isComplete: Bool { missing == 0 }

    var outcomes: [CheckOutcome] { slots.compactMap { $0 } }

    /// `{"results":[report, ...]}`.
    static func body(_ reports: [[UInt8]]) -> [UInt8] {
        var bytes = Array(#"{"results":["#.utf8)
        // Sized once: a hundred reports are tens of kilobytes, copied again at every doubling.
        bytes.reserveCapacity(bytes.count + reports.reduce(0) { $0 + $1.count + 1 } + 2)
        for (index, report) in reports.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes += report
        }
        bytes += Array("]}".utf8)
        return bytes
    }
}
