import PreflightCore
import PreflightHTTP
import Synchronization

extension PreflightService {
    /// `POST /v1/preflight/batch`: every item checked like `POST /v1/preflight`, the media
    /// downloads shared through the cache, the reports answered in the items' order.
    static func batch(_ request: HTTPRequest, probe: PreflightProbe, metrics: ServiceMetrics, responder: Responder) {
        let fetch: Bool
        switch fetchMode(request) {
        case .success(let mode): fetch = mode
        case .failure(let error): return responder.respond(error.response)
        }
        let batch: BatchRequest
        do {
            batch = try BatchRequest.parse(request.body)
        } catch {
            return responder.respond(.error(400, code: "invalid-batch", message: error.message))
        }
        // Every item's profile first: one unknown name refuses the batch before any download.
        let defaultName: String?
        switch requestedProfile(request, configuration: probe.inspector.configuration) {
        case .success(let name): defaultName = name
        case .failure(let error): return responder.respond(error.response)
        }
        let expectMedia: Bool
        switch expectsMedia(request) {
        case .success(let expected): expectMedia = expected
        case .failure(let error): return responder.respond(error.response)
        }
        let defaultFormat: EnvelopeFormat?
        switch requestedFormat(request) {
        case .success(let named): defaultFormat = named
        case .failure(let error): return responder.respond(error.response)
        }
        var profiles: [ExtensionProfile?] = []
        var formats: [EnvelopeFormat?] = []
        for item in batch.items {
            switch profile(named: item.profile ?? defaultName, configuration: probe.inspector.configuration) {
            case .success(let found): profiles.append(found)
            case .failure(let error): return responder.respond(error.response)
            }
            guard let name = item.format else {
                formats.append(defaultFormat)
                continue
            }
            guard let format = EnvelopeFormat(rawValue: name) else {
                return responder.respond(unknownFormat(name).response)
            }
            formats.append(format)
        }
        let collected = Mutex(BatchResults(count: batch.items.count))
        for (index, item) in batch.items.enumerated() {
            probe.run(
                body: item.payload, headers: item.headers, fetch: fetch, profile: profiles[index],
                format: formats[index], expectMedia: expectMedia, parsed: item.parsed
            ) { outcome in
                let complete = collected.withLock { results -> [ProbeOutcome]? in
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
    private var slots: [ProbeOutcome?]
    private var missing: Int

    init(count: Int) {
        slots = Array(repeating: nil, count: count)
        missing = count
    }

    mutating func store(_ outcome: ProbeOutcome, at index: Int) {
        if slots[index] == nil { missing -= 1 }
        slots[index] = outcome
    }

    var isComplete: Bool { missing == 0 }

    var outcomes: [ProbeOutcome] { slots.compactMap { $0 } }

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
