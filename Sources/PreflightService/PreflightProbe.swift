public import PreflightCore
public import PreflightFetch

/// The whole check of one push: payload rules, then (when asked and possible) the media
/// download and the media rules. Shared by `POST /v1/preflight` and `preflight check`.
///
/// ```swift
/// let probe = PreflightProbe(configuration: config, media: fetcher)
/// probe.run(body: bytes, headers: APNsHeaders(pushType: "alert"), fetch: true) { report in ... }
/// ```
public struct PreflightProbe: Sendable {
    public let inspector: PayloadInspector
    /// Where downloads come from (the fetcher, or the cache in front of it); nil for none.
    public let media: (any MediaSource)?

    public init(configuration: PreflightConfiguration, media: (any MediaSource)?) {
        self.inspector = PayloadInspector(configuration: configuration)
        self.media = media
    }

    /// Checks the push; `completion` runs at once when nothing is downloaded, else on the fetch thread.
    public func run(
        body: [UInt8], headers: APNsHeaders, fetch: Bool, completion: @escaping @Sendable (Report) -> Void
    ) {
        let inspection = inspector.inspect(body: body, headers: headers)
        var report = inspection.report
        guard let media = inspection.media else { return completion(report) }
        guard fetch, let source = self.media else {
            report.findings.append(Self.notFetched(media, reason: fetch ? .disabled : .skipped))
            return completion(report)
        }
        let configuration = inspector.configuration
        let payloadReport = report
        source.fetch(media.url.text) { download in
            let judged = MediaRules.evaluate(download, reference: media, configuration: configuration)
            var report = payloadReport
            report.findings += judged.findings
            report.media = judged.summary
            report.attachment = judged.attachment
            completion(report)
        }
    }

    /// Why no download happened.
    public enum SkipReason: Sendable {
        /// The caller asked for none (`fetch=false`, `--no-fetch`).
        case skipped
        /// Downloads are turned off (`fetch.enabled: false`).
        case disabled
    }

    /// Says plainly that the media was not downloaded, and why.
    public static func notFetched(_ media: MediaReference, reason: SkipReason) -> Finding {
        let why =
            switch reason {
            case .skipped:
                "the download was skipped (fetch=false or --no-fetch), so only the payload and the URL were checked"
            case .disabled:
                "downloads are turned off (fetch.enabled: false), so only the payload and the URL were checked"
            }
        return Finding(
            .mediaNotFetched, path: media.key, message: why,
            fix: "none needed; the media's type and size are only checked when it is downloaded")
    }
}
