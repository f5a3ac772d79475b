/// One media of the push as the extension handles it: the report's `attachments` hold one per
/// media downloaded (and per value whose URL could not be), in the order the extension reads them.
public struct AttachmentOutcome: Sendable, Equatable {
    /// The JSON Pointer the URL came from: the path of its findings, the attachment's identifier.
    public var key: String
    /// The download as the media rules saw it; nil when the value was no usable URL.
    public var media: MediaSummary? {
        get { mediaBox?.value }
        set { mediaBox = newValue.map(Boxed.init) }
    }
    /// The file the extension writes, once the bytes are a format it attaches.
    public var named: NamedFile?
    /// The attachment the extension builds from this media, whatever the others did.
    public var plan: AttachmentPlan?
    /// Whether the user gets it: a plan, and the profile's failure rule leaves it attached.
    public var attached: Bool
    /// The codes of its findings (the URL's and the download's), in the order they were made.
    public var findingCodes: [FindingCode]

    /// `media` held by reference, as `Report` holds its own: an outcome is copied on its way into
    /// the report, and the report's `media` is the first outcome's box, shared (`Report.show`), so
    /// the JSON writes it once and copies its text for the entry (`Report.writeAttachments`).
    private(set) var mediaBox: Optional<Boxed<MediaSummary>>

    public init(
        key: String, media: MediaSummary? = nil, named: NamedFile? = nil, plan: AttachmentPlan? = nil,
        findingCodes: [FindingCode] = []
    ) {
        self.key = key
        self.mediaBox = media.map(Boxed.init)
        self.named = named
        self.plan = plan
        self.attached = plan != nil
        self.findingCodes = findingCodes
    }

    public static func == (lhs: AttachmentOutcome, rhs: AttachmentOutcome) -> Bool {
        lhs.key == rhs.key && lhs.media == rhs.media && lhs.named == rhs.named && lhs.plan == rhs.plan
            && lhs.attached == rhs.attached && lhs.findingCodes == rhs.findingCodes
    }
}
