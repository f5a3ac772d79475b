import PreflightCore
import Synchronization

extension BulkCheck {
    /// One push of a line, with what it is judged with.
    private struct Push {
        var body: [UInt8]
        var headers: APNsHeaders
        var profile: ExtensionProfile?
        var format: EnvelopeFormat?
        var parsed: ParsedPayload?
    }

    /// Judges one line (on a pool thread): its pushes checked, or the report of a line that
    /// cannot be (over the size limit, a batch item the batch endpoint refuses).
    func judge(_ line: NDJSONLineSplitter.Line, sequence: Int) {
        let configuration = check.inspector.configuration
        switch line {
        case .blank: return
        case .oversize(let number, let bytes):
            let report = BulkLine.oversizeReport(bytes: bytes, headers: options.headers, configuration: configuration)
            complete(sequence, Self.result(line: number, reports: [report], indexed: false))
        case .text(let number, let bytes):
            let pushes: [Push]
            var indexed = false
            switch BulkLine.read(bytes, format: options.format, headers: options.headers) {
            case .payload(let parsed):
                pushes = [
                    Push(
                        body: bytes, headers: options.headers, profile: options.profile, format: options.format,
                        parsed: parsed)
                ]
            case .messages(let batch):
                // As `check` judges an Expo file: each message an item of the run's headers.
                indexed = true
                pushes = batch.items.map {
                    Push(body: $0.payload, headers: $0.headers, profile: options.profile, format: .expo, parsed: nil)
                }
            case .item(let item, let hasHeaders):
                switch push(of: item, hasHeaders: hasHeaders) {
                case .success(let push): pushes = [push]
                case .failure(let problem):
                    return refuse(problem, bytes: bytes.count, line: number, sequence: sequence)
                }
            case .invalidItem(let problem):
                return refuse(problem, bytes: bytes.count, line: number, sequence: sequence)
            }
            run(pushes, line: number, sequence: sequence, indexed: indexed)
        }
    }

    private func refuse(_ problem: BatchRequest.Problem, bytes: Int, line: Int, sequence: Int) {
        let report = BulkLine.invalidItemReport(
            problem, bytes: bytes, headers: options.headers, configuration: check.inspector.configuration)
        complete(sequence, Self.result(line: line, reports: [report], indexed: false))
    }

    /// A batch item's push: its own headers (when it gives them), profile and format over the run's.
    private func push(of item: BatchRequest.Item, hasHeaders: Bool) -> Result<Push, BatchRequest.Problem> {
        let configuration = check.inspector.configuration
        var profile = options.profile
        if let name = item.profile {
            guard let named = configuration.profiles[name] else {
                return .failure(
                    .init("item.profile: no profile \"\(name)\"; known: \(configuration.profileNames)"))
            }
            profile = named
        }
        var format = options.format
        if let name = item.format {
            guard let named = EnvelopeFormat(rawValue: name) else {
                let known = EnvelopeFormat.allCases.map(\.rawValue).joined(separator: ", ")
                return .failure(.init("item.format: no envelope format \"\(name)\"; known: \(known)"))
            }
            format = named
        }
        return .success(
            Push(
                body: item.givenBytes, headers: hasHeaders ? item.headers : options.headers, profile: profile,
                format: format, parsed: item.parsed))
    }

    /// Checks the pushes of a line; once the last is in, its reports are made (on a pool thread
    /// when a download came in between) and the line's result stored.
    private func run(_ pushes: [Push], line: Int, sequence: Int, indexed: Bool) {
        if pushes.count == 1, let push = pushes.first {
            return run(push, line: line, sequence: sequence, indexed: indexed)
        }
        let gathered = Mutex(Gathered(count: pushes.count))
        for (index, push) in pushes.enumerated() {
            check.run(
                body: push.body, headers: push.headers, fetch: options.fetch, profile: push.profile,
                format: push.format, expectMedia: options.expectMedia, parsed: push.parsed
            ) { [self] outcome in
                guard let outcomes = gathered.withLock({ $0.store(outcome, at: index) }) else { return }
                finish(outcomes, line: line, sequence: sequence, indexed: indexed)
            }
        }
    }

    /// A line of one push (the common case): judged at once when nothing is downloaded, with no
    /// closure or gathering made for it.
    private func run(_ push: Push, line: Int, sequence: Int, indexed: Bool) {
        let step = check.begin(
            body: push.body, headers: push.headers, fetch: options.fetch, profile: push.profile,
            format: push.format, expectMedia: options.expectMedia, parsed: push.parsed)
        switch consume step {
        case .finished(let outcome):
            complete(sequence, Self.result(line: line, reports: [outcome.report()], indexed: indexed))
        case .downloading(let downloads):
            downloads.start { [self] outcome in finish([outcome], line: line, sequence: sequence, indexed: indexed) }
        }
    }

    /// A line's outcomes, all in: its result stored at once when nothing was downloaded, else
    /// (called on the download's thread) its media rules sent back to the pool.
    private func finish(_ outcomes: [CheckOutcome], line: Int, sequence: Int, indexed: Bool) {
        guard outcomes.contains(where: \.downloaded) else {
            return complete(sequence, Self.result(line: line, reports: outcomes.map { $0.report() }, indexed: indexed))
        }
        enqueue(.report(sequence: sequence, line: line, outcomes: outcomes, indexed: indexed))
    }

    /// A line's output lines and what its reports add to the summary.
    static func result(line: Int, reports: [Report], indexed: Bool) -> LineResult {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(1024 * reports.count)
        for (index, report) in reports.enumerated() {
            BulkSummary.appendReportLine(report, line: line, index: indexed ? index : nil, to: &bytes)
        }
        return LineResult(line: line, bytes: bytes, entries: reports.map(BulkSummary.Entry.init))
    }
}

/// The outcomes of a line's pushes as they arrive, in order.
private struct Gathered {
    var outcomes: [CheckOutcome?]
    var missing: Int

    init(count: Int) {
        outcomes = Array(repeating: nil, count: count)
        missing = count
    }

    /// Stores one; all of them once the last is in.
    mutating func store(_ outcome: CheckOutcome, at index: Int) -> [CheckOutcome]? {
        if outcomes[index] == nil { missing -= 1 }
        outcomes[index] = outcome
        return missing == 0 ? outcomes.compactMap { $0 } : nil
    }
}
