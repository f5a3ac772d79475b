/// One download as the media rules judge it, carried from step to step (`MediaRules.steps`):
/// what was given, and what the steps so far found and decided.
struct MediaJudgement {
    let download: DownloadOutcome
    let reference: MediaReference
    /// What the steps read of the configuration: the size limits, and when a download is slow
    /// (`fetch.slow_ms`). Not the whole configuration: copied into every judgement, its strings
    /// and tables were retained and released again, some hundred atomic operations a media.
    let limits: PreflightConfiguration.Limits
    let slowMs: Int
    let profile: ExtensionProfile
    /// The payload (a declared type is read from it).
    let root: JSONView?

    var summary: MediaSummary
    var findings: [Finding] = []
    /// Findings past `Report.findingsPerCode` that were counted, not made (one per track).
    var omitted: [FindingCode: Int] = [:]
    /// The sniffing and image header of the first bytes (`download.analyzed()`), once the
    /// download is known to have a body worth reading.
    var analysis = MediaAnalysis()
    /// The format the bytes are, as far as the steps so far tell (an MPEG-4 file's by its tracks).
    var sniffed: MediaFormat?
    /// An MPEG-4 body whose boxes cannot play at all.
    var containerBroken = false
    /// The image header does not parse.
    var corrupt = false
    /// What iOS would attach, once the bytes are a format it attaches.
    var attached: Attached?
    /// The attachment, set by the last step when it would succeed.
    var attachment: AttachmentPlan?

    /// The attachment as iOS types it: the kind of the file's name where the extension names it
    /// (a `.m4a` is audio), else the bytes'; and that kind's limits.
    struct Attached {
        var format: MediaFormat
        var named: NamedFile
        var kind: AttachmentKind
        /// The kind's limit in decimal megabytes, and read as binary ones.
        var limit: Int
        var binaryLimit: Int
    }

    init(
        download: DownloadOutcome, reference: MediaReference, configuration: PreflightConfiguration,
        profile: ExtensionProfile, root: JSONView?
    ) {
        self.download = download
        self.reference = reference
        self.limits = configuration.limits
        self.slowMs = configuration.fetch.slowMs
        self.profile = profile
        self.root = root
        self.summary = MediaSummary(download: download, sniffed: nil, image: nil)
    }

    /// The path every media finding points at: the payload key the URL was found under.
    var key: String { reference.key }
}
