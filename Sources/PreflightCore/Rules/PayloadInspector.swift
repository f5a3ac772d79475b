/// Runs every payload, header and media URL rule over one push.
///
/// ```swift
/// let inspector = PayloadInspector(configuration: PreflightConfiguration())
/// let inspection = inspector.inspect(body: Array(payload.utf8), headers: APNsHeaders(pushType: "alert"))
/// inspection.report.verdict  // .pass, .warn or .fail
/// ```
public struct PayloadInspector: Sendable {
    public let configuration: PreflightConfiguration
    /// The configuration's `default_profile`, looked up once: a push that names no profile and
    /// no app's topic is judged for it, and a lookup hashed its name on every push.
    private let defaultProfile: Optional<ExtensionProfile>

    public init(configuration: PreflightConfiguration) {
        self.configuration = configuration
        self.defaultProfile = configuration.profile(named: nil, topic: nil)
    }

    /// The profile of a push that names none: as `PreflightConfiguration.profile(named: nil,
    /// topic:)` gives it (the app's for its topic, else the default), generic when there is none.
    private func profile(forTopic topic: String?) -> ExtensionProfile {
        if let topic, configuration.apps[topic] != nil {
            return configuration.profile(named: nil, topic: topic) ?? .generic
        }
        return defaultProfile ?? .generic
    }

    /// The outcome of the rules: findings, the summary, and the media to download if any.
    public struct Inspection: Sendable {
        /// Capped as they were made (`Report.findingsPerCode` of each code, the rest counted).
        // Each property initialized once, as `PayloadSummary`'s are.
        public var findings: Findings
        public var summary: PayloadSummary
        /// The media URL, when the payload names a usable one.
        public var media: Optional<MediaReference>
        /// The extension the push was judged for.
        public var profile: ExtensionProfile
        /// The parsed payload, with its document (a declared type is read from it after the download).
        public let payload: Optional<HeldView>
        public var root: JSONView? { payload?.view }
        /// The provider's request the payload was derived from, when the body was one.
        public var envelope: Envelope? {
            get { envelopeBox?.value }
            set { envelopeBox = newValue.map(Boxed.init) }
        }
        /// Held by reference, as in `Report`: about 270 bytes, absent from most pushes.
        private var envelopeBox: Optional<Boxed<Envelope>>
        /// For an extension that attaches every value its keys reach: each one to download, the
        /// first included (`MediaURLRules.Outcome.candidates`); empty for the others.
        public var candidates: [MediaCandidate]

        init(
            findings: Findings, summary: PayloadSummary, media: MediaReference?, profile: ExtensionProfile,
            payload: HeldView?, candidates: [MediaCandidate] = []
        ) {
            self.findings = findings
            self.summary = summary
            self.media = media
            self.profile = profile
            self.payload = payload
            self.candidates = candidates
            envelopeBox = nil
        }

        /// The report without a download.
        public var report: Report { Report(collected: findings, payload: summary, envelope: envelope) }

        /// The report without a download, its findings and summary taken from the inspection
        /// (left empty): the report owns the array, so a finding added to it goes into the
        /// array's spare room.
        public mutating func takeReport() -> Report {
            var taken = Findings()
            swap(&taken, &findings)
            var summary = PayloadSummary(bytes: 0, limit: 0, pushType: "")
            swap(&summary, &self.summary)
            // Made whole and returned: a report assigned to after it was made was copied again.
            // `consume`: passed as is, the swapped-in local was copied (loaded twice, one load
            // retained and the other released).
            return Report(collected: consume taken, payload: consume summary, envelope: envelope)
        }
    }

    /// Judges the push for `profile`'s extension (the one the request names). A provider's
    /// request body (`format`, or the shape `EnvelopeFormat.detect` sees when nil) is judged as
    /// the APNs payload the provider derives from it. Without a named profile: the one `apps`
    /// gives the push's `apns-topic`, else the provider's preset, else `default_profile`.
    ///
    /// - Parameter downloading: whether the media will be downloaded (see `MediaURLRules.check`).
    ///   - expectMedia: the push must carry media: a push with neither a media URL nor
    ///     `mutable-content` keeps its errors instead of being a plain push (`media.none`).
    ///   - kept: where an APNs payload's findings go (a server's kept array, `Findings(reusing:)`).
    public func inspect(
        body: [UInt8], headers: APNsHeaders, profile: ExtensionProfile? = nil, format: EnvelopeFormat? = nil,
        downloading: Bool = false, expectMedia: Bool = false, parsed given: ParsedPayload? = nil,
        findings kept: consuming Findings = Findings()
    ) -> Inspection {
        // Parsed once: an APNs payload (the common case) goes on to the rules with this document. A
        // caller that has the document of `body` already (a batch item: its part of the batch's
        // document) passes it as `given`, and may leave `body` empty: its bytes are counted
        // (`byteCount`), and written out only for a provider that sends them as they are (Azure).
        // A given document is judged where it is: bound to a second name (`whole`), it was copied
        // through its type's metadata, its parts retained, on every batch item. `whole` is held to
        // the end: the views below read its document, and a view does not hold it.
        let (whole, judged) = given.map { (whole: nil, judged: PayloadRules.judged($0)) } ?? PayloadRules.read(body)
        defer { withExtendedLifetime(whole) {} }
        var parsed = judged
        let byteCount = given?.byteCount ?? body.count
        // An array is no APNs payload, but it may be an Expo request (refused whole past 100 messages).
        if parsed.0 == nil, let array = whole ?? given,
            let messages = ExpoEnvelope.messageRoot(array.root, format: format)
        {
            parsed.1.removeAll(code: .payloadNotObject)
            parsed.0 = HeldView(messages, of: array.document)
        }
        guard format != .apns, let root = parsed.0?.view,
            let chosen = format ?? EnvelopeFormat.detect(root, headers: headers),
            var envelope = Envelope.derive(
                chosen, from: root.value, headers: headers, body: body.isEmpty ? given?.bytes ?? [] : body)
        else {
            let profile = profile ?? self.profile(forTopic: headers.topic)
            return inspectPayload(
                byteCount: byteCount, payload: parsed.0.take(), parseFindings: parsed.1, headers: headers,
                profile: profile, downloading: downloading,
                expectMedia: expectMedia, into: consume kept)
        }
        envelope.detected = format == nil
        var findings = parsed.1
        if envelope.detected {
            // An Azure body is an APNs payload: only its format header shows it.
            let found = chosen == .azure ? "its ServiceBusNotification-Format header" : "its shape"
            findings.append(
                Finding(
                    .envelopeDetected, path: chosen.topKey,
                    message:
                        "the body is \(chosen.requestName) (found by \(found)); the APNs payload \(chosen.providerName) builds from it was judged",
                    fix: "none needed; send ?format=\(chosen.rawValue) (or Preflight-Format) to say so"))
        }
        findings += envelope.findings
        let judgedProfile =
            profile ?? configuration.appProfile(topic: envelope.headers.topic)
            ?? configuration.profiles[chosen.presetProfile] ?? .generic
        guard envelope.usable else {
            var inspection = Inspection(
                findings: findings,
                summary: PayloadSummary(
                    bytes: byteCount,
                    limit: HeaderRules.limit(envelope.headers, configuration: configuration),
                    pushType: envelope.headers.pushType ?? "alert", mediaURL: nil, mediaKey: nil,
                    profile: judgedProfile.name,
                    judgedAs: PushKind.judge(headers: envelope.headers, expectMedia: expectMedia)),
                media: nil, profile: judgedProfile, payload: nil)
            inspection.summary.set(profile: judgedProfile)
            inspection.envelope = envelope
            return inspection
        }
        var inspection = inspectPayload(
            byteCount: envelope.payload.count,
            payload: envelope.document.map(HeldView.init(root:)), parseFindings: envelope.payloadFindings,
            headers: envelope.headers,
            profile: judgedProfile, downloading: downloading, expectMedia: expectMedia)
        envelopeFindings(&inspection, envelope: envelope, expectMedia: expectMedia)
        findings += inspection.findings
        // The envelope's misplaced flags (at the body's paths) are graded on the derived payload's media.
        MisplacedKeyRules.grade(
            &findings, hasMedia: inspection.summary.mediaURLText != nil || expectMedia,
            aps: envelope.document?.root["aps"])
        inspection.findings = findings
        inspection.envelope = envelope
        return inspection
    }

    /// The derived payload's findings read beside the envelope's: what the envelope already said
    /// is dropped, a provider's own `mutable-content` without a URL is a plain push, and the
    /// bytes the provider adds may take the payload past its limit.
    private func envelopeFindings(_ inspection: inout Inspection, envelope: Envelope, expectMedia: Bool) {
        var superseded = envelope.superseded
        // The envelope's own findings said it already: its image is not forwarded (so "no media"
        // is not the story), or its push type contradicts the alert it carries.
        if superseded.contains(.mediaURLMissing) { superseded.insert(.mediaNone) }
        if envelope.findings.contains(where: { $0.code == .envelopeHeaderContradicts }) {
            superseded.insert(.kindAlertInBackground)
        }
        inspection.findings.removeAll(codes: superseded)
        if envelope.mutableOnEveryPush, !expectMedia, inspection.media == nil,
            inspection.findings.contains(.mediaURLMissing)
        {
            // The provider's own mutable-content, not the sender's: without a URL it is a plain push.
            inspection.findings.removeAll(code: .mediaURLMissing)
            inspection.findings.append(
                Finding(
                    .mediaNone, path: nil,
                    message:
                        "a plain push: no media URL; \(envelope.format.providerName) sets mutable-content on every push, so the extension runs with nothing to download",
                    fix: "none needed; send expect=media (or Preflight-Expect: media) if this push must carry media"))
        }
        let bytes = envelope.payload.count
        let limit = inspection.summary.limit
        if bytes <= limit, bytes + envelope.allowanceBytes > limit {
            inspection.findings.append(
                Finding(
                    .envelopeSizeNearLimit, path: nil,
                    message:
                        "the derived payload is \(bytes) bytes; with the about \(envelope.allowanceBytes) bytes \(envelope.format.providerName) adds it may pass APNs's \(limit)",
                    fix: "shorten the text or the custom data by \(bytes + envelope.allowanceBytes - limit) bytes"))
        }
    }

    /// The rules over one APNs payload of `byteCount` bytes (`payload` and `parseFindings` as
    /// `PayloadRules.read` gives them) and its headers. The payload and the profile are taken
    /// (`consuming`): moved into the inspection, not copied (each copy of the payload retained its
    /// document).
    private func inspectPayload(
        byteCount: Int, payload: consuming HeldView?, parseFindings: consuming Findings, headers: APNsHeaders,
        profile: consuming ExtensionProfile,
        downloading: Bool, expectMedia: Bool, into kept: consuming Findings = Findings()
    ) -> Inspection {
        // One collector for every rule family's findings: each rule appends to it as it finds.
        // Moved, not copied: a copy would leave the array shared, and the first append would copy it.
        var findings = consume kept
        HeaderRules.apply(headers, &findings)
        let limit = HeaderRules.limit(headers, configuration: configuration)
        PayloadRules.size(
            bytes: byteCount, limit: limit,
            pushes: headers.channelID != nil ? "broadcast" : headers.pushType ?? "alert", &findings)
        var summary = PayloadSummary(
            bytes: byteCount, limit: limit,
            pushType: headers.pushType ?? "alert", mediaURL: nil, mediaKey: nil, profile: profile.name,
            judgedAs: PushKind.judge(headers: headers, expectMedia: expectMedia))
        summary.set(profile: profile)

        findings += parseFindings
        guard let payload else {
            return Inspection(findings: findings, summary: summary, media: nil, profile: profile, payload: nil)
        }
        let root = payload.view

        let context = PayloadContext(root: root, pushType: headers.pushType ?? "alert")
        // Looked up once: the push's kind, the misplaced keys and the URL rules read it.
        let location = MediaURLRules.location(in: root, profile: profile)
        let mediaFound = location.found != nil
        let kind = PushKind.judge(
            pushType: headers.pushType, mutable: context.mutableContent != nil, mediaFound: mediaFound,
            expectMedia: expectMedia, broadcast: headers.channelID != nil)
        summary.judgedAs = kind
        guard kind == .richAlert else {
            let kindContext = PushKindContext(headers: headers, payload: context, kind: kind, expectMedia: expectMedia)
            PushKindRules.apply(kindContext, &findings)
            HeaderRules.broadcastEvent(root, headers: headers, &findings)
            MisplacedKeyRules.check(root, hasMedia: expectMedia || mediaFound, aps: context.aps, &findings)
            if kind == .alert {
                findings.append(
                    Finding(
                        .mediaNone, path: nil,
                        message: "a plain push: no media URL and no mutable-content, so there is no media to check",
                        fix: "none needed; send expect=media (or Preflight-Expect: media) if this push must carry media"
                    ))
            }
            return Inspection(findings: findings, summary: summary, media: nil, profile: profile, payload: payload)
        }
        PayloadRules.apply(context, &findings)
        HeaderRules.broadcastEvent(root, headers: headers, &findings)
        var media = MediaURLRules.check(
            root, at: location, profile: profile, configuration: configuration, downloading: downloading,
            into: &findings)
        let hasURL = media.urlText != nil
        MisplacedKeyRules.check(root, hasMedia: hasURL || expectMedia, aps: context.aps, &findings)
        if hasURL { findings.removeAll(code: .alertBodyEmptyWithTitle) }
        if !expectMedia, !hasURL { judgeNoMedia(root, searchCut: media.searchCut, &findings) }
        // Taken out of the outcome: a copy of a `MediaReference?` went through its metadata.
        summary.mediaURLText = media.urlText.take()
        summary.mediaKey = media.key.take()
        // Made whole and returned: an inspection assigned after it was made was copied once more.
        return Inspection(
            findings: consume findings, summary: summary, media: media.reference.take(),
            profile: consume profile, payload: consume payload, candidates: media.takeCandidates())
    }

    /// A push with mutable-content and no media URL where its extension reads one (and none was
    /// asked for): the extension runs and may decrypt, log or fetch content itself, so there is
    /// nothing to download. A URL under another extension's key (or past a wildcard's reach,
    /// `searchCut`) is media in the wrong place: its error stays. Searched only here, where it
    /// decides something: a push with its URL found needs no search.
    private func judgeNoMedia(_ root: JSONView, searchCut: Bool, _ findings: inout Findings) {
        let invalid = findings.contains(.mutableContentInvalid)
        guard invalid || findings.contains(.mediaURLMissing) else { return }
        let elsewhere =
            searchCut
            || MediaURLRules.location(in: root, profile: .generic).found != nil
        guard !elsewhere else { return }
        findings.removeAll(code: .mediaURLMissing)
        // With an invalid mutable-content the extension never runs: that is the story, not the media.
        guard !invalid else { return }
        findings.append(
            Finding(
                .mediaNone, path: nil,
                message:
                    "mutable-content and no media URL: the Notification Service Extension runs, with no media to check",
                fix: "none needed if the extension does its own work; send expect=media if this push must carry media"
            ))
    }
}
