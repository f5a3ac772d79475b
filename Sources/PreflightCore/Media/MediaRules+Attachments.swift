/// The media rules over every media of one push: each download judged on its own (its findings
/// at its own key), then what the extension does with them together: the time its downloads
/// take in its order, and its rule for a failed one.
extension MediaRules {
    /// One media to judge: its key, and its URL and download when it had them.
    public struct Item: Sendable {
        public var key: String
        public var reference: MediaReference?
        public var download: DownloadOutcome?

        public init(key: String, reference: MediaReference?, download: DownloadOutcome?) {
            self.key = key
            self.reference = reference
            self.download = download
        }
    }

    /// What the rules concluded for all the media.
    public struct Attachments: Sendable {
        /// Every media's findings, in the items' order, then the push's own (time, failure rule).
        public var findings: [Finding] = []
        /// Findings past `Report.findingsPerCode` that were counted, not made.
        public var omitted: [FindingCode: Int] = [:]
        /// One per item.
        public var entries: [AttachmentOutcome] = []
    }

    /// Judges each item as `profile`'s extension handles it, then, for an extension that
    /// attaches every value, the time budget of its order and its failure rule.
    ///
    /// ```swift
    /// let judged = MediaRules.evaluate(items, configuration: config, profile: .onesignal)
    /// judged.entries.filter(\.attached).count  // what the user gets
    /// ```
    public static func evaluate(
        _ items: [Item], configuration: PreflightConfiguration, profile: ExtensionProfile, root: JSONView? = nil
    ) -> Attachments {
        var judged = Attachments()
        for item in items {
            guard let reference = item.reference, let download = item.download else {
                judged.entries.append(AttachmentOutcome(key: item.key))
                continue
            }
            let outcome = evaluate(
                download, reference: reference, configuration: configuration, profile: profile, root: root)
            judged.findings += outcome.findings
            judged.omitted.merge(outcome.omitted, uniquingKeysWith: +)
            judged.entries.append(
                AttachmentOutcome(
                    key: item.key, media: outcome.summary, named: outcome.named, plan: outcome.attachment,
                    findingCodes: outcome.findings.map(\.code)))
        }
        guard case .every(let order, let onFailure) = profile.attachments else { return judged }
        if let late = timeBudget(judged.entries, order: order, profile: profile) {
            judged.findings.append(late)
            if let index = judged.entries.firstIndex(where: { $0.key == late.path }) {
                judged.entries[index].findingCodes.append(late.code)
            }
        }
        if onFailure == .dropsAll { dropAll(&judged, profile: profile) }
        return judged
    }

    /// Seconds `bytes` take at the profile's throughput.
    static func downloadSeconds(_ bytes: Int, _ profile: ExtensionProfile) -> Double {
        Double(bytes) * 8 / Double(profile.device.throughputBitsPerSecond)
    }

    /// `attachment.device-time` for several downloads: one after another they take the sum of
    /// their times (at the key of the first that ends past the budget: the extension is stopped
    /// before it has it); all at once, the longest (at its key). An estimate that gives each
    /// parallel download the whole link, the side that warns least: the helper's own order is
    /// what the sum or the maximum models, not the link's sharing.
    static func timeBudget(_ entries: [AttachmentOutcome], order: ExtensionProfile.Order, profile: ExtensionProfile)
        -> Finding?
    {
        // A download the extension cancels at its headers (its own size cap) costs it no body time.
        let timed = entries.compactMap { entry in
            entry.media.map {
                (key: entry.key, bytes: entry.findingCodes.contains(.attachmentSizeCap) ? 0 : $0.download.bytes)
            }
        }
        let budget = Double(profile.device.timeBudgetSeconds)
        let rate = "\(profile.device.throughputBitsPerSecond / 1_000_000) Mbit/s"
        let fix = "send fewer or smaller media, or serve them from a CDN close to users"
        switch order {
        case .sequential:
            var elapsed = 0.0
            for (index, media) in timed.enumerated() {
                elapsed += downloadSeconds(media.bytes, profile)
                guard elapsed > budget else { continue }
                let total = timed.reduce(0) { $0 + $1.bytes }
                return Finding(
                    .attachmentDeviceTime, path: media.key,
                    message:
                        "the \(profile.name) extension downloads its \(timed.count) media one after another (order: sequential): at \(rate) the \(total / 1_048_576) MB take about \(shown(downloadSeconds(total, profile))) s, over the \(profile.device.timeBudgetSeconds) s it has; media \(index + 1), \(Quoting.bounded(media.key)), would end at about \(shown(elapsed)) s",
                    fix: fix)
            }
            return nil
        case .parallel:
            guard let longest = timed.max(by: { $0.bytes < $1.bytes }),
                downloadSeconds(longest.bytes, profile) > budget
            else { return nil }
            return Finding(
                .attachmentDeviceTime, path: longest.key,
                message:
                    "the \(profile.name) extension downloads its \(timed.count) media at once (order: parallel): the longest, \(Quoting.bounded(longest.key)), \(longest.bytes / 1_048_576) MB, takes about \(shown(downloadSeconds(longest.bytes, profile))) s at \(rate), over the \(profile.device.timeBudgetSeconds) s it has",
                fix: fix)
        }
    }

    /// `on_failure: drops-all`: one media without an attachment leaves none attached (Airship
    /// ios-library `AirshipNotificationMutationProvider.swift`, `mutations(for:)`: a
    /// `withThrowingTaskGroup` whose `load(attachment:)` throws on the first failed download,
    /// and `AirshipNotificationMutations.apply(to:)`, which `try`s each attachment).
    static func dropAll(_ judged: inout Attachments, profile: ExtensionProfile) {
        guard let failed = judged.entries.firstIndex(where: { !$0.attached }) else { return }
        let lost = judged.entries.filter(\.attached).count
        // Nothing else would have been attached: the failures' own findings tell it all.
        guard lost > 0 else { return }
        for index in judged.entries.indices { judged.entries[index].attached = false }
        let key = judged.entries[failed].key
        judged.entries[failed].findingCodes.append(.attachmentDroppedAll)
        judged.findings.append(
            Finding(
                .attachmentDroppedAll, path: key,
                message:
                    "the \(profile.name) extension attaches none of its \(judged.entries.count) media when one fails: \(Quoting.bounded(key)) is not attached (see its findings), so the \(lost) that would have been are dropped with it",
                fix: "fix or remove the media at \(Quoting.bounded(key)): with it, the push shows no media at all"))
    }

    /// Seconds to one decimal.
    private static func shown(_ seconds: Double) -> Double { (seconds * 10).rounded() / 10 }
}
