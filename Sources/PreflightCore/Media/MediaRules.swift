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
    /// declared type is read from it).
    public static func evaluate(
        _ download: DownloadOutcome, reference: MediaReference, configuration: PreflightConfiguration,
        profile: ExtensionProfile = .generic, root: JSONView? = nil
    ) -> Outcome {
        var summary = MediaSummary(download: download, sniffed: nil, image: nil)
        var findings: [Finding] = []
        let key = reference.key
        if download.redirects > 0, download.failure != .tooManyRedirects {
            findings.append(
                Finding(
                    .fetchRedirected, path: key,
                    message:
                        "the URL redirected \(download.redirects) time(s) to \(download.finalURL ?? "another URL"); each hop spends the extension's 30 s",
                    fix: "put the final URL in the payload"))
        }
        if let failure = download.failure {
            if case .tooLarge = failure {
            } else {
                findings.append(finding(for: failure, key: key, download: download))
                return Outcome(findings: findings, summary: summary, attachment: nil)
            }
        }
        if let status = download.httpStatus, !(200...299).contains(status) {
            findings.append(
                Finding(
                    .fetchHTTPStatus, path: key,
                    message: "the media URL answered HTTP \(status); the extension gets no media",
                    fix: "make the URL answer 200 with the file (check its path, permissions and expiry)"))
            return Outcome(findings: findings, summary: summary, attachment: nil)
        }
        if download.timing.total > Double(configuration.fetch.slowMs) {
            findings.append(
                Finding(
                    .fetchSlow, path: key,
                    message:
                        "the download took \(Int(exactly: download.timing.total.rounded(.down)) ?? 0) ms; the extension has about 30 s for everything",
                    fix: "serve the media from a CDN close to users, and make it smaller"))
        }
        if download.bytes == 0 {
            findings.append(
                Finding(
                    .mediaEmpty, path: key, message: "the media URL answered with an empty body",
                    fix: "make the URL serve the file's bytes"))
            return Outcome(findings: findings, summary: summary, attachment: nil)
        }
        if let encoding = download.contentEncoding, !encoding.isEmpty, encoding.lowercased() != "identity" {
            // Judged on the decoded bytes, as the device gets them. A warning, not info: Apple
            // documents no list of codings URLSession decodes (dotnet/macios#24924 observes gzip,
            // deflate, br and zstd), and a download task's file may keep the encoded bytes.
            findings.append(
                Finding(
                    .fetchContentEncoding, path: key,
                    message:
                        "the server compressed the body (Content-Encoding: \(encoding)); URLSession decodes it, so its type and size were checked on the \(download.bytes) decoded bytes",
                    fix: "serve media files without Content-Encoding (images and video are compressed already)"))
        }

        let analysis = download.analyzed()
        var sniffed = analysis.sniffed
        var containerBroken = false
        var omitted: [FindingCode: Int] = [:]
        if let format = sniffed, format == .mpeg4 || format == .mpeg4Audio, download.failure == nil {
            let container = containerFindings(download.movie, format: format, key: key)
            findings += container.findings
            containerBroken = container.broken
            if let movie = container.movie {
                summary.movie = movie
                // Kind by track, not by brand: only sound is audio, any picture is video.
                if movie.hasVideo {
                    sniffed = .mpeg4
                } else if movie.hasAudio {
                    sniffed = .mpeg4Audio
                }
                findings += MovieRules.findings(movie, key: key, omitted: &omitted)
            }
        }
        summary.sniffed = sniffed
        if profile.decodesImages, let format = sniffed, AttachmentNaming.decodableImages.contains(format) {
            // Decoded and written again as JPEG by the extension: what iOS attaches is a JPEG,
            // whatever the origin's type or name said.
            sniffed = .jpeg
        } else {
            findings += typeFindings(download, sniffed: sniffed, reference: reference)
        }
        guard let format = sniffed, let kind = format.kind, format.uti != nil else {
            return Outcome(findings: findings, summary: summary, attachment: nil, omitted: omitted)
        }

        // The kind iOS gives the attachment: the one of the file's name where the extension
        // names it (a `.m4a` is audio), else the bytes'.
        let named = AttachmentNaming.name(profile, url: reference.url, download: download, root: root)
        let attachedKind = named.uti.flatMap(MediaFormat.forUTI)?.kind ?? kind
        // A download stopped for size has always counted past the limit it was stopped at, which is
        // this kind's (or the larger cap used before the kind was known): `bytes` alone decides.
        let limit = attachedKind.limit(configuration.limits)
        let binaryLimit = attachedKind.binaryLimit(configuration.limits)
        let what = attachedKind.rawValue
        if download.bytes > binaryLimit {
            findings.append(
                Finding(
                    .mediaTooLarge, path: key,
                    message:
                        "the \(what) is \(download.bytes) bytes, over the \(what) attachment limit (\(limit / 1_000_000) MB, \(binaryLimit) bytes even read as binary megabytes)",
                    fix:
                        "shrink the \(what) below \(limit / 1_000_000) MB, \(limit) bytes (recompress, resize or shorten it)"
                ))
        } else if download.bytes > limit {
            findings.append(
                Finding(
                    .mediaSizeNearLimit, path: key,
                    message:
                        "the \(what) is \(download.bytes) bytes: over \(limit / 1_000_000) MB in decimal megabytes (\(limit)), under it in binary ones (\(binaryLimit)); Apple does not say which it means",
                    fix: "shrink the \(what) below \(limit) bytes to be safe either way"))
        }

        var corrupt = false
        if let image = analysis.image {
            switch image {
            case .header(let header):
                summary.image = header
                // Only an extension that decodes the image spends its own memory on the pixels.
                if profile.decodesImages, header.decodedBytes > configuration.limits.nseMemoryBytes {
                    findings.append(
                        Finding(
                            .mediaImageMemory, path: key,
                            message:
                                "the image is \(header.width) x \(header.height): decoding it takes \(header.decodedBytes / 1_048_576) MB, over the extension's \(configuration.limits.nseMemoryBytes / 1_048_576) MB",
                            fix: "resize the image (1024 x 1024 is plenty for a notification)"))
                }
            case .corrupt(let reason):
                corrupt = true
                findings.append(
                    Finding(
                        .mediaCorrupt, path: key, message: "the file starts like a \(format.name) but \(reason)",
                        fix: "re-export the image with a standard encoder"))
            case .unknown:
                break
            }
        }

        findings += deviceFindings(download, image: summary.image, profile: profile, key: key)
        if let root, !profile.missingRequiredKeys(in: root).isEmpty {
            // The extension stops before it downloads (media.url.required-key-missing says so).
            return Outcome(findings: findings, summary: summary, attachment: nil, omitted: omitted)
        }
        if !AttachmentNaming.isURLNamed(profile.naming) {
            // URL-named profiles were judged with the URL; the others only now, with the response.
            findings += MediaURLRules.untyped(named, profile, key: key)
        }
        guard download.failure == nil, !corrupt, !containerBroken, download.bytes <= binaryLimit,
            download.sha256 != nil, let attachedUTI = named.uti,
            !findings.contains(where: { unplayableCodes.contains($0.code) })
        else {
            return Outcome(findings: findings, summary: summary, attachment: nil, omitted: omitted)
        }
        let attachment = AttachmentPlan(
            identifier: key, kind: attachedKind, uti: attachedUTI, fileName: named.fileName,
            typeHint: named.typeHint, bytes: download.bytes, limit: limit)
        return Outcome(findings: findings, summary: summary, attachment: attachment, omitted: omitted)
    }

    /// Findings after which the extension attaches nothing iOS can use: no attachment plan.
    static let unplayableCodes: Set<FindingCode> = [
        .attachmentDeviceMemory, .mediaVideoCodecUnsupported, .mediaVideoProfileUnsupported,
        .mediaAudioCodecUnsupported,
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
        let seconds = Double(download.bytes) * 8 / Double(profile.device.throughputBitsPerSecond)
        if seconds > Double(profile.device.timeBudgetSeconds) {
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

    private static func typeFindings(_ download: DownloadOutcome, sniffed: MediaFormat?, reference: MediaReference)
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
        if let ext = reference.url.pathExtension, let named = MediaFormat.forExtension(ext), named.isSupported,
            named != format
        {
            findings.append(
                Finding(
                    .mediaURLExtensionMismatch, path: key,
                    message:
                        "the URL ends in .\(ext) but the bytes are \(format.name); an extension that names the file from the URL gives iOS the wrong type",
                    fix: "rename the file to .\(format.extensions[0]), or pass \(format.uti ?? "") as the type hint"))
        }
        return findings
    }

    private static func finding(for failure: DownloadOutcome.Failure, key: String, download: DownloadOutcome) -> Finding
    {
        switch failure {
        case .blocked(let address, let rule):
            return Finding(
                .fetchBlocked, path: key,
                message: "the download was refused before connecting: \(address) is \(rule)",
                fix:
                    "host the media on a public address (or open the range with egress.allow_cidrs / egress.allowed_ports)"
            )
        case .dns(let detail):
            return Finding(
                .fetchDNS, path: key, message: "the media host does not resolve: \(detail)",
                fix: "check the host name in the media URL")
        case .connect(let detail):
            return Finding(
                .fetchConnect, path: key, message: "no connection to the media host: \(detail)",
                fix: "check the host is up and reachable on that port from the public internet")
        case .tls(let detail):
            return Finding(
                .fetchTLS, path: key, message: "the TLS handshake failed: \(detail)",
                fix: "serve a valid certificate for this host name, signed by a public CA, with its full chain")
        case .timeout(let detail):
            return Finding(
                .fetchTimeout, path: key, message: "the download did not finish in time: \(detail)",
                fix: "serve the media faster and smaller: the extension has about 30 s in all")
        case .tooManyRedirects:
            return Finding(
                .fetchTooManyRedirects, path: key,
                message: "the URL redirected more than the limit allows (a loop, or a long chain)",
                fix: "put the final URL in the payload")
        case .truncated(let detail):
            return Finding(
                .fetchTruncated, path: key,
                message: "the body ended early after \(download.bytes) bytes: \(detail)",
                fix: "check the origin sends the whole file (Content-Length matching the bytes, no dropped connections)"
            )
        case .refused(let detail):
            return Finding(
                .fetchBlocked, path: key, message: "the download was refused: \(detail)",
                fix: "serve the media over https from a public host, without redirects to other schemes")
        case .ats(let detail):
            return Finding(
                .fetchATS, path: key,
                message: "App Transport Security refuses this download on the device: \(detail)",
                fix:
                    "serve every hop over https with TLS 1.2+ and an ECDHE AES suite (or TLS 1.3), and a certificate with an RSA 2048+ or P-256+ key signed with SHA-256+"
            )
        case .tooLarge(let limit):
            return Finding(
                .mediaTooLarge, path: key, message: "the download was stopped past \(limit) bytes",
                fix: "shrink the media below its kind's limit")
        case .other(let detail):
            return Finding(
                .fetchFailed, path: key, message: "the download failed: \(detail)",
                fix: "check the media URL opens in a browser")
        }
    }
}
