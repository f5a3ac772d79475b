public import PreflightCore
public import PreflightFetch

/// The whole check of one push: payload rules, then (when asked and possible) the media
/// download and the media rules. Shared by `POST /v1/preflight` and `preflight check`.
///
/// ```swift
/// let check = PreflightCheck(configuration: config, media: fetcher)
/// check.run(body: bytes, headers: APNsHeaders(pushType: "alert"), fetch: true) { report in ... }
/// ```
///
/// A class, made once and shared: as a struct held by the endpoints, each request's call was
/// made on a copy of it (the SIL's `copy_addr` into a temporary: its configuration's references
/// retained and released, about 400 instructions).
public final class PreflightCheck: Sendable {
    public let inspector: PayloadInspector
    /// Where downloads come from (the fetcher, or the cache in front of it); nil for none.
    public let media: (any MediaSource)?

    /// The transport policy of the ATS every push runs under when its profile sets none, and of
    /// each configured profile's own: made once, not for every download (its cache key is a
    /// line spelled from the whole ATS, and its closures two heap blocks).
    private let transports: Transports

    public init(configuration: PreflightConfiguration, media: (any MediaSource)?) {
        self.inspector = PayloadInspector(configuration: configuration)
        self.media = media
        self.transports = Transports(configuration: configuration)
    }

    /// The fetcher for `configuration`: its download settings, its egress policy, a body policy
    /// from the media rules (keep 64 KiB for sniffing; cap by the kind the first bytes show; walk
    /// MP4 boxes for the `moov`), and App Transport Security as its transport policy.
    public static func makeFetcher(configuration: PreflightConfiguration) throws(ConfigurationError) -> MediaFetcher {
        let limits = configuration.limits
        let body = BodyPolicy(
            keepBytes: 64 * 1024, initialLimit: MediaRules.largestLimit(limits), decideAfter: 64,
            scanner: { admit in BoxScanner(moovLimit: MediaRules.moovLimit, admit: admit) }
        ) { prefix in MediaRules.limit(forPrefix: prefix, limits: limits) }
        return try MediaFetcher(
            settings: configuration.fetch, egress: configuration.egress, body: body,
            transport: .appTransportSecurity(configuration.payload.appTransportSecurity(for: nil)))
    }

    /// Checks the push (`profile` is the one the request names, `format` the envelope it names;
    /// see `PayloadInspector.inspect`); `completion` runs at once when nothing is downloaded, else on the
    /// thread that finished the download. It gets the pieces; `CheckOutcome.report()` runs the
    /// media rules, wherever the caller wants that work done (the HTTP endpoints: on the
    /// connection's own worker, not the download's thread).
    public func run(
        body: [UInt8], headers: APNsHeaders, fetch: Bool, profile: ExtensionProfile? = nil,
        format: EnvelopeFormat? = nil, expectMedia: Bool = false, parsed: ParsedPayload? = nil,
        completion: @escaping @Sendable (CheckOutcome) -> Void
    ) {
        let step = begin(
            body: body, headers: headers, fetch: fetch, profile: profile, format: format, expectMedia: expectMedia,
            parsed: parsed)
        switch step {
        case .finished(let outcome): completion(outcome)
        case .downloading(let downloads): downloads.start(completion: completion)
        }
    }

    /// The payload rules of `run`, and what comes next: the outcome when nothing is downloaded,
    /// else the downloads to start. A caller that answers a payload-only check at once makes no
    /// closure for it (`POST /v1/preflight`: a closure's captures are a heap block a request).
    /// `findings` is where the payload's findings go: a server passes the array of its last report.
    ///
    /// ```swift
    /// switch check.begin(body: bytes, headers: headers, fetch: true) {
    /// case .finished(let outcome): answer(outcome)
    /// case .downloading(let downloads): downloads.start { outcome in answer(outcome) }
    /// }
    /// ```
    public func begin(
        body: [UInt8], headers: APNsHeaders, fetch: Bool, profile: ExtensionProfile? = nil,
        format: EnvelopeFormat? = nil, expectMedia: Bool = false, parsed: ParsedPayload? = nil,
        findings: consuming Findings = Findings()
    ) -> CheckStep {
        var inspection = inspector.inspect(
            body: body, headers: headers, profile: profile, format: format, downloading: fetch && self.media != nil,
            expectMedia: expectMedia, parsed: parsed, findings: consume findings)
        // The report takes the findings from the inspection, so a finding it adds
        // (`media.not-fetched`) goes into the array's spare room, not into a copy.
        var report = inspection.takeReport()
        // One media, or for an extension that attaches every value each one up to payload.max_media.
        let every = inspection.profile.attachesEvery
        // Taken, not copied: the inspection's media is not read again.
        guard let first = every ? inspection.candidates.lazy.compactMap(\.reference).first : inspection.media.take()
        else {
            return .finished(CheckOutcome(payloadReport: report))
        }
        guard fetch, let source = self.media else {
            report.append(Self.notFetched(first, reason: fetch ? .disabled : .skipped))
            return .finished(CheckOutcome(payloadReport: report))
        }
        // Built only for a download: a payload-only check allocates no list of candidates.
        let candidates = every ? inspection.candidates : [MediaCandidate(key: first.key, reference: first)]
        return .downloading(
            PendingDownloads(
                candidates: candidates, source: source, accept: inspection.profile.accept,
                transport: transports.policy(for: inspection.profile), payloadReport: report, check: self,
                profile: inspection.profile, payload: inspection.payload))
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
        // Literals as `FindingText`: kept as pieces, not made `String`s (every payload-only check of
        // a push with media reports this).
        let why: FindingText =
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

/// The transport policies a check's downloads run under, made when the check is.
private struct Transports: Sendable {
    /// For a profile that sets no ATS: `allow_http_media`'s shorthand or none.
    let standard: TransportPolicy
    /// Each configured profile's own ATS and its policy, by the profile's name.
    let own: [String: (ats: AppTransportSecurity, policy: TransportPolicy)]

    init(configuration: PreflightConfiguration) {
        standard = .appTransportSecurity(configuration.payload.appTransportSecurity(for: nil))
        var own: [String: (ats: AppTransportSecurity, policy: TransportPolicy)] = [:]
        for (name, profile) in configuration.profiles {
            if let ats = profile.ats { own[name] = (ats, .appTransportSecurity(ats)) }
        }
        self.own = own
    }

    /// The policy for `profile`'s extension: its own ATS's (made now for a profile the
    /// configuration does not hold as it is), else the standard one.
    func policy(for profile: ExtensionProfile) -> TransportPolicy {
        guard let ats = profile.ats else { return standard }
        if let known = own[profile.name], known.ats == ats { return known.policy }
        return .appTransportSecurity(ats)
    }
}
