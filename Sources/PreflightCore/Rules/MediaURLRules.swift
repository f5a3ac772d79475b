/// Where the media URL was found in the payload.
public struct MediaReference: Sendable, Equatable {
    /// The JSON Pointer it came from (`/image`, `/att/id`).
    public var key: String
    public var url: MediaURL
    /// The format the URL's extension names, if Preflight knows it.
    public var extensionFormat: MediaFormat? { url.pathExtension.flatMap(MediaFormat.forExtension) }
}

/// The media URL rules: find it under the configured keys, then judge it as a URL.
public enum MediaURLRules {
    /// What the URL rules found: the raw string for the report, the parsed reference, findings.
    public struct Outcome: Sendable {
        public var key: String?
        public var urlText: String?
        public var reference: MediaReference?
        public var findings: [Finding]
        /// A `*` stopped at `JSONPointer.maxCandidates` before finding a URL: one may lie past it.
        public var searchCut = false
        /// For an extension that attaches every value: each one its keys reach, the first
        /// included, up to `payload.max_media` (the ones to download); empty for the others.
        public var candidates: [MediaCandidate] = []
    }

    /// The first value the pointers reach, in their order (a `*` in document order), with the
    /// concrete pointer to it; `null` counts as absent.
    public static func locate(in root: JSONView, keys: [JSONPointer]) -> (key: String, value: JSONView)? {
        locating(in: root, keys: keys).found
    }

    /// `locate`, and whether a wildcard stopped at `JSONPointer.maxCandidates` before finding one.
    private static func locating(
        in root: JSONView, keys: [JSONPointer]
    ) -> (found: (key: String, value: JSONView)?, cut: Bool) {
        var cut = false
        for key in keys {
            guard key.hasWildcard else {
                if let found = key.first(in: root) { return ((found.pointer, found.value), cut) }
                continue
            }
            let search = key.search(in: root, limit: 1, skippingNull: true)
            if let found = search.matches.first { return ((found.pointer, found.value), cut) }
            cut = cut || search.cut
        }
        return (nil, cut)
    }

    /// Runs every URL rule on the payload, for the extension `profile` describes.
    ///
    /// - Parameter downloading: whether the media will be downloaded. Without a download, an
    ///   extension that names the file from the response can only be judged on the URL, so the
    ///   URL's extension is the advice given.
    public static func check(
        _ root: JSONView, profile: ExtensionProfile, configuration: PreflightConfiguration, downloading: Bool = false
    ) -> Outcome {
        var outcome = find(root, profile: profile, configuration: configuration, downloading: downloading)
        if let refused = ShapeRules.check(root, profile: profile) {
            // The helper's own decoding fails before any download: nothing to fetch or name.
            return Outcome(key: outcome.key, urlText: outcome.urlText, reference: nil, findings: [refused])
        }
        if profile.attachesEvery, let key = outcome.key {
            let later = laterAttachments(
                root, profile: profile, configuration: configuration, downloading: downloading)
            outcome.findings += later.findings
            outcome.candidates = [MediaCandidate(key: key, reference: outcome.reference)] + later.candidates
        }
        outcome.findings += profile.conditionFindings(in: root, mediaFound: outcome.key != nil)
        for required in profile.missingRequiredKeys(in: root) {
            outcome.findings.append(
                Finding(
                    .requiredKeyMissing, path: required.text,
                    message:
                        "\(required.text) is absent: the \(profile.name) extension attaches nothing without it",
                    fix: "add \(required.text) to the payload (see the profile's required_keys)"))
        }
        return outcome
    }

    /// The URL findings of every value the profile's keys reach after the first (`locate`'s,
    /// judged already), for an extension that attaches them all, and the ones to download: up
    /// to `payload.max_media` in all, the first included. Past it each is judged on its text as
    /// without a download (the URL's extension is the advice), and one warning says how many
    /// were not downloaded: a push naming 50 media costs the service at most `max_media` downloads.
    private static func laterAttachments(
        _ root: JSONView, profile: ExtensionProfile, configuration: PreflightConfiguration, downloading: Bool
    ) -> (findings: [Finding], candidates: [MediaCandidate]) {
        var findings: [Finding] = []
        var candidates: [MediaCandidate] = []
        var pastCap: [String] = []
        let maxMedia = configuration.payload.maxMedia
        // The same walk as `locate`: its first value that is not null is the one judged already
        // (skipped by position, not by pointer, so a repeated key's later copy is still judged).
        var seen = 0
        for key in profile.mediaKeys(in: root) {
            for (pointer, value) in key.resolve(in: root) where !value.isNull {
                seen += 1
                guard seen > 1 else { continue }
                let within = seen <= maxMedia
                let judged = judge(
                    key: pointer, value: value, root: root, profile: profile, configuration: configuration,
                    downloading: downloading && within)
                findings += judged.findings
                if within {
                    candidates.append(MediaCandidate(key: pointer, reference: judged.reference))
                } else {
                    pastCap.append(pointer)
                }
            }
        }
        if let first = pastCap.first {
            findings.append(notDownloaded(first: first, count: pastCap.count, total: seen, profile: profile, maxMedia))
        }
        return (findings, candidates)
    }

    /// The warning for the media past `payload.max_media`, which the extension still downloads.
    private static func notDownloaded(
        first: String, count: Int, total: Int, profile: ExtensionProfile, _ maxMedia: Int
    ) -> Finding {
        Finding(
            .mediaAttachmentsNotDownloaded, path: first,
            message:
                "the push names \(total) media and the \(profile.name) extension downloads and attaches every one; Preflight downloaded the first \(maxMedia) (payload.max_media): the other \(count), from \(Quoting.bounded(first)) on, were judged on their URL only",
            fix:
                "send fewer media (each one spends the extension's 30 s and memory), or raise payload.max_media to check them all"
        )
    }

    private static func find(
        _ root: JSONView, profile: ExtensionProfile, configuration: PreflightConfiguration, downloading: Bool
    ) -> Outcome {
        let keys = profile.mediaKeys(in: root)
        let located = locating(in: root, keys: keys)
        guard let (key, value) = located.found else {
            let cut =
                located.cut ? "; a * looks at the first \(JSONPointer.maxCandidates) members and elements only" : ""
            var outcome = Outcome(
                key: nil, urlText: nil, reference: nil,
                findings: [
                    Finding(
                        .mediaURLMissing, path: nil,
                        message:
                            "no media URL where the \(profile.name) extension reads it (\(keys.map(\.text).joined(separator: ", ")))\(cut)",
                        fix:
                            "put the media URL at \(keys.first?.text ?? "/image"), or pick the profile of the app's extension"
                    )
                ])
            outcome.searchCut = located.cut
            return outcome
        }
        return judge(
            key: key, value: value, root: root, profile: profile, configuration: configuration,
            downloading: downloading)
    }

    /// The URL rules on the value at `key`.
    private static func judge(
        key: String, value: JSONView, root: JSONView, profile: ExtensionProfile,
        configuration: PreflightConfiguration, downloading: Bool
    ) -> Outcome {
        // The pointer holds the payload's own keys: quoted bounded in the messages.
        let shown = Quoting.bounded(key)
        guard let text = value.string else {
            return Outcome(
                key: key, urlText: nil, reference: nil,
                findings: [
                    Finding(
                        .mediaURLInvalid, path: key, message: "\(shown) is \(value.typeName), not a URL string",
                        fix: "set \(shown) to the media's https URL as a string")
                ])
        }
        if let found = TextRules.placeholder(in: text) {
            return Outcome(
                key: key, urlText: text, reference: nil,
                findings: [
                    Finding(
                        .alertTemplateUnresolved, path: key,
                        message:
                            "the media URL still holds the template placeholder \(Quoting.bounded(found)): personalisation failed",
                        fix: "fill the template before sending, or send the push without media")
                ])
        }
        let length = text.utf8.count
        let maxLength = configuration.payload.maxURLBytes
        guard length <= maxLength else {
            // Not downloaded, and not kept: a URL this long cannot fit a push APNs accepts, and
            // a cache keyed by such URLs would spend its memory on keys.
            return Outcome(
                key: key, urlText: nil, reference: nil,
                findings: [
                    Finding(
                        .mediaURLTooLong, path: key,
                        message: "\(shown) is \(length) bytes long, over the \(maxLength)-byte limit for a media URL",
                        fix:
                            "shorten the URL (a path id instead of signed parameters); a push carries at most 4096 bytes"
                    )
                ])
        }
        let url: MediaURL
        do {
            url = try MediaURL.parse(text)
        } catch {
            return Outcome(
                key: key, urlText: text, reference: nil,
                findings: [
                    Finding(
                        .mediaURLInvalid, path: key, message: "\(shown) is not a usable URL: \(error.reason)",
                        fix: "set \(shown) to an absolute https URL, percent-encoded, without credentials")
                ])
        }
        let reference = MediaReference(key: key, url: url)
        var findings: [Finding] = []
        let ats = configuration.payload.appTransportSecurity(for: profile)
        if url.scheme == "http", !ats.rules(forHost: url.host).allowsHTTP {
            findings.append(
                Finding(
                    .mediaURLInsecure, path: key,
                    message:
                        "the media URL is plain http://; the extension's App Transport Security (\(ats.rules(forHost: url.host).applied)) blocks the download on the device",
                    fix:
                        "serve the media over https (or describe the extension's ATS exception in the profile's ats, or payload.allow_http_media for NSAllowsArbitraryLoads)"
                )
            )
        }
        if AttachmentNaming.isURLNamed(profile.naming) {
            // The name comes from the URL alone: judged here, download or not.
            findings += untyped(AttachmentNaming.name(profile, url: url, download: nil, root: root), profile, key: key)
        } else if !downloading {
            findings += extensionFindings(reference)
        }
        return Outcome(key: key, urlText: text, reference: reference, findings: findings)
    }

    /// `attachment.untyped` when the file the extension writes has no type iOS attaches.
    /// `attachment.type-unlisted` when it is typed as a kind of a listed type (`.m4v`).
    public static func untyped(_ named: NamedFile, _ profile: ExtensionProfile, key: String) -> [Finding] {
        if let uti = named.uti {
            return conformingType(named, uti: uti, profile, key: key).map { [$0] } ?? []
        }
        let ext = named.pathExtension.map { ".\($0)" } ?? "no extension"
        let hint =
            named.typeHint.map { "with the type hint \"\(Quoting.bounded($0))\", which is no attachment UTI" }
            ?? "with no type hint"
        // OneSignal writes no file at all when it finds no extension it accepts.
        let what =
            profile.naming == .mime && named.pathExtension == nil
            ? "the \(profile.name) extension finds no extension it accepts (filename parameter, MIME type, URL, query) and skips the media"
            : "the \(profile.name) extension writes the file as \"\(named.fileName)\" (\(ext)) \(hint): \(untypedReason(named.pathExtension))"
        return [
            Finding(
                .attachmentUntyped, path: key,
                message: what,
                fix: named.pathExtension.flatMap(convertFix) ?? named.pathExtension.flatMap(unlistedFix)
                    ?? untypedFix(profile.naming))
        ]
    }

    /// Extensions of formats iOS attaches under no name (Apple, UNNotificationAttachment's
    /// supported types): renaming cannot help, the file itself must change.
    static let unattachableExtensions: Set<String> = [
        "webp", "heic", "heif", "avif", "svg", "tif", "tiff", "bmp", "ico", "webm", "mkv", "ogg", "oga", "opus", "flac",
    ]

    private static func convertFix(_ ext: String) -> String? {
        guard unattachableExtensions.contains(ext.lowercased()) else { return nil }
        return
            "convert the file to a type iOS attaches (JPEG, PNG or GIF; MP4; M4A, MP3 or WAV) and serve it under that extension: iOS attaches no .\(Quoting.bounded(ext)) file, whatever its name"
    }

    private static func untypedFix(_ naming: ExtensionProfile.Naming) -> String {
        switch naming {
        case .urlString:
            "end the URL with the extension and nothing after it (no query or fragment): https://cdn.example.com/sale.jpg"
        case .urlPath: "end the URL path with the type's extension (.jpg, .png, .mp4)"
        case .response, .responseImageSubtype:
            "serve a Content-Disposition filename or a last path component with a supported extension, or a Content-Type of an attachment type"
        case .mime:
            "serve the media with a Content-Type OneSignal maps (image/jpeg, image/png, image/gif, audio/mpeg, audio/x-wav, audio/aiff, video/mp4, video/mpeg), or add ?filename=name.jpg"
        case .sniffed: "serve JPEG, PNG, GIF, MP3, M4A, WAV, AIFF, MP4, MPEG or AVI with its Content-Type"
        case .declared:
            "declare image, video or audio in the type key (any other value needs a Content-Type of image/jpeg, image/png or image/gif)"
        case .declaredSuffix: "declare the file's extension in the type key (jpg, png, gif, mp4, m4a, mp3, wav, aif)"
        case .reencodeJPEG: "send an image: this extension re-encodes images as JPEG and attaches nothing else"
        case .fixedJPG: "serve a JPEG: this extension names every file .jpg"
        case .declaredSuffixDefault:
            "declare the file's extension in the type key (jpg, png, gif, mp4, m4a, mp3, wav, aif), or leave it out for the default"
        case .typeHint:
            "put the UTI in the type key (public.jpeg, public.png, com.compuserve.gif, public.mpeg-4), not a MIME type"
        case .urlExtShortElseJPG: "serve a JPEG, or end the URL with .png, .gif or .mp4 and nothing after it"
        case .contentTypeElseURL:
            "serve the media with the Content-Type of an attachment type, or end the URL path with its extension"
        }
    }

    static func extensionFindings(_ reference: MediaReference) -> [Finding] {
        guard let ext = reference.url.pathExtension else {
            return [
                Finding(
                    .mediaURLNoExtension, path: reference.key,
                    message:
                        "the URL path has no file extension; an extension that names the file from the URL cannot tell its type",
                    fix:
                        "end the URL path with the type's extension (.jpg, .png, .mp4), or pass UNNotificationAttachmentOptionsTypeHintKey"
                )
            ]
        }
        // Typed as iOS types a file name (`AttachmentNaming.utiForExtension`), not by the formats
        // Preflight sniffs: `.mov` holds MPEG-4 bytes but is `com.apple.quicktime-movie`, no listed type.
        if let uti = AttachmentNaming.utiForExtension[ext.lowercased()] {
            return conformingType(url: reference, ext: ext, uti: uti).map { [$0] } ?? []
        }
        let typed = AttachmentNaming.unlistedTypes[ext.lowercased()].map { " (iOS types it \($0))" } ?? ""
        return [
            Finding(
                .mediaURLExtensionUnsupported, path: reference.key,
                message:
                    "the URL's extension .\(ext)\(typed) names no type iOS attaches (images: jpg, png, gif; audio: mp3, m4a, wav, aiff; video: mp4, mpg, avi)",
                fix:
                    "serve the media as JPEG, PNG, GIF, MP3, M4A, WAV, AIFF, MP4, MPEG or AVI with a matching extension"
            )
        ]
    }
}
