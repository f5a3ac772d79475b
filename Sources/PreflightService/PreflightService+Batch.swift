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
        let collected = Mutex(BatchResults(count: batch.items.count))
        for (index, item) in batch.items.enumerated() {
            probe.run(body: item.payload, headers: item.headers, fetch: fetch) { report in
                metrics.record(report)
                let complete = collected.withLock { results -> [UInt8]? in
                    results.store(report.jsonBytes, at: index)
                    return results.isComplete ? results.body : nil
                }
                if let complete { responder.respond(.json(200, bytes: complete)) }
            }
        }
    }
}

/// The reports of a batch as they arrive, in item order.
private struct BatchResults {
    private var reports: [[UInt8]?]
    private var missing: Int

    init(count: Int) {
        reports = Array(repeating: nil, count: count)
        missing = count
    }

    mutating func store(_ report: [UInt8], at index: Int) {
        if reports[index] == nil { missing -= 1 }
        reports[index] = report
    }

    var isComplete: Bool { missing == 0 }

    /// `{"results":[report, ...]}`.
    var body: [UInt8] {
        var bytes = Array(#"{"results":["#.utf8)
        for (index, report) in reports.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes += report ?? []
        }
        bytes += Array("]}".utf8)
        return bytes
    }
}
