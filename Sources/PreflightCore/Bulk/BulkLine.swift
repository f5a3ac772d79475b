/// What one line of a bulk (NDJSON) input holds, read once.
///
/// A line is a **batch item** when it is a JSON object with a `payload` key and no key but the
/// item keys (`payload`, `headers`, `profile`, `format`), as `POST /v1/preflight/batch` takes
/// them; no APNs payload or provider request has that shape (an APNs payload needs `aps`).
/// Any other line is judged as `preflight check` judges a file: an APNs payload, a provider's
/// request (detected, or named), an Expo array of messages, or bytes that are not JSON, which
/// get their finding.
///
/// ```swift
/// switch BulkLine.read(bytes, format: nil, headers: headers) {
/// case .payload(let parsed): ...  // check.run(body: bytes, ..., parsed: parsed)
/// case .item(let item, let hasHeaders): ...
/// case .messages(let batch): ...
/// case .invalidItem(let problem): ...
/// }
/// ```
public enum BulkLine: Sendable {
    /// A push to judge from the line's bytes; its parse when it is JSON (nil: the inspector
    /// reports why it is not).
    case payload(ParsedPayload?)
    /// An Expo array of messages: one report per message.
    case messages(BatchRequest)
    /// A batch item; `hasHeaders` when it gives its own `headers` (which then replace the run's).
    case item(BatchRequest.Item, hasHeaders: Bool)
    /// A batch item the batch endpoint refuses (a header APNs does not define, a value of the
    /// wrong type, a key given twice): why.
    case invalidItem(BatchRequest.Problem)

    /// Reads `bytes` (one line); `format` and `headers` are the run's, which decide whether an
    /// array is an Expo request (`BatchRequest.expoBody`).
    public static func read(_ bytes: [UInt8], format: EnvelopeFormat?, headers: APNsHeaders) -> BulkLine {
        if let expo = BatchRequest.expoBody(bytes, format: format, headers: headers) {
            return expo.messages.map { .messages($0) } ?? .payload(expo.parsed)
        }
        guard let document = try? JSONDocument.parse(bytes) else { return .payload(nil) }
        // Held to the end: the views below read it, and a view does not hold its document.
        defer { withExtendedLifetime(document) {} }
        let root = document.root
        guard let members = root.members, root["payload"] != nil,
            members.allSatisfy({ BatchRequest.itemKeys.contains($0.key) })
        else { return .payload(ParsedPayload(document)) }
        let repeated = BatchRequest.repeatedKeys(document.repeatedKeys, under: [root["payload"]])
        do {
            let item = try BatchRequest.item(root, of: document, label: "item", repeatedKeys: repeated[0])
            return .item(item, hasHeaders: root["headers"] != nil)
        } catch {
            return .invalidItem(error)
        }
    }
}

// MARK: - The reports of lines that are not judged

extension BulkLine {
    /// The report of a line over `server.max_body_bytes`, which was skipped unread: the most the
    /// server reads of one body, far over any push's limit.
    public static func oversizeReport(
        bytes: Int, headers: APNsHeaders, configuration: PreflightConfiguration
    ) -> Report {
        let limit = HeaderRules.limit(headers, configuration: configuration)
        let finding = Finding(
            .payloadTooLarge, path: nil,
            message:
                "the line is \(bytes) bytes, over server.max_body_bytes (\(configuration.server.maxBodyBytes)), the most the server reads of a body; it was skipped unread (a push may be \(limit) bytes)",
            fix: "shorten the text, or send an id and fetch the rest in the extension")
        return unjudged(finding, bytes: bytes, limit: limit, headers: headers)
    }

    /// The report of a batch item the batch endpoint refuses (`problem` says why).
    public static func invalidItemReport(
        _ problem: BatchRequest.Problem, bytes: Int, headers: APNsHeaders, configuration: PreflightConfiguration
    ) -> Report {
        let finding = Finding(
            .bulkItemInvalid, path: nil, message: "the line is a batch item, not judged: \(problem.message)",
            fix:
                "correct the item: its keys are payload (an object, or its bytes as a string), headers (an object of APNs headers, strings), profile and format (names)"
        )
        return unjudged(
            finding, bytes: bytes, limit: HeaderRules.limit(headers, configuration: configuration), headers: headers)
    }

    private static func unjudged(_ finding: Finding, bytes: Int, limit: Int, headers: APNsHeaders) -> Report {
        Report(
            findings: [finding],
            payload: PayloadSummary(
                bytes: bytes, limit: limit, pushType: headers.pushType ?? "alert", mediaURL: nil, mediaKey: nil))
    }
}

extension BatchRequest.Problem {
    /// A problem of a bulk line's item found outside the batch's parse (an unknown profile name).
    public init(_ message: String) {
        self.init(message: message)
    }
}
