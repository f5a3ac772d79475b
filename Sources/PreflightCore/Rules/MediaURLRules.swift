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
        /// The URL as written, for the report's `media_url`: the payload's string node.
        public var urlText: DocumentText?
        public var reference: MediaReference?
        /// The findings, from `check(_:profile:configuration:downloading:)`; empty from the form
        /// that appends them to the request's collector.
        public var findings: [Finding] = []
        /// A `*` stopped at `JSONPointer.maxCandidates` before finding a URL: one may lie past it.
        public var searchCut = false
        /// For an extension that attaches every value: each one its keys reach, the first
        /// included, up to `payload.max_media` (the ones to download); empty for the others.
        public var candidates: [MediaCandidate] = []

        /// The candidates, moved out (left empty).
        mutating func takeCandidates() -> [MediaCandidate] {
            var taken: [MediaCandidate] = []
            swap(&taken, &candidates)
            return taken
        }
    }

    /// Where a push's media URL is for the extension `profile` describes: the first value the
    /// profile's keys reach in this payload, in their order (a `*` in document order), with the
    /// concrete pointer to it (`null` counts as absent); whether a wildcard stopped at
    /// `JSONPointer.maxCandidates` before finding one; and the keys searched (the missing-URL
    /// finding names them). Looked up once a push: the push's kind reads it, and the URL rules
    /// judge what it found.
    struct Location {
        let found: (key: String, value: JSONView)?
        let cut: Bool
        let keys: [JSONPointer]
    }

    /// The `Location` of the media URL in `root` for `profile`.
    static func location(in root: JSONView, profile: ExtensionProfile) -> Location {
        profile.withMediaKeys(in: root) { keys in
            var cut = false
            for key in keys {
                guard key.hasWildcard else {
                    if let found = key.first(in: root) {
                        return Location(found: (found.pointer, found.value), cut: cut, keys: keys)
                    }
                    continue
                }
                let search = key.search(in: root, limit: 1, skippingNull: true)
                if let found = search.matches.first {
                    return Location(found: (found.pointer, found.value), cut: cut, keys: keys)
                }
                cut = cut || search.cut
            }
            return Location(found: nil, cut: cut, keys: keys)
        }
    }

    /// Runs every URL rule on the payload, for the extension `profile` describes, and gives the
    /// findings in the outcome (`check(_:profile:configuration:downloading:into:)` appends them).
    public static func check(
        _ root: JSONView, profile: ExtensionProfile, configuration: PreflightConfiguration, downloading: Bool = false
    ) -> Outcome {
        // Uncapped, as an array of them always was: the caller's collector caps them.
        var findings = Findings(perCode: .max)
        var outcome = check(
            root, profile: profile, configuration: configuration, downloading: downloading, into: &findings)
        outcome.findings = Array(findings)
        return outcome
    }

    /// Runs every URL rule on the payload, for the extension `profile` describes, appending what
    /// they find to `findings` (the request's one collector).
    ///
    /// - Parameter downloading: whether the media will be downloaded. Without a download, an
    ///   extension that names the file from the response can only be judged on the URL, so the
    ///   URL's extension is the advice given.
    public static func check(
        _ root: JSONView, profile: ExtensionProfile, configuration: PreflightConfiguration, downloading: Bool = false,
        into findings: inout Findings
    ) -> Outcome {
        check(
            root, at: location(in: root, profile: profile), profile: profile, configuration: configuration,
            downloading: downloading, into: &findings)
    }

    /// `check(_:profile:configuration:downloading:into:)` with the URL already looked up
    /// (`location(in:profile:)`, for the same profile).
    static func check(
        _ root: JSONView, at location: Location, profile: ExtensionProfile, configuration: PreflightConfiguration,
        downloading: Bool, into findings: inout Findings
    ) -> Outcome {
        if let refused = ShapeRules.check(root, profile: profile) {
            // The helper's own decoding fails before any download: nothing to fetch or name, and
            // the URL's own findings are not the story.
            var unreported = Findings()
            let found = find(
                root, at: location, profile: profile, configuration: configuration, downloading: downloading,
                into: &unreported)
            findings.append(refused)
            return Outcome(key: found.key, urlText: found.urlText, reference: nil)
        }
        var outcome = find(
            root, at: location, profile: profile, configuration: configuration, downloading: downloading,
            into: &findings)
        if profile.attachesEvery, let key = outcome.key {
            let later = laterAttachments(
                root, keys: location.keys, profile: profile, configuration: configuration, downloading: downloading,
                into: &findings)
            outcome.candidates = [MediaCandidate(key: key, reference: outcome.reference)] + later
        }
        profile.conditionFindings(in: root, mediaFound: outcome.key != nil, &findings)
        for required in profile.missingRequiredKeys(in: root) {
            findings.append(
                Finding(
                    .requiredKeyMissing, path: required.text,
                    message:
                        "\(required.text) is absent: the \(profile.name) extension attaches nothing without it",
                    fix: "add \(required.text) to the payload (see the profile's required_keys)"))
        }
        return outcome
    }

    /// The URL findings of every value the profile's keys (`keys`, those `location(in:profile:)`
    /// searched) reach after the first (`location`'s, judged already), for an extension that
    /// attaches them all, and the ones to download: up to `payload.max_media` in all, the first
    /// included. Past it each is judged on its text as
    /// without a download (the URL's extension is the advice), and one warning says how many
    /// were not downloaded: a push naming 50 media costs the service at most `max_media` downloads.
    private static func laterAttachments(
        _ root: JSONView, keys: [JSONPointer], profile: ExtensionProfile, configuration: PreflightConfiguration,
        downloading: Bool, into findings: inout Findings
    ) -> [MediaCandidate] {
        var candidates: [MediaCandidate] = []
        var pastCap: [String] = []
        let maxMedia = configuration.payload.maxMedia
        // The same walk as `location`: its first value that is not null is the one judged already
        // (skipped by position, not by pointer, so a repeated key's later copy is still judged).
        var seen = 0
        for key in keys {
            for (pointer, value) in key.resolve(in: root) where !value.isNull {
                seen += 1
                guard seen > 1 else { continue }
                let within = seen <= maxMedia
                let judged = judge(
                    key: pointer, value: value, root: root, profile: profile, configuration: configuration,
                    downloading: downloading && within, into: &findings)
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
        return candidates
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
        _ root: JSONView, at location: Location, profile: ExtensionProfile, configuration: PreflightConfiguration,
        downloading: Bool, into findings: inout Findings
    ) -> Outcome {
        guard let (key, value) = location.found else {
            findings.append(missingURL(keys: location.keys, cut: location.cut, profile: profile))
            var outcome = Outcome(key: nil, urlText: nil, reference: nil)
            outcome.searchCut = location.cut
            return consume outcome
        }
        return judge(
            key: key, value: value, root: root, profile: profile, configuration: configuration,
            downloading: downloading, into: &findings)
    }

    /// The error of a push with no media URL under any of the `keys` the extension reads; `cut`:
    /// a wildcard stopped at `JSONPointer.maxCandidates`.
    private static func missingURL(keys: [JSONPointer], cut: Bool, profile: ExtensionProfile) -> Finding {
        let cut = cut ? "; a * looks at the first \(JSONPointer.maxCandidates) members and elements only" : ""
        return Finding(
            .mediaURLMissing, path: nil,
            message:
                "no media URL where the \(profile.name) extension reads it (\(keys.map(\.text).joined(separator: ", ")))\(cut)",
            fix: "put the media URL at \(keys.first?.text ?? "/image"), or pick the profile of the app's extension")
    }

    /// The URL rules on the value at `key`, read as the document's bytes: the URL stays the
    /// document's string node (`DocumentText`) for the report's `media_url` and the download,
    /// made a `String` only where one is read.
    private static func judge(
        key: String, value: JSONView, root: JSONView, profile: ExtensionProfile,
        configuration: PreflightConfiguration, downloading: Bool, into findings: inout Findings
    ) -> Outcome {
        if let text = DocumentText(node: value) {
            return text.withUTF8 { bytes in
                judge(
                    bytes, text: text, key: key, root: root, profile: profile, configuration: configuration,
                    downloading: downloading, into: &findings)
            }
        }
        // The pointer holds the payload's own keys: quoted bounded in the messages.
        let shown = Quoting.bounded(key)
        findings.append(
            Finding(
                .mediaURLInvalid, path: key, message: "\(shown) is \(value.typeName), not a URL string",
                fix: "set \(shown) to the media's https URL as a string"))
        return Outcome(key: key, urlText: nil, reference: nil)
    }

    /// The URL rules on the string `text` at `key`, whose UTF-8 (escapes undone) is `bytes`.
    private static func judge(
        _ bytes: UnsafeBufferPointer<UInt8>, text: DocumentText, key: String, root: JSONView, profile: ExtensionProfile,
        configuration: PreflightConfiguration, downloading: Bool, into findings: inout Findings
    ) -> Outcome {
        if let found = TextRules.placeholder(in: bytes) {
            findings.append(
                Finding(
                    .alertTemplateUnresolved, path: key,
                    message:
                        "the media URL still holds the template placeholder \(Quoting.bounded(found)): personalisation failed",
                    fix: "fill the template before sending, or send the push without media"))
            return Outcome(key: key, urlText: text, reference: nil)
        }
        let maxLength = configuration.payload.maxURLBytes
        guard bytes.count <= maxLength else {
            // Not downloaded, and not kept: a URL this long cannot fit a push APNs accepts, and
            // a cache keyed by such URLs would spend its memory on keys.
            findings.append(
                Finding(
                    .mediaURLTooLong, path: key,
                    message:
                        "\(Quoting.bounded(key)) is \(bytes.count) bytes long, over the \(maxLength)-byte limit for a media URL",
                    fix: "shorten the URL (a path id instead of signed parameters); a push carries at most 4096 bytes"))
            return Outcome(key: key, urlText: nil, reference: nil)
        }
        let url: MediaURL
        do {
            url = try MediaURL.parse(bytes, text: text)
        } catch {
            let shown = Quoting.bounded(key)
            findings.append(
                Finding(
                    .mediaURLInvalid, path: key, message: "\(shown) is not a usable URL: \(error.reason)",
                    fix: "set \(shown) to an absolute https URL, percent-encoded, without credentials"))
            return Outcome(key: key, urlText: text, reference: nil)
        }
        transport(url, key: key, profile: profile, configuration: configuration, into: &findings)
        if AttachmentNaming.isURLNamed(profile.naming) {
            // The name comes from the URL alone: judged here, download or not.
            let named = AttachmentNaming.name(profile, url: url, download: nil, root: root)
            if let untyped = untypedFinding(named, profile, key: key) { findings.append(untyped) }
        } else if !downloading {
            // The one reference, read by the rules and then moved into the outcome.
            let reference = MediaReference(key: key, url: url)
            extensionFindings(reference, into: &findings)
            return Outcome(key: key, urlText: text, reference: reference)
        }
        // The reference made last, from the URL's last use: made first, the URL was copied into
        // it (its text's document retained) and the original destroyed after the rules read it.
        return Outcome(key: key, urlText: text, reference: MediaReference(key: key, url: url))
    }

    /// `media.url.insecure` for a plain `http://` URL the extension's App Transport Security blocks.
    private static func transport(
        _ url: MediaURL, key: String, profile: ExtensionProfile, configuration: PreflightConfiguration,
        into findings: inout Findings
    ) {
        guard url.scheme == "http" else { return }
        let ats = configuration.payload.appTransportSecurity(for: profile)
        let rules = ats.rules(forHost: url.host)
        guard !rules.allowsHTTP else { return }
        findings.append(
            Finding(
                .mediaURLInsecure, path: key,
                message:
                    "the media URL is plain http://; the extension's App Transport Security (\(rules.applied)) blocks the download on the device",
                fix:
                    "serve the media over https (or describe the extension's ATS exception in the profile's ats, or payload.allow_http_media for NSAllowsArbitraryLoads)"
            ))
    }
}
