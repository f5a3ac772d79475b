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

        /// The report without a download.
        public var report: Report { Report(findings: findings, payload: summary) }
    }

    public func inspect(body: [UInt8], headers: APNsHeaders) -> Inspection {
        var findings = HeaderRules.all.flatMap { $0(headers) }
        findings += PayloadRules.size(bytes: body.count, pushType: headers.pushType, configuration: configuration)
        var summary = PayloadSummary(
            bytes: body.count, limit: PayloadRules.limit(pushType: headers.pushType, configuration: configuration),
            pushType: headers.pushType ?? "alert", mediaURL: nil, mediaKey: nil)

        let (root, parseFindings) = PayloadRules.parse(body)
        findings += parseFindings
        guard let root else { return Inspection(findings: findings, summary: summary, media: nil) }

        let context = PayloadContext(root: root, pushType: headers.pushType ?? "alert")
        findings += PayloadRules.all.flatMap { $0(context) }
        let media = MediaURLRules.check(root, configuration: configuration)
        findings += media.findings
        summary.mediaURL = media.urlText
        summary.mediaKey = media.key
        return Inspection(findings: findings, summary: summary, media: media.reference)
    }
}
