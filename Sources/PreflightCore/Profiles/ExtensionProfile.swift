/// One app's Notification Service Extension, as far as the verdict depends on it: where it
/// reads the media URL, what must be in the payload for it to act, how it names the downloaded
/// file (the name's extension types the attachment when no type hint is given: Apple,
/// `UNNotificationAttachmentOptionsTypeHintKey`), and whether the body goes to disk or memory.
///
/// ```swift
/// let profile = ExtensionProfile.presets["firebase"]!
/// profile.mediaKeys  // [/fcm_options/image]
/// ```
public struct ExtensionProfile: Sendable, Equatable {
    /// How the extension names the file it attaches.
    public enum Naming: String, Sendable, CaseIterable {
        /// Text after the last `.` of the last `/`-segment of the whole URL string, query and
        /// fragment included (seeds 000-002: `componentsSeparatedByString:@"."`,
        /// `(absoluteString as NSString).pathExtension`).
        case urlString = "url-string"
        /// The last path component, percent-decoded, query dropped (seed 004: `url.lastPathComponent`).
        case urlPath = "url-path"
        /// `URLResponse.suggestedFilename`: the Content-Disposition file name, else the last path
        /// component, with the MIME type's extension added when the name has none.
        case response
        /// `response`, and when the name still has no extension, `.` and the subtype of an
        /// `image/` Content-Type (Firebase's and Notifee's `fileExtensionForResponse:`); the value
        /// at `typeKey`, when there is one, passed as the type hint (Notifee's `typeHint`).
        case responseImageSubtype = "response-image-subtype"
        /// A `filename` query parameter, else the Content-Type, else the URL's extension (OneSignal).
        case mime
        /// The URL's last path component, with a type hint from the Content-Type or the bytes
        /// when it has no supported extension (Airship).
        case sniffed
        /// The extension the value at `typeKey` declares (CleverTap's `ct_mediaType`), else the
        /// response's MIME type's.
        case declared
        /// A dot and the value at `typeKey`, as written (Braze: `fileSuffix = ".\(type)"`).
        case declaredSuffix = "declared-suffix"
        /// The image is decoded and written again as JPEG (seed 003): any image iOS decodes
        /// works; audio and video do not.
        case reencodeJPEG = "reencode-jpeg"
        /// The download's temporary file name and `.jpg`, whatever was downloaded (Expo's
        /// example extension: `temporaryFileLocation.lastPathComponent + ".jpg"`).
        case fixedJPG = "fixed-jpg"
        /// A dot and the value at `typeKey` as written; the profile's `defaultType` when the value
        /// is absent or not a string (Klaviyo: `userInfo["rich-media-type"] as? String ?? fallbackMediaType`).
        case declaredSuffixDefault = "declared-suffix-default"
        /// The download's temporary file as it is, no extension; the value at `typeKey` passed as
        /// the type hint (Batch: `UNNotificationAttachmentOptionsTypeHintKey: attachment.type`).
        case typeHint = "type-hint"
        /// The whole URL string's `pathExtension`, kept only when the dot and it are 2 to 4
        /// characters, else `.jpg` (WebEngage's `fetchAttachment`).
        case urlExtShortElseJPG = "url-ext-short-else-jpg"
        /// The extension of the Content-Type when it is an attachment type, else the URL path's
        /// (MoEngage's changelog, 8.01.10; its helper is a closed binary).
        case contentTypeElseURL = "content-type-else-url"
    }

    /// Where the body goes while it downloads.
    public enum Download: String, Sendable {
        /// A download task writes it to a file.
        case disk
        /// A data task keeps it all in the extension's memory.
        case memory
    }

    /// What the device gives the extension.
    public struct Device: Sendable, Equatable {
        /// Memory the extension may use (a body in memory, or a decoded image). Default 24 MiB.
        public var memoryBytes = 25_165_824
        /// Time the download may take, of Apple's "about 30 seconds". Default 25.
        public var timeBudgetSeconds = 25
        /// The link the estimate assumes. Default 5,000,000 (a modest cellular link).
        public var throughputBitsPerSecond = 5_000_000

        public init() {}
    }

    /// How many of the values the media keys reach the extension attaches, and what one failure does.
    public enum Attachments: Sendable, Equatable {
        /// Only the first value found (the usual helper).
        case first
        /// Every value found, downloaded in `order`; `onFailure` says what one failed media does.
        case every(order: Order, onFailure: FailureRule)
    }

    /// How a helper that attaches several media downloads them.
    public enum Order: String, Sendable, CaseIterable {
        /// One after another: the time budget is the sum of the downloads (OneSignal).
        case sequential
        /// All at once: the time budget is the longest download (Airship's task group).
        case parallel
    }

    /// What one failed media does to the others.
    public enum FailureRule: String, Sendable, CaseIterable {
        /// That media is left out; the others are attached.
        case dropsThatOne = "drops-that-one"
        /// None is attached (Airship: its task group throws on the first failure).
        case dropsAll = "drops-all"
    }

    /// What a preset models and where that was read: shown in the profiles table, listed by
    /// `GET /v1/profiles`, and named in the report. A profile from the configuration file has none.
    public struct Source: Sendable, Equatable {
        /// The SDK and version (or the page) modelled: `OneSignal-iOS-SDK 5.6.1`.
        public var models: String
        /// The file and function (or the documentation page) the behaviour is read from.
        public var citation: String
        /// What could not be read from source, and the side taken; nil when everything was read.
        public var unverified: String?

        public init(models: String, citation: String, unverified: String? = nil) {
            self.models = models
            self.citation = citation
            self.unverified = unverified
        }
    }

    /// The fields, in a box the copies of a profile share until one of them is changed: a
    /// profile is handed to every check (copied from a preset, the configuration's default or a
    /// batch's request), and a copy of the fields themselves (some 230 bytes, a dozen arrays and
    /// strings) was a `memcpy` and a dozen retains, and as many releases, each time.
    private var box: Box

    private struct Fields: Equatable, Sendable {
        var name: String
        var mediaKeys: [JSONPointer]
        var requiredKeys: [JSONPointer] = []
        var naming: Naming
        var typeKey: JSONPointer?
        var download: Download
        var device: Device = Device()
        var attachments: Attachments = Attachments.first
        var accept: String?
        var ats: AppTransportSecurity?
        var source: Source?
        var requiredValues: [RequiredValue] = []
        var defaultType: String?
        var downloadsInLowDataMode: Bool = true
        var keyRules: [KeyRule] = []
        var maxContentLength: Int?
        var shapeCheck: ShapeRules.Check = ShapeRules.Check.none
    }

    /// Never changed once made: a profile that changes a field gets a box of its own
    /// (`write`). Profiles change only as they are made (a preset, the configuration file), so
    /// the box needs no uniqueness check, and its fields, constant, are read where they are.
    private final class Box: Sendable {
        let fields: Fields
        /// What a report writes for the profile, rendered from the name and the source.
        let reportMembers: ProfileReportMembers

        /// `rendered`: the members of the box this one replaces, kept when the name and the
        /// source are the same (a profile is made one field at a time: rendered again only
        /// when a field the members show changes).
        init(_ fields: Fields, rendered: ProfileReportMembers? = nil) {
            self.fields = fields
            if let rendered, rendered.name == fields.name, rendered.source == fields.source {
                reportMembers = rendered
            } else {
                reportMembers = ProfileReportMembers(name: fields.name, source: fields.source)
            }
        }
    }

    /// The members a report writes for this profile, rendered when it was made.
    var reportMembers: ProfileReportMembers { box.reportMembers }

    /// Changes one field, in a new box.
    private mutating func write(_ change: (inout Fields) -> Void) {
        var fields = box.fields
        change(&fields)
        box = Box(fields, rendered: box.reportMembers)
    }

    /// `mediaKeys(in:)` handed to `body` where the box holds them: the rules read a preset's
    /// keys for every push, and an array returned (or read through the accessor) was a retain
    /// of it.
    func withMediaKeys<Result>(in root: JSONView, _ body: ([JSONPointer]) -> Result) -> Result {
        let fields = box.fields
        for index in fields.keyRules.indices where fields.keyRules[index].applies(in: root) {
            return body(fields.keyRules[index].keys)
        }
        return body(fields.mediaKeys)
    }

    public var name: String {
        get { box.fields.name }
        set { write { $0.name = newValue } }
    }
    public var mediaKeys: [JSONPointer] {
        get { box.fields.mediaKeys }
        set { write { $0.mediaKeys = newValue } }
    }
    public var requiredKeys: [JSONPointer] {
        get { box.fields.requiredKeys }
        set { write { $0.requiredKeys = newValue } }
    }
    public var naming: Naming {
        get { box.fields.naming }
        set { write { $0.naming = newValue } }
    }
    /// For `declared` naming: where the declared type is.
    public var typeKey: JSONPointer? {
        get { box.fields.typeKey }
        set { write { $0.typeKey = newValue } }
    }
    public var download: Download {
        get { box.fields.download }
        set { write { $0.download = newValue } }
    }
    public var device: Device {
        get { box.fields.device }
        set { write { $0.device = newValue } }
    }
    /// Whether the extension attaches the first value its media keys reach, or every one.
    public var attachments: Attachments {
        get { box.fields.attachments }
        set { write { $0.attachments = newValue } }
    }
    /// The `Accept` header the extension's download sends (WebEngage asks for `image/webp`), so
    /// that a content-negotiating origin answers here what it answers the phone; nil for none.
    public var accept: String? {
        get { box.fields.accept }
        set { write { $0.accept = newValue } }
    }
    /// The extension's own `NSAppTransportSecurity`; nil when the profile sets none (then
    /// `payload.allow_http_media` stands for it: `PreflightConfiguration.Payload.appTransportSecurity`).
    public var ats: AppTransportSecurity? {
        get { box.fields.ats }
        set { write { $0.ats = newValue } }
    }
    /// Where a preset's behaviour is read from; nil for a profile the configuration defines.
    public var source: Source? {
        get { box.fields.source }
        set { write { $0.source = newValue } }
    }
    /// Keys whose value must be one string for the extension to act (WebEngage: `source` is
    /// `webengage`); see `unmetRequiredValues(in:)`.
    public var requiredValues: [RequiredValue] {
        get { box.fields.requiredValues }
        set { write { $0.requiredValues = newValue } }
    }
    /// For `declared-suffix-default` naming: the extension written when the type key is absent
    /// (Klaviyo's `fallbackMediaType`, `jpg` unless the app passes another).
    public var defaultType: String? {
        get { box.fields.defaultType }
        set { write { $0.defaultType = newValue } }
    }
    /// Whether the extension downloads when the user has Low Data Mode on (Batch sets
    /// `allowsConstrainedNetworkAccess` to false unless the app opts in).
    public var downloadsInLowDataMode: Bool {
        get { box.fields.downloadsInLowDataMode }
        set { write { $0.downloadsInLowDataMode = newValue } }
    }
    /// Which keys the extension reads when that depends on the payload's shape (OneSignal's
    /// `os_data`); empty: always `mediaKeys`.
    public var keyRules: [KeyRule] {
        get { box.fields.keyRules }
        set { write { $0.keyRules = newValue } }
    }
    /// The `Content-Length` past which the extension cancels the download (OneSignal); nil for none.
    public var maxContentLength: Int? {
        get { box.fields.maxContentLength }
        set { write { $0.maxContentLength = newValue } }
    }
    /// The shape the extension's own decoding demands around the media keys (`ShapeRules`).
    public var shapeCheck: ShapeRules.Check {
        get { box.fields.shapeCheck }
        set { write { $0.shapeCheck = newValue } }
    }

    /// Whether the extension attaches every value its media keys reach (OneSignal: each key of
    /// `att`), not only the first: then each one is judged and downloaded, up to `payload.max_media`
    /// (`MediaURLRules.check`, `MediaRules.evaluate(_:configuration:profile:root:)`).
    public var attachesEvery: Bool { attachments != .first }

    public init(
        name: String, mediaKeys: [JSONPointer], requiredKeys: [JSONPointer] = [], naming: Naming,
        typeKey: JSONPointer? = nil, download: Download, device: Device = Device(),
        attachments: Attachments = .first, source: Source? = nil
    ) {
        box = Box(
            Fields(
                name: name, mediaKeys: mediaKeys, requiredKeys: requiredKeys, naming: naming, typeKey: typeKey,
                download: download, device: device, attachments: attachments, source: source))
    }

    /// Two profiles are equal when their fields are (the same box, or boxes that read the same).
    public static func == (lhs: ExtensionProfile, rhs: ExtensionProfile) -> Bool {
        lhs.box === rhs.box || lhs.box.fields == rhs.box.fields
    }

    /// The `required_keys` the payload lacks (absent or `null`): the extension stops without them.
    public func missingRequiredKeys(in root: JSONView) -> [JSONPointer] {
        requiredKeys.filter { $0.first(in: root) == nil }
    }

    /// Whether the extension decodes the image itself (and so needs its memory for the pixels).
    public var decodesImages: Bool { naming == .reencodeJPEG }
}

extension ExtensionProfile {
    /// The built-in profiles, by name.
    public static let presets: [String: ExtensionProfile] = Dictionary(
        uniqueKeysWithValues: presetOrder.map { ($0.name, $0) })

    /// The presets' JSON Pointers from their literal texts.
    static func pointers(_ texts: [String]) -> [JSONPointer] {
        texts.map { text in
            // The presets' pointers are literals checked by the tests; a bad one is a programming error.
            guard let pointer = try? JSONPointer(text) else { preconditionFailure("bad preset pointer \(text)") }
            return pointer
        }
    }
}
