public import PreflightCore

/// What one check gathered: the payload's report and, when there were any, the downloads.
public struct CheckOutcome: Sendable {
    let payloadReport: Report
    /// The media in the extension's order, each with its download when it had one.
    var items: [MediaRules.Item] = []
    let configuration: PreflightConfiguration
    var profile: ExtensionProfile = .generic
    var root: JSONView?

    /// Whether a download was made (its completion then runs off the connection's worker).
    var downloaded: Bool { items.contains { $0.download != nil } }

    /// The whole report: the payload's findings, then the media rules' (run here, for each
    /// media in turn), all under the report's cap of findings per code.
    public func report() -> Report {
        guard downloaded else { return payloadReport }
        let judged = MediaRules.evaluate(items, configuration: configuration, profile: profile, root: root)
        var report = payloadReport
        report.append(contentsOf: judged.findings, omitted: judged.omitted)
        var entries = judged.entries
        for index in entries.indices {
            // The URL's findings, made with the payload's, come first: they were made first.
            let key = entries[index].key
            let urlCodes = payloadReport.findings.lazy.filter { $0.path == key }.map(\.code)
            entries[index].findingCodes.insert(contentsOf: urlCodes, at: 0)
        }
        let first = entries.first { $0.media != nil }
        report.media = first?.media
        report.attachment = first.flatMap { $0.attached ? $0.plan : nil }
        report.attachments = entries
        return report
    }
}
