/// The report as a person reads it: the verdict first, what the provider sends (for an
/// envelope), a line per finding, and the attachment. `preflight check` prints it; the API
/// answers it for `Accept: text/plain`.
public struct TextReport: Sendable {
    public var report: Report
    /// ANSI colours (a terminal).
    public var color: Bool

    public init(report: Report, color: Bool = false) {
        self.report = report
        self.color = color
    }

    public var text: String {
        let verdict = report.verdict
        var lines: [String] = []
        let payload = report.payload
        var headline = paint(verdict.rawValue.uppercased(), verdictColor(verdict))
        headline += "  \(payload.bytes) of \(payload.limit) bytes, push type \(payload.pushType)"
        if let url = payload.mediaURL, let key = payload.mediaKey { headline += ", media \(key): \(url)" }
        lines.append(headline)
        if let envelope = report.envelope, envelope.usable {
            // What the provider will send, so the reader can see what the findings are about.
            lines.append("  \(envelope.format.rawValue) sends APNs: \(envelope.payloadText)")
        }
        for finding in report.findings {
            let severity = paint(finding.severity.rawValue.padding(7), severityColor(finding.severity))
            let path = finding.path.map { " at \($0)" } ?? ""
            lines.append("  \(severity) \(finding.code.rawValue)\(path): \(finding.message); fix: \(finding.fix)")
        }
        if report.findings.isEmpty { lines.append("  no findings") }
        if let plan = report.attachment {
            lines.append(
                "  attachment: \(plan.kind.rawValue) \(plan.uti), \(plan.bytes) of \(plan.limit) bytes, written as \(plan.fileName)"
                    + (plan.typeHint.map { " with type hint \($0)" } ?? ""))
        }
        return lines.joined(separator: "\n")
    }

    private func verdictColor(_ verdict: Verdict) -> String {
        switch verdict {
        case .pass: "32"
        case .warn: "33"
        case .fail: "31"
        }
    }

    private func severityColor(_ severity: Severity) -> String {
        switch severity {
        case .info: "36"
        case .warning: "33"
        case .error: "31"
        }
    }

    private func paint(_ text: String, _ code: String) -> String {
        color ? "\u{1B}[1;\(code)m\(text)\u{1B}[0m" : text
    }
}

extension String {
    fileprivate func padding(_ width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
