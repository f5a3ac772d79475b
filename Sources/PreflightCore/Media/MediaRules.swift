/// What the media rules saw, for the report's `media` object.
public struct MediaSummary: Sendable, Equatable {
    public var download: DownloadOutcome
    public var sniffed: MediaFormat?
    public var image: ImageHeader?
    /// An MP4/MOV/M4A's tracks, from its `moov` box.
    public var movie: MovieInfo?

    public init(download: DownloadOutcome, sniffed: MediaFormat? = nil, image: ImageHeader? = nil) {
        self.download = download
        self.sniffed = sniffed
        self.image = image
    }
}

/// The media rules: judge a finished download as the extension and `UNNotificationAttachment` would.
public enum MediaRules {
    /// What the rules concluded.
    public struct Outcome: Sendable {
        public var findings: [Finding]
        public var summary: MediaSummary
        /// The attachment, present only when it would succeed.
        public var attachment: AttachmentPlan?
        /// Findings past `Report.findingsPerCode` that were counted, not made (one per track).
        public var omitted: [FindingCode: Int] = [:]
        /// The file the extension writes, once the bytes are a format it attaches.
        public var named: NamedFile?
    }

    /// The most bytes of an MP4's `moov` box kept while the body streams: 8 MiB holds the index
    /// of hours of video; past it `media.container.moov-too-large` says so.
    public static let moovLimit = 8 << 20

    /// The format the download's first bytes show, used to pick the size limit while streaming.
    /// (The binary reading of the limit, so a body in the near-limit band is read whole; an
    /// MPEG-4 file may turn out audio or video by its tracks: it gets the larger cap.)
    public static func limit(forPrefix prefix: [UInt8], limits: PreflightConfiguration.Limits) -> Int? {
        guard let format = MediaSniffer.sniff(prefix), let kind = format.kind else { return nil }
        if format == .mpeg4 || format == .mpeg4Audio { return largestLimit(limits) }
        return kind.binaryLimit(limits)
    }

    /// The largest limit of any kind (binary reading): the cap before the type is known.
    public static func largestLimit(_ limits: PreflightConfiguration.Limits) -> Int {
        AttachmentKind.allCases.map { $0.binaryLimit(limits) }.max() ?? limits.videoBytes
    }

    /// Judges the download as `profile`'s extension will handle it. `root` is the payload (a
    /// declared type is read from it). The steps run in order (`steps`) until one stops.
    ///
    /// ```swift
    /// let judged = MediaRules.evaluate(download, reference: media, configuration: config, profile: .generic)
    /// judged.findings    // media.*, attachment.*
    /// judged.attachment  // present when the extension would attach it
    /// ```
    public static func evaluate(
        _ download: DownloadOutcome, reference: MediaReference, configuration: PreflightConfiguration,
        profile: ExtensionProfile = .generic, root: JSONView? = nil
    ) -> Outcome {
        var judgement = MediaJudgement(
            download: download, reference: reference, configuration: configuration, profile: profile, root: root)
        for step in steps where step.run(&judgement) == .stop { break }
        return Outcome(
            findings: judgement.findings, summary: judgement.summary, attachment: judgement.attachment,
            omitted: judgement.omitted, named: judgement.attached?.named)
    }

    /// Findings after which the extension attaches nothing iOS can use: no attachment plan. A
    /// `media.fetch.ats` on a download that completed here is a trust rule the device's
    /// connection fails on (`trust`): it gets no bytes to attach.
    static let unplayableCodes: Set<FindingCode> = [
        .attachmentDeviceMemory, .mediaVideoCodecUnsupported, .mediaVideoProfileUnsupported,
        .mediaVideoLevelUnsupported, .mediaAudioCodecUnsupported, .fetchATS,
    ]

    /// What the box walk found in an MPEG-4 body: the findings, the tracks when the `moov` box
    /// was read, and whether the file cannot play at all.
    static func containerFindings(_ scan: MovieScan?, format: MediaFormat, key: String)
        -> (findings: [Finding], movie: MovieInfo?, broken: Bool)
    {
        switch scan {
        case .movie(let movie)?:
            return ([], movie, false)
        case .noMoov?:
            return (
                [
                    Finding(
                        .mediaContainerNoMoov, path: key,
                        message:
                            "the \(format.name) file ended without its moov box (the index of its tracks): no player can open it; it was cut, or is still being written",
                        fix:
                            "upload the complete file; writing the index first helps players: ffmpeg -i in.mp4 -c copy -movflags +faststart out.mp4"
                    )
                ], nil, true
            )
        case .moovTooLarge(let bytes)?:
            return (
                [
                    Finding(
                        .mediaContainerMoovTooLarge, path: key,
                        message:
                            "the moov box is \(bytes) bytes, over the \(moovLimit) Preflight reads: its codecs were not checked, and a player fetches all of it before the first frame",
                        fix:
                            "send a shorter clip; ffmpeg -i in.mp4 -c copy -movflags +faststart out.mp4 at least puts the index first"
                    )
                ], nil, false
            )
        case .moovNotKept(let bytes)?:
            let size = bytes.map { "the \($0)-byte moov box" } ?? "the moov box"
            return (
                [
                    Finding(
                        .mediaContainerNotChecked, path: key,
                        message:
                            "\(size) was not kept: other downloads held all the moov bytes Preflight keeps at once (fetch.moov_budget_bytes), so the tracks and codecs were not checked",
                        fix:
                            "check again when the service is less busy; an operator can raise fetch.moov_budget_bytes")
                ], nil, false
            )
        case .malformed(let offset)?:
            return (
                [
                    Finding(
                        .mediaCorrupt, path: key,
                        message: "the \(format.name) file's box structure breaks at byte \(offset)",
                        fix: "re-export the file: ffmpeg -i in.mp4 -c copy out.mp4")
                ], nil, true
            )
        case .unreadable?:
            return (
                [
                    Finding(
                        .mediaCorrupt, path: key, message: "the \(format.name) file's moov box does not parse",
                        fix: "re-export the file: ffmpeg -i in.mp4 -c copy out.mp4")
                ], nil, true
            )
        case .notContainer?, nil:
            return ([], nil, false)
        }
    }

    /// What the device's limits make of the download: memory for a body kept in memory or an
    /// image decoded, time at the profile's throughput.
    static func deviceFindings(
        _ download: DownloadOutcome, image: ImageHeader?, profile: ExtensionProfile, key: String
    ) -> [Finding] {
        var findings: [Finding] = []
        let memory = profile.device.memoryBytes
        if profile.download == .memory, download.bytes > memory {
            findings.append(
                Finding(
                    .attachmentDeviceMemory, path: key,
                    message:
                        "the \(profile.name) extension downloads into memory: \(download.bytes / 1_048_576) MB is over its \(memory / 1_048_576) MB, and iOS ends the extension",
                    fix: "send a smaller file (under \(memory / 1_048_576) MB), or download to disk in the extension"))
        } else if profile.decodesImages, let image, image.decodedBytes > memory {
            findings.append(
                Finding(
                    .attachmentDeviceMemory, path: key,
                    message:
                        "the \(profile.name) extension decodes the \(image.width) x \(image.height) image: \(image.decodedBytes / 1_048_576) MB of pixels, over its \(memory / 1_048_576) MB",
                    fix: "resize the image (1024 x 1024 is plenty for a notification)"))
        }
        // An extension that attaches several media spends its time on all of them: judged
        // together, in their order (`MediaRules.timeBudget`).
        let seconds = downloadSeconds(download.bytes, profile)
        if !profile.attachesEvery, seconds > Double(profile.device.timeBudgetSeconds) {
            let shown = (seconds * 10).rounded() / 10
            findings.append(
                Finding(
                    .attachmentDeviceTime, path: key,
                    message:
                        "at \(profile.device.throughputBitsPerSecond / 1_000_000) Mbit/s the \(download.bytes / 1_048_576) MB take about \(shown) s, over the \(profile.device.timeBudgetSeconds) s the extension has",
                    fix: "make the media smaller, or serve it from a CDN close to users"))
        }
        return findings
    }

    static func typeFindings(_ download: DownloadOutcome, sniffed: MediaFormat?, reference: MediaReference)
        -> [Finding]
    {
        let key = reference.key
        var findings: [Finding] = []
        guard let format = sniffed, format.isSupported else {
            let what = sniffed.map { "\($0.name) (\($0.mimeType))" } ?? "not a format Preflight recognises"
            findings.append(
                Finding(
                    .mediaTypeUnsupported, path: key,
                    message:
                        "the bytes are \(what); iOS attaches only JPEG, PNG, GIF, MP3, MPEG-4 audio, WAV, AIFF, MPEG, MPEG-2, MPEG-4 and AVI",
                    fix: sniffed == .html || sniffed == .json || sniffed == .text
                        ? "the URL serves a page or an error, not the file: check it answers with the media itself"
                        : "convert the media to JPEG or PNG (images), M4A or MP3 (audio), MP4 (video)"))
            return findings
        }
        // Formats sharing a MIME type (MPEG-1 and MPEG-2 video) agree with either.
        if let contentType = download.contentType, let declared = MediaFormat.forContentType(contentType),
            declared != format, declared.mimeType != format.mimeType
        {
            findings.append(
                Finding(
                    .mediaTypeMismatch, path: key,
                    message:
                        "the server says Content-Type: \(contentType) but the bytes are \(format.name) (\(format.mimeType))",
                    fix: "serve the file with Content-Type: \(format.mimeType)"))
        }
        // AIFF-C bytes under an AIFF name: `attachment.type-unlisted` says it (`aifcBytes`).
        if let ext = reference.url.pathExtension, let named = MediaFormat.forExtension(ext), named.isSupported,
            named != format, !(format == .aifc && named == .aiff)
        {
            // An AIFF-C file renamed is typed by no listed type (`.aifc`) or another one: it must change.
            let fix =
                format == .aifc
                ? "convert the file to AIFF (`sox in.aifc out.aiff`), WAV or M4A and name it so"
                : "rename the file to .\(format.extensions[0]), or pass \(format.uti ?? "") as the type hint"
            findings.append(
                Finding(
                    .mediaURLExtensionMismatch, path: key,
                    message:
                        "the URL ends in .\(ext) but the bytes are \(format.name); an extension that names the file from the URL gives iOS the wrong type",
                    fix: fix))
        }
        return findings
    }
}
