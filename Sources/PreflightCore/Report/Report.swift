/// What the payload rules learned besides findings, for the report's `payload` object.
///
/// Its optionals are spelled `Optional<...>`, and its properties have no defaults, as in the
/// other values a request makes: each is initialized once (docs/architecture.md, "Initialized
/// once, not assigned over").
public struct PayloadSummary: Sendable, Equatable {
    public var bytes: Int
    public var limit: Int
    public var pushType: String
    /// The media URL as the payload wrote it: its string node, made a `String` only when read.
    public var mediaURLText: Optional<DocumentText>
    public var mediaKey: Optional<String>
    /// The extension profile the push was judged for.
    public var profile: String {
        didSet { renderedProfile = RenderedProfile(members: nil) }
    }
    /// What that profile models (`GET /v1/profiles/NAME` has the whole entry); nil for a profile
    /// the configuration defines.
    public var profileSource: Optional<ExtensionProfile.Source> {
        didSet { renderedProfile = RenderedProfile(members: nil) }
    }
    /// What the push was judged as, from its push type and payload: which rule table applied.
    public var judgedAs: PushKind
    /// The report's members for the profile, rendered when the profile was made: set with
    /// `profile` and `profileSource` by `set(profile:)`, dropped when either is changed alone.
    private(set) var renderedProfile: RenderedProfile

    /// The media URL as a `String` (`mediaURLText`'s text).
    public var mediaURL: String? {
        get { mediaURLText?.string }
        set { mediaURLText = newValue.map(DocumentText.init) }
    }

    public init(
        bytes: Int, limit: Int, pushType: String, mediaURL: String? = nil, mediaKey: String? = nil,
        profile: String = "generic",
        profileSource: ExtensionProfile.Source? = nil, judgedAs: PushKind = .richAlert
    ) {
        self.bytes = bytes
        self.limit = limit
        self.pushType = pushType
        self.mediaURLText = mediaURL.map(DocumentText.init)
        self.mediaKey = mediaKey
        self.profile = profile
        self.profileSource = profileSource
        self.judgedAs = judgedAs
        self.renderedProfile = RenderedProfile(members: nil)
    }

    /// `profile` and `profileSource` set to `profile`'s, with its rendered report members.
    mutating func set(profile: ExtensionProfile) {
        let members = profile.reportMembers
        self.profile = members.name
        profileSource = members.source
        renderedProfile = RenderedProfile(members: members)
    }
}

/// The answer to "will this push show its media?": a verdict, the findings, what was seen.
public struct Report: Sendable {
    /// Findings kept of one code; the rest are only counted (`omittedFindings`). A payload
    /// with thousands of repeated or unknown keys would otherwise get an answer many times its
    /// size (uncapped, a 1 MB batch of them was answered with 21.5 MB).
    public static let findingsPerCode = 10

    public var findings: [Finding]
    /// Findings past `findingsPerCode`, counted by code (`findings_omitted` in the JSON).
    public var omittedFindings: [FindingCode: Int]
    public var payload: PayloadSummary
    /// Present when a download was attempted.
    public var media: MediaSummary? {
        get { mediaBox?.value }
        set { mediaBox = newValue.map(Boxed.init) }
    }
    /// Present when the attachment would succeed (for several media: the first one's, when it is attached).
    public var attachment: Optional<AttachmentPlan>
    /// One per media downloaded, in the extension's order (`attachments` in the JSON, written
    /// when not empty); `media` and `attachment` are the first's.
    public var attachments: [AttachmentOutcome]
    /// Present when the body was a provider's request (FCM, OneSignal, Airship, Braze).
    public var envelope: Envelope? {
        get { envelopeBox?.value }
        set { envelopeBox = newValue.map(Boxed.init) }
    }

    // The two large parts (about 620 and 270 bytes), absent from most reports, held by
    // reference: a report is copied a few times on its way out, and each copy of them inline
    // was a copy of 900 bytes and a walk of their fields.
    // Each initialized once, as `PayloadSummary`'s are.
    // The media's box is shared with the first attachment that has one (`show(_:)`).
    var mediaBox: Optional<Boxed<MediaSummary>>
    private var envelopeBox: Optional<Boxed<Envelope>>

    public init(
        findings: [Finding], payload: PayloadSummary, media: MediaSummary? = nil, attachment: AttachmentPlan? = nil
    ) {
        (self.findings, self.omittedFindings) = Self.capped(findings)
        self.payload = payload
        mediaBox = media.map(Boxed.init)
        self.attachment = attachment
        attachments = []
        envelopeBox = nil
    }

    /// A report of findings capped as they were made: their kept ones, and their counts.
    public init(
        collected: consuming Findings, payload: PayloadSummary, media: MediaSummary? = nil,
        attachment: AttachmentPlan? = nil, envelope: Envelope? = nil
    ) {
        self.findings = collected.kept
        self.omittedFindings = collected.omitted
        self.payload = payload
        mediaBox = media.map(Boxed.init)
        self.attachment = attachment
        attachments = []
        envelopeBox = envelope.map(Boxed.init)
    }

    public var verdict: Verdict { Verdict(findings: findings) }

    /// An empty report, to swap in where one is moved out of a value that is going away. Made
    /// each time, of constants: a copy of one kept in a `static let` walked each of its fields
    /// (about 290 instructions, once a request).
    public static var placeholder: Report {
        Report(findings: [], payload: PayloadSummary(bytes: 0, limit: 0, pushType: ""))
    }

    /// The first `findingsPerCode` findings of each code, in order, and the count of the rest.
    static func capped(_ findings: [Finding]) -> ([Finding], [FindingCode: Int]) {
        // No code can pass the cap with this few findings: nothing to count (the common case).
        if findings.count <= findingsPerCode { return (findings, [:]) }
        var seen: [FindingCode: Int] = [:]
        var kept: [Finding] = []
        var omitted: [FindingCode: Int] = [:]
        for finding in findings {
            let count = seen[finding.code, default: 0] + 1
            seen[finding.code] = count
            if count <= findingsPerCode {
                kept.append(finding)
            } else {
                omitted[finding.code, default: 0] += 1
            }
        }
        return (kept, omitted)
    }

    /// The report as DESIGN.md section 3 shows it.
    public var json: String { String(decoding: jsonBytes, as: UTF8.self) }

    /// The report's JSON as UTF-8 bytes.
    public var jsonBytes: [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(1024)
        writeJSON(into: &bytes)
        return bytes
    }

    /// Appends the report's JSON to `bytes`, in its storage: a server writes it into the buffer
    /// its connection kept from the last answer (`Responder.takeBodyBuffer`), so a report about
    /// that size needs no new one.
    public func writeJSON(into bytes: inout [UInt8]) {
        var writer = JSONWriter(appendingTo: &bytes)
        write(to: &writer)
        writer.finish(into: &bytes)
    }

    /// Writes the report's JSON over `bytes` (`JSONWriter(room:)`): a server's kept answer
    /// buffer, whose count and bytes are the last answer's, becomes this report's JSON alone.
    public func writeJSON(over bytes: inout [UInt8]) {
        var writer = JSONWriter(room: &bytes)
        write(to: &writer)
        writer.finish(into: &bytes)
    }

    /// Writes the report as a value of what `writer` is writing (a batch's list of reports: one
    /// writer for them all, its room made as the whole grows, not once a report).
    public func write(to writer: inout JSONWriter) {
        // The object, its verdict and its findings' list opened in one write.
        writer.begin(verdict.reportOpening)
        writeFindings(to: &writer)
        writer.endArray()
        writeMembersAfterFindings(to: &writer)
        writer.endObject()
    }

    /// The report's members after its findings: the omitted findings' counts, the payload's
    /// summary, the envelope, the media, the attachment plan and the attachments.
    private func writeMembersAfterFindings(to report: inout JSONWriter) {
        if !omittedFindings.isEmpty {
            report.key("findings_omitted")
            report.object { counts in
                for (code, count) in omittedFindings.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
                    counts.key(text: code.rawValue)
                    counts.value(count)
                }
            }
        }
        report.key("payload")
        writeSummary(to: &report)
        if let envelope {
            report.key("envelope")
            Self.write(envelope, to: &report)
        }
        // Read in its box, not copied out (`media` gives a copy: every string retained).
        var mediaText: Range<Int>?
        if let media = mediaBox {
            report.key("media")
            mediaText = report.value(marking: { Self.write(media.value, to: &$0) })
        }
        if let attachment {
            report.key("attachment")
            report.object { plan in
                plan.field("identifier", attachment.identifier)
                plan.field("kind", attachment.kind.rawValue)
                plan.field("uti", attachment.uti)
                plan.field("file_name", attachment.fileName)
                plan.field("type_hint", attachment.typeHint)
                plan.field("bytes", attachment.bytes)
                plan.field("limit", attachment.limit)
            }
        }
        if !attachments.isEmpty {
            report.key("attachments")
            writeAttachments(to: &report, media: mediaText)
        }
    }

    /// The payload's summary: in one write when its strings need no escape and its profile's
    /// members were rendered (`JSONWriter.summary`), else a member at a time.
    private func writeSummary(to writer: inout JSONWriter) {
        if let members = payload.renderedProfile.members,
            writer.summary(
                bytes: payload.bytes, limit: payload.limit, pushType: payload.pushType, judgedAs: payload.judgedAs,
                mediaURL: payload.mediaURLText, mediaKey: payload.mediaKey, members: members.json)
        {
            return
        }
        writer.object { summary in
            summary.field("bytes", payload.bytes)
            summary.field("limit", payload.limit)
            summary.field("push_type", payload.pushType)
            summary.field("judged_as", plain: payload.judgedAs.rawValue)
            summary.field("media_url", payload.mediaURLText)
            summary.field("media_key", payload.mediaKey)
            if let members = payload.renderedProfile.members {
                summary.members(members.json)
            } else {
                ProfileReportMembers.write(name: payload.profile, source: payload.profileSource, to: &summary)
            }
        }
    }

    /// The findings, the elements of the list the writer has open.
    private func writeFindings(to list: inout JSONWriter) {
        // Each finding read through its address: read from the array, its texts were
        // copied (their strings retained) for each one written, twice as many copies.
        findings.withUnsafeBufferPointer { found in
            guard let first = found.baseAddress else { return }
            for index in found.indices {
                let finding = first + index
                if list.finding(at: finding) { continue }
                list.object { item in
                    let code = finding.pointee.code
                    if code.isPlain {
                        item.field("code", plain: code.rawValue)
                    } else {
                        item.field("code", code.rawValue)
                    }
                    item.field("severity", plain: finding.pointee.severity.rawValue)
                    item.field("path", finding.pointee.path)
                    item.key("message")
                    // Read where they are stored (both are stored properties): handed
                    // `finding.pointee.messageText`, the writer was given a copy of the text.
                    item.string(at: finding.pointer(to: \.messageText)!)
                    item.key("fix")
                    item.string(at: finding.pointer(to: \.fixText)!)
                }
            }
        }
    }

    private static func write(_ envelope: Envelope, to writer: inout JSONWriter) {
        writer.object { object in
            object.field("format", envelope.format.rawValue)
            object.field("detected", envelope.detected)
            object.field("derived_payload", envelope.usable ? envelope.payloadText : nil)
            object.key("derived_headers")
            object.object { headers in
                let named = envelope.headers
                let fields: [(StaticString, String?)] = [
                    ("apns-push-type", named.pushType), ("apns-priority", named.priority), ("apns-topic", named.topic),
                    ("apns-expiration", named.expiration), ("apns-collapse-id", named.collapseID),
                ]
                for (name, value) in fields {
                    if let value { headers.field(name, value) }
                }
            }
            object.field("allowance_bytes", envelope.allowanceBytes)
        }
    }

    static func write(_ media: MediaSummary, to writer: inout JSONWriter) {
        let download = media.download
        writer.object { object in
            object.field("url", download.url)
            object.field("final_url", download.finalURL)
            object.key("http_status")
            if let status = download.httpStatus { object.value(status) } else { object.value(nil as String?) }
            object.field("redirects", download.redirects)
            object.field("content_type", download.contentType)
            object.field("sniffed_type", media.sniffed?.mimeType)
            object.field("bytes", download.bytes)
            object.field("sha256", download.sha256)
            object.field("cached", download.cached)
            object.field("primary_ip", download.primaryIP)
            object.key("timing_ms")
            object.object { timing in
                timing.field("dns", rounded(download.timing.dns))
                timing.field("connect", rounded(download.timing.connect))
                timing.field("tls", rounded(download.timing.tls))
                timing.field("first_byte", rounded(download.timing.firstByte))
                timing.field("total", rounded(download.timing.total))
            }
            if let image = media.image {
                object.key("image")
                object.object { header in
                    header.field("width", image.width)
                    header.field("height", image.height)
                    header.field("frames", image.frames)
                }
            }
            if let tls = download.tls {
                object.key("tls")
                object.object { facts in
                    facts.field("version", tls.version)
                    facts.field("cipher", tls.cipher)
                    facts.field("key_exchange", tls.keyExchange)
                    facts.field(
                        "certificate_key",
                        tls.certificateKeyType.map { type in tls.certificateKeyBits.map { "\(type) \($0)" } ?? type })
                    facts.field("signature", tls.signature)
                    if let chain = download.chains.last {
                        facts.key("chain")
                        writeChain(chain.parsed, to: &facts)
                    }
                }
            }
            if !download.ats.isEmpty {
                object.key("ats")
                HopATS.write(download.ats, to: &object)
            }
            if let movie = media.movie {
                if let video = movie.tracks.first(where: \.isVideo) {
                    object.key("video")
                    write(video, to: &object)
                }
                if let audio = movie.tracks.first(where: \.isAudio) {
                    object.key("audio")
                    write(audio, to: &object)
                }
            }
        }
    }

    /// A track: `codec`, `fourcc`, `profile`, then the video's level and size or the audio's format, and the duration.
    private static func write(_ track: MovieInfo.Track, to writer: inout JSONWriter) {
        writer.object { object in
            object.field("codec", track.codec)
            object.field("fourcc", track.fourcc)
            object.field("profile", track.profile)
            if track.isVideo {
                optional("level", track.level, &object)
                optional("width", track.width, &object)
                optional("height", track.height, &object)
            } else {
                optional("channels", track.channels, &object)
                optional("sample_rate", track.sampleRate, &object)
            }
            object.key("duration_s")
            if let duration = track.duration { object.value(rounded(duration)) } else { object.value(nil as String?) }
        }
    }

    private static func optional(_ name: StaticString, _ value: Int?, _ writer: inout JSONWriter) {
        writer.key(name)
        if let value { writer.value(value) } else { writer.value(nil as String?) }
    }

    private static func rounded(_ milliseconds: Double) -> Double {
        (milliseconds * 1000).rounded() / 1000
    }
}
