/// Runs every payload, header and media URL rule over one push.
///
/// ```swift
/// let inspector = PayloadInspector(configuration: PreflightConfiguration())
/// let inspection = inspector.inspect(body: Array(payload.utf8), headers: APNsHeaders(pushType: "alert"))
/// inspection.report.verdict  // .pass, .warn or .fail
/// ```
public struct PayloadInspector: Sendable {
    public var configuration: PreflightConfiguration

    public init(configuration: PreflightConfiguration) {
        self.configuration = configuration
    }

    /// The outcome of the rules: findings, the summary, and the media to download if any.
    public struct Inspection: Sendable {
        public var findings: [Finding]
        public var summary: PayloadSummary
        /// The media URL, when the payload names a usable one.
        public var media: MediaReference?
        /// The extension the push was judged for.
        public var profile: ExtensionProfile
        /// The parsed payload (a declared type is read from it after the download).
        public var root: JSONValue?

        /// The report without a download.
        public var report: Report { Report(findings: findings, payload: summary) }
    }

    /// Judges the push for `profile`'s extension; without one, the profile `apps` gives the
    /// push's `apns-topic`, else `default_profile`.
    ///
    /// - Parameter downloading: whether the media will be downloaded (see `MediaURLRules.check`).
    public func inspect(
        body: [UInt8], headers: APNsHeaders, profile: ExtensionProfile? = nil, downloading: Bool = false
    ) -> Inspection {
        let profile =
            profile ?? configuration.profile(named: nil, topic: headers.topic) ?? ExtensionProfile.generic
        var findings = HeaderRules.all.flatMap { $0(headers) }
        findings += PayloadRules.size(bytes: body.count, pushType: headers.pushType, configuration: configuration)
        var summary = PayloadSummary(
            bytes: body.count, limit: PayloadRules.limit(pushType: headers.pushType, configuration: configuration),
            pushType: headers.pushType ?? "alert", mediaURL: nil, mediaKey: nil, profile: profile.name)

        let (root, parseFindings) = PayloadRules.parse(body)
        findings += parseFindings
        guard let root else {
            return Inspection(findings: findings, summary: summary, media: nil, profile: profile, root: nil)
        }

        let context = PayloadContext(root: root, pushType: headers.pushType ?? "alert")
        findings += PayloadRules.all.flatMap { $0(context) }
        let media = MediaURLRules.check(
            root, profile: profile, configuration: configuration, downloading: downloading)
        findings += media.findings
        summary.mediaURL = media.urlText
        summary.mediaKey = media.key
        return Inspection(findings: findings, summary: summary, media: media.reference, profile: profile, root: root)
    }
}
