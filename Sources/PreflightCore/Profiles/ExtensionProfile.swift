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
        /// component, with the MIME type's extension added when the name has none (Firebase).
        case response
        /// A `filename` query parameter, else the Content-Type, else the URL's extension (OneSignal).
        case mime
        /// The URL's last path component, with a type hint from the Content-Type or the bytes
        /// when it has no supported extension (Airship).
        case sniffed
        /// The extension the value at `typeKey` declares (CleverTap's `ct_mediaType`).
        case declared
        /// A dot and the value at `typeKey`, as written (Braze: `fileSuffix = ".\(type)"`).
        case declaredSuffix = "declared-suffix"
        /// The image is decoded and written again as JPEG (seed 003): any image iOS decodes
        /// works; audio and video do not.
        case reencodeJPEG = "reencode-jpeg"
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

    public var name: String
    public var mediaKeys: [JSONPointer]
    public var requiredKeys: [JSONPointer] = []
    public var naming: Naming
    /// For `declared` naming: where the declared type is.
    public var typeKey: JSONPointer?
    public var download: Download
    public var device = Device()
    /// Whether the extension attaches every value its media keys reach (OneSignal: each key of
    /// `att`), not only the first: then each one's URL is judged (`MediaURLRules.check`).
    public var attachesEvery = false

    public init(
        name: String, mediaKeys: [JSONPointer], requiredKeys: [JSONPointer] = [], naming: Naming,
        typeKey: JSONPointer? = nil, download: Download, device: Device = Device(), attachesEvery: Bool = false
    ) {
        self.name = name
        self.mediaKeys = mediaKeys
        self.requiredKeys = requiredKeys
        self.naming = naming
        self.typeKey = typeKey
        self.download = download
        self.device = device
        self.attachesEvery = attachesEvery
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

    private static func pointers(_ texts: [String]) -> [JSONPointer] {
        texts.map { text in
            // The presets' pointers are literals checked by the tests; a bad one is a programming error.
            guard let pointer = try? JSONPointer(text) else { preconditionFailure("bad preset pointer \(text)") }
            return pointer
        }
    }

    /// The hand-written extensions of `shared/seeds/` as most of them behave: the URL under one
    /// of the keys senders commonly put it under, the file named from the URL string (seeds 000-002),
    /// the body downloaded into memory with a data task (seeds 001-003).
    public static let generic = ExtensionProfile(
        name: "generic",
        mediaKeys: pointers([
            "/image", "/image-url", "/image_url", "/attachment-url", "/media-url", "/media_url", "/aps/image-url",
            "/fcm_options/image", "/ct_mediaUrl", "/att/id",
        ]), naming: .urlString, download: .memory)

    /// firebase-ios-sdk `FirebaseMessaging/Sources/FIRMessagingExtensionHelper.m`:
    /// `populateNotificationContent:withContentHandler:` reads only
    /// `userInfo[@"fcm_options"][@"image"]`; `loadAttachmentForURL:completionHandler:` uses a
    /// download task and appends `response.suggestedFilename.pathExtension` to the file.
    public static let firebase = ExtensionProfile(
        name: "firebase", mediaKeys: pointers(["/fcm_options/image"]), naming: .response, download: .disk)

    /// OneSignal-iOS-SDK `iOS_SDK/OneSignalSDK/OneSignalExtension/OneSignalAttachmentHandler.m`:
    /// `addAttachments:toNotificationContent:` loops `for(NSString* key in notification.attachments)`
    /// and downloads and attaches each http(s) value under its key, so every key of `att` is
    /// judged; `downloadMediaAndSaveInBundle:` streams the body to a file (a data task writing to
    /// disk) and names it from `getSupportedFileExtensionFromURL:mimeType:` (the `filename` query
    /// parameter, then the MIME type, then the URL's extension).
    public static let onesignal = ExtensionProfile(
        name: "onesignal", mediaKeys: pointers(["/att/*"]), naming: .mime, download: .disk, attachesEvery: true)

    /// Airship ios-library `UANotificationServiceExtension.swift`: `didReceive` decodes
    /// `com.urbanairship.media_attachment` (its `url` is an array); `load(attachment:)` downloads to
    /// a file named after the remote last path component (`correctFileExtension`), and
    /// `makeAttachement` adds a type hint from the MIME type or the file header when the name
    /// has no supported extension (`hintMimeType`).
    public static let airship = ExtensionProfile(
        name: "airship", mediaKeys: pointers(["/com.urbanairship.media_attachment/url/0"]), naming: .sniffed,
        download: .disk)

    /// CleverTap CTNotificationService `CTNotificationService/CTNotificationServiceExtension.m`:
    /// `didReceiveNotificationRequest:` needs both `ct_mediaUrl` and `ct_mediaType`;
    /// `fileExtensionForMediaType:` maps image to .jpg, video to .mp4, audio to .mp3 and any other
    /// value to itself (gif to .gif); `loadAttachmentForUrlString:` uses a download task.
    public static let clevertap = ExtensionProfile(
        name: "clevertap", mediaKeys: pointers(["/ct_mediaUrl"]), requiredKeys: pointers(["/ct_mediaType"]),
        naming: .declared, typeKey: pointers(["/ct_mediaType"]).first, download: .disk)

    /// Braze's documented extension (Braze docs, "Rich notifications" for iOS, the sample
    /// `NotificationService`): reads `ab.att.url` and `ab.att.type`, stops without either,
    /// downloads with a download task and names the file `.<type>` (`fileSuffix`).
    public static let braze = ExtensionProfile(
        name: "braze", mediaKeys: pointers(["/ab/att/url"]), requiredKeys: pointers(["/ab/att/type"]),
        naming: .declaredSuffix, typeKey: pointers(["/ab/att/type"]).first, download: .disk)
}
