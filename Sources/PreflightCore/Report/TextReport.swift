/// The report as a person reads it: the verdict first, what the provider sends (for an
/// envelope), a line per finding, and the attachment. `preflight check` prints it; the API
/// answers it for `Accept: text/plain`. Every field from the input (payload text, headers, an
/// origin's `Content-Type` or file name) is written through `TextReport.escaped`, so that only
/// the report's own colours reach the terminal.
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
        let escaped = Self.escaped
        var headline = paint(verdict.rawValue.uppercased(), verdictColor(verdict))
        headline += "  \(payload.bytes) of \(payload.limit) bytes, push type \(escaped(payload.pushType))"
        headline += ", judged as \(payload.judgedAs.rawValue)"
        if let url = payload.mediaURL, let key = payload.mediaKey {
            headline += ", media \(escaped(key)): \(escaped(url))"
        }
        lines.append(headline)
        lines.append("  " + Self.profileLine(payload))
        if let envelope = report.envelope, envelope.usable {
            // What the provider will send, so the reader can see what the findings are about.
            lines.append("  \(envelope.format.rawValue) sends APNs: \(escaped(envelope.payloadText))")
        }
        for finding in report.findings {
            let severity = paint(finding.severity.rawValue.padding(7), severityColor(finding.severity))
            lines.append("  \(severity) " + Self.findingLine(finding, escape: escaped))
        }
        if report.findings.isEmpty { lines.append("  no findings") }
        if let download = report.media?.download { lines += Self.transportLines(download) }
        if let plan = report.attachment {
            lines.append(
                "  attachment: \(plan.kind.rawValue) \(escaped(plan.uti)), \(plan.bytes) of \(plan.limit) bytes, written as \(escaped(plan.fileName))"
                    + (plan.typeHint.map { " with type hint \(escaped($0))" } ?? ""))
        }
        if report.attachments.count > 1 {
            // Several media: one line for each, so that what the user gets is read at a glance.
            let attached = report.attachments.filter(\.attached).count
            lines.append("  attachments: \(attached) of \(report.attachments.count) attached")
            for entry in report.attachments {
                let file = entry.named.map { " as \(escaped($0.fileName))" } ?? ""
                let what = entry.attached ? "attached\(file)" : "not attached"
                let codes =
                    entry.findingCodes.isEmpty ? "" : " (\(entry.findingCodes.map(\.rawValue).joined(separator: ", ")))"
                lines.append("    \(escaped(entry.key)): \(what)\(codes)")
            }
        }
        return lines.joined(separator: "\n")
    }

    /// `code at path: message; fix: fix`, each field through `escape`: a finding as one line, after
    /// its severity (the text report pads and colours that; a JUnit `<system-out>` does not).
    public static func findingLine(_ finding: Finding, escape: (String) -> String = { $0 }) -> String {
        let path = finding.path.map { " at \(escape($0))" } ?? ""
        return "\(escape(finding.code.rawValue))\(path): \(escape(finding.message)); fix: \(escape(finding.fix))"
    }

    /// `text` with every scalar that could steer a terminal or reorder the line written as a
    /// visible escape: the C0 controls (tab and line feed included: one field, one line), DEL,
    /// the C1 controls U+0080-009F (U+009B is a one-byte CSI: ECMA-48, section 5.3) as `\x1b`
    /// or `\u{9b}`, and the bidirectional formatting characters U+061C, U+200E, U+200F,
    /// U+202A-202E and U+2066-2069 (Unicode Standard Annex #9, section 2, "Explicit Directional
    /// Formatting Characters": they reorder what follows, so "FAIL" can be drawn as "LIAF") as
    /// `\u{202e}`. A backslash stays as it is: the escapes keep a terminal safe, they are not
    /// an encoding to read back. Text of printable ASCII is returned as it is, without a copy.
    public static func escaped(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 < 0x20 || $0 >= 0x7F }) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            let value = scalar.value
            switch value {
            case 0x00..<0x20, 0x7F:
                let hex = String(value, radix: 16)
                out += "\\x" + (hex.count == 1 ? "0" : "") + hex
            case 0x80...0x9F, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069:
                out += "\\u{" + String(value, radix: 16) + "}"
            default:
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// What the connection was, as the report's `media.tls` and `media.ats` hold it, a line each
    /// when present: `tls: TLSv1.3 TLS_AES_256_GCM_SHA384, key exchange any, certificate RSA 2048
    /// signed with sha256WithRSAEncryption` (the last https hop) and `ats: default for URL; ...`
    /// (the rules that applied to each hop, in order). The URLs come from the payload and its
    /// redirects, the certificate's names from the origin: escaped like any input.
    static func transportLines(_ download: DownloadOutcome) -> [String] {
        var lines: [String] = []
        if let tls = download.tls {
            var line = "  tls: \(escaped(tls.version)) \(escaped(tls.cipher)), key exchange \(escaped(tls.keyExchange))"
            if tls.certificateKeyType != nil || tls.signature != nil { line += ", certificate" }
            if let type = tls.certificateKeyType {
                line += " \(escaped(type))" + (tls.certificateKeyBits.map { " \($0)" } ?? "")
            }
            if let signature = tls.signature { line += " signed with \(escaped(signature))" }
            lines.append(line)
        }
        if !download.ats.isEmpty {
            let hops = download.ats.map { "\(escaped($0.applied)) for \(escaped($0.url))" }
            lines.append("  ats: " + hops.joined(separator: "; "))
        }
        return lines
    }

    /// `profile braze: models Braze docs sample; not read from source: ...`: which extension the
    /// verdict assumed, so a reader sees what was modelled and what was not read.
    static func profileLine(_ payload: PayloadSummary) -> String {
        let name = "profile \(escaped(payload.profile)): "
        guard let source = payload.profileSource else { return name + "defined in the configuration" }
        return name + "models \(escaped(source.models))"
            + (source.unverified.map { "; not read from source: \(escaped($0))" } ?? "")
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
