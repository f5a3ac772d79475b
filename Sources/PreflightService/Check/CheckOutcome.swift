public import PreflightCore

/// What one check gathered: the payload's report and, when there was one, the download.
public struct CheckOutcome: Sendable {
    let payloadReport: Report
    var media: MediaReference?
    var download: DownloadOutcome?
    let configuration: PreflightConfiguration
    var profile: ExtensionProfile = .generic
    var root: JSONView?

    /// Whether a download was made (its completion then runs off the connection's worker).
    var downloaded: Bool { download != nil }

    /// The whole report: the payload's findings, then the media rules' (run here), all under
    /// the report's cap of findings per code.
    public func report() -> Report {
        guard let media, let download else { return payloadReport }
        let judged = MediaRules.evaluate(
            download, reference: media, configuration: configuration, profile: profile, root: root)
        var report = payloadReport
        report.append(contentsOf: judged.findings, omitted: judged.omitted)
        report.media = judged.summary
        report.attachment = judged.attachment
        return report
    }
}
