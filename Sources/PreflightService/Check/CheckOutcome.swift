public import PreflightCore

/// What one check gathered: the payload's report and, when there were any, the downloads.
///
/// A payload-only outcome is its report and a nil reference: copying it (into a bulk line's
/// gathered outcomes, out of a `CheckStep`) copies a report, not the configuration and the
/// profile, which only the media rules read.
public struct CheckOutcome: Sendable {
    private(set) var payloadReport: Report
    /// The media and what they are judged with; nil when the check downloaded nothing.
    let media: DownloadedMedia?

    /// Whether a download was made (its completion then runs off the connection's worker).
    var downloaded: Bool { media?.items.contains { $0.download != nil } ?? false }

    /// The whole report: the payload's findings, then the media rules' (run here, for each
    /// media in turn), all under the report's cap of findings per code. `consuming`: an outcome
    /// answered once hands its payload's report over instead of copying it.
    public consuming func report() -> Report {
        guard let media, downloaded else {
            // Swapped out: returned as it is, the report was copied (every part retained), then
            // the outcome's released.
            var taken = Report.placeholder
            swap(&taken, &payloadReport)
            return taken
        }
        let judged = MediaRules.evaluate(
            media.items, configuration: media.check.inspector.configuration, profile: media.profile, root: media.root)
        var report = Report.placeholder
        swap(&report, &payloadReport)
        var entries = judged.entries
        for index in entries.indices {
            // The URL's findings, made with the payload's, come first: they were made first.
            let key = entries[index].key
            let urlCodes = report.findings.lazy.filter { $0.path == key }.map(\.code)
            entries[index].findingCodes.insert(contentsOf: urlCodes, at: 0)
        }
        report.append(contentsOf: judged.findings, omitted: judged.omitted)
        report.show(entries)
        return report
    }
}

/// The media of one check, each with its download when it had one, and what the media rules
/// judge them with. A class: made once, when the last download ends, and shared by every copy of
/// its outcome.
final class DownloadedMedia: Sendable {
    /// In the extension's order.
    let items: [MediaRules.Item]
    /// The check, for its configuration: held by reference, not copied (every part retained).
    let check: PreflightCheck
    let profile: ExtensionProfile
    let root: JSONView?

    init(items: [MediaRules.Item], check: PreflightCheck, profile: ExtensionProfile, root: JSONView?) {
        self.items = items
        self.check = check
        self.profile = profile
        self.root = root
    }
}
