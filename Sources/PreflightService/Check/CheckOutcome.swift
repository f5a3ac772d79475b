public import PreflightCore

/// What one check gathered: the payload's report and, when there were any, the downloads.
///
/// A payload-only outcome is its report and a nil reference; one with downloads is a reference
/// alone (its report an empty placeholder): the payload's report stays in the check's
/// `PendingDownloads`, which the media refers to. Copying an outcome (into a bulk line's
/// gathered outcomes, out of a `CheckStep`, into the closure that answers it) copies no report
/// made with downloads, nor the configuration and the profile, which only the media rules read.
public struct CheckOutcome: Sendable {
    private(set) var payloadReport: Report
    /// The media and what they are judged with; nil when the check downloaded nothing.
    let media: DownloadedMedia?

    /// A payload-only outcome.
    init(payloadReport: Report) {
        self.payloadReport = payloadReport
        self.media = nil
    }

    /// An outcome with downloads: its report is the check's (`media.downloads.payloadReport`).
    init(media: DownloadedMedia) {
        self.payloadReport = .placeholder
        self.media = media
    }

    /// Whether a download was made (its completion then runs off the connection's worker).
    var downloaded: Bool { media?.items.contains { $0.download != nil } ?? false }

    /// The whole report: the payload's findings, then the media rules' (run here, for each
    /// media in turn), all under the report's cap of findings per code. `consuming`: a
    /// payload-only outcome answered once hands its report over instead of copying it.
    public consuming func report() -> Report {
        guard let media else {
            // Swapped out: returned as it is, the report was copied (every part retained), then
            // the outcome's released.
            var taken = Report.placeholder
            swap(&taken, &payloadReport)
            return taken
        }
        let downloads = media.downloads
        // The one copy of the payload's report: the check's is shared with any copy of this outcome.
        var report = downloads.payloadReport
        guard downloaded else { return report }
        var judged = MediaRules.evaluate(
            media.items, configuration: downloads.check.inspector.configuration, profile: downloads.profile,
            root: downloads.root)
        // Changed in place: a copy of the entries to change was a new array of them.
        for index in judged.entries.indices {
            // The URL's findings, made with the payload's, come first: they were made first.
            let key = judged.entries[index].key
            let urlCodes = report.findings.lazy.filter { $0.path == key }.map(\.code)
            judged.entries[index].findingCodes.insert(contentsOf: urlCodes, at: 0)
        }
        report.append(contentsOf: judged.findings, omitted: judged.omitted)
        report.show(judged.entries)
        return report
    }
}

/// The media of one check, each with its download when it had one, and the check's downloads,
/// which hold what the media rules judge them with. A class: made once, when the last download
/// ends, and shared by every copy of its outcome.
final class DownloadedMedia: Sendable {
    /// In the extension's order.
    let items: [MediaRules.Item]
    /// The payload's report, the check (its configuration), the profile and the payload.
    let downloads: PendingDownloads

    init(items: [MediaRules.Item], downloads: PendingDownloads) {
        self.items = items
        self.downloads = downloads
    }
}
