/// What the payload rules learned besides findings, for the report's `payload` object.
public struct PayloadSummary: Sendable, Equatable {
    public var bytes: Int
    public var limit: Int
    public var pushType: String
    public var mediaURL: String?
    public var mediaKey: String?
}

/// The answer to "will this push show its media?": a verdict, the findings, what was seen.
public struct Report: Sendable {
    public var findings: [Finding]
    public var payload: PayloadSummary

    public init(findings: [Finding], payload: PayloadSummary) {
        self.findings = findings
        self.payload = payload
    }

    public var verdict: Verdict { Verdict(findings: findings) }

    /// The report as DESIGN.md section 3 shows it.
    public var json: String { String(decoding: jsonBytes, as: UTF8.self) }

    /// The report's JSON as UTF-8 bytes.
    public var jsonBytes: [UInt8] {
        var writer = JSONWriter(capacity: 1024)
        writer.object { report in
            report.field("verdict", verdict.rawValue)
            report.key("findings")
            report.array { list in
                for finding in findings {
                    list.object { item in
                        item.field("code", finding.code.rawValue)
                        item.field("severity", finding.severity.rawValue)
                        item.field("path", finding.path)
                        item.field("message", finding.message)
                        item.field("fix", finding.fix)
                    }
                }
            }
            report.key("payload")
            report.object { summary in
                summary.field("bytes", payload.bytes)
                summary.field("limit", payload.limit)
                summary.field("push_type", payload.pushType)
                summary.field("media_url", payload.mediaURL)
                summary.field("media_key", payload.mediaKey)
            }
        }
        return writer.bytes
    }
}
