// MARK: - Every finding code, with its severity and what it means

extension FindingCode {
    // Payload
    public static let payloadInvalidJSON = FindingCode(rawValue: "payload.invalid-json")
    public static let payloadNotObject = FindingCode(rawValue: "payload.not-object")
    public static let payloadTooLarge = FindingCode(rawValue: "payload.too-large")
    public static let payloadDuplicateKey = FindingCode(rawValue: "payload.duplicate-key")
    // aps
    public static let apsMissing = FindingCode(rawValue: "aps.missing")
    public static let apsNotObject = FindingCode(rawValue: "aps.not-object")
    public static let mutableContentMissing = FindingCode(rawValue: "aps.mutable-content.missing")
    public static let mutableContentInvalid = FindingCode(rawValue: "aps.mutable-content.invalid")
    public static let mutableContentMisplaced = FindingCode(rawValue: "aps.mutable-content.misplaced")
    public static let contentAvailableMisplaced = FindingCode(rawValue: "aps.content-available.misplaced")
    public static let alertMissing = FindingCode(rawValue: "aps.alert.missing")
    public static let alertEmpty = FindingCode(rawValue: "aps.alert.empty")
    public static let alertTemplateUnresolved = FindingCode(rawValue: "aps.alert.template-unresolved")
    public static let alertTruncated = FindingCode(rawValue: "aps.alert.truncated")
    public static let alertBodyEmptyWithTitle = FindingCode(rawValue: "aps.alert.body.empty-with-title")
    public static let alertWhitespace = FindingCode(rawValue: "aps.alert.whitespace")
    public static let apsKeyUnknown = FindingCode(rawValue: "aps.key.unknown")
    public static let apsKeyInvalidType = FindingCode(rawValue: "aps.key.invalid-type")
    public static let apsKeyValueIgnored = FindingCode(rawValue: "aps.key.value-ignored")
    public static let apsLiveActivityKey = FindingCode(rawValue: "aps.key.live-activity")
    public static let contentAvailableZero = FindingCode(rawValue: "aps.content-available.zero")
    public static let soundNameMissing = FindingCode(rawValue: "aps.sound.name-missing")
    public static let soundUnplayable = FindingCode(rawValue: "aps.sound.unplayable")
    public static let interruptionCritical = FindingCode(rawValue: "aps.interruption-level.critical")
    // Headers
    public static let pushTypeMissing = FindingCode(rawValue: "headers.push-type.missing")
    public static let pushTypeInvalid = FindingCode(rawValue: "headers.push-type.invalid")
    public static let pushTypeNotAlert = FindingCode(rawValue: "headers.push-type.not-alert")
    public static let priorityInvalid = FindingCode(rawValue: "headers.priority.invalid")
    public static let priorityLow = FindingCode(rawValue: "headers.priority.low")
    public static let collapseIDTooLong = FindingCode(rawValue: "headers.collapse-id.too-long")
    public static let expirationInvalid = FindingCode(rawValue: "headers.expiration.invalid")
    public static let expirationMilliseconds = FindingCode(rawValue: "headers.expiration.milliseconds")
    public static let topicEmpty = FindingCode(rawValue: "headers.topic.empty")
    public static let topicPushTypeMismatch = FindingCode(rawValue: "headers.topic.push-type-mismatch")
    public static let apnsIDInvalid = FindingCode(rawValue: "headers.apns-id.invalid")
    public static let channelIDInvalid = FindingCode(rawValue: "headers.channel-id.invalid")
    public static let requestIDInvalid = FindingCode(rawValue: "headers.request-id.invalid")
    public static let broadcastPushType = FindingCode(rawValue: "headers.broadcast.push-type")
    public static let broadcastHeaderMissing = FindingCode(rawValue: "headers.broadcast.header-missing")
    public static let broadcastStart = FindingCode(rawValue: "aps.event.broadcast-start")
    public static let headerDuplicate = FindingCode(rawValue: "headers.duplicate")
    // Push kinds (PushKindRules)
    public static let kindTopicSuffix = FindingCode(rawValue: "kind.topic-suffix")
    public static let kindPriority = FindingCode(rawValue: "kind.priority")
    public static let kindExpiration = FindingCode(rawValue: "kind.expiration")
    public static let kindSilentAsAlert = FindingCode(rawValue: "kind.silent-as-alert")
    public static let kindAlertInBackground = FindingCode(rawValue: "kind.alert-in-background")
    public static let kindKeyMissing = FindingCode(rawValue: "kind.key-missing")
    public static let kindKeyInvalid = FindingCode(rawValue: "kind.key-invalid")
    public static let kindMDMMagic = FindingCode(rawValue: "kind.mdm-magic")
    // Media URL
    public static let mediaURLMissing = FindingCode(rawValue: "media.url.missing")
    public static let mediaURLInvalid = FindingCode(rawValue: "media.url.invalid")
    public static let mediaURLTooLong = FindingCode(rawValue: "media.url.too-long")
    public static let requiredKeyMissing = FindingCode(rawValue: "media.url.required-key-missing")
    public static let attachmentUntyped = FindingCode(rawValue: "attachment.untyped")
    public static let attachmentDeviceMemory = FindingCode(rawValue: "attachment.device-memory")
    public static let attachmentDeviceTime = FindingCode(rawValue: "attachment.device-time")
    public static let mediaURLInsecure = FindingCode(rawValue: "media.url.insecure")
    public static let mediaURLNoExtension = FindingCode(rawValue: "media.url.no-extension")
    public static let mediaURLExtensionUnsupported = FindingCode(rawValue: "media.url.extension-unsupported")
    public static let mediaURLExtensionMismatch = FindingCode(rawValue: "media.url.extension-mismatch")
    public static let mediaNotFetched = FindingCode(rawValue: "media.not-fetched")
    public static let mediaNone = FindingCode(rawValue: "media.none")
    // Envelopes (FCM, OneSignal, Airship, Braze request bodies)
    public static let envelopeDetected = FindingCode(rawValue: "envelope.detected")
    public static let envelopeInvalid = FindingCode(rawValue: "envelope.invalid")
    public static let envelopeIOSMissing = FindingCode(rawValue: "envelope.ios.missing")
    public static let envelopeMutableContentMissing = FindingCode(rawValue: "envelope.mutable-content.missing")
    public static let envelopeImageNotForwarded = FindingCode(rawValue: "envelope.image.not-forwarded")
    public static let envelopeHeaderNotString = FindingCode(rawValue: "envelope.header.not-string")
    public static let envelopeHeaderContradicts = FindingCode(rawValue: "envelope.header.contradicts")
    public static let envelopeHeaderUnknown = FindingCode(rawValue: "envelope.header.unknown")
    public static let envelopeHeaderInvalid = FindingCode(rawValue: "envelope.header.invalid")
    public static let envelopePayloadTooDeep = FindingCode(rawValue: "envelope.payload.too-deep")
    public static let envelopeFieldInvalid = FindingCode(rawValue: "envelope.field.invalid")
    public static let envelopeTextNoDefault = FindingCode(rawValue: "envelope.text.no-default")
    public static let envelopeTextLanguage = FindingCode(rawValue: "envelope.text.language")
    public static let envelopeSizeNearLimit = FindingCode(rawValue: "envelope.size.near-limit")
    public static let envelopeTemplate = FindingCode(rawValue: "envelope.template")
}

/// One row of the findings catalog: what the README lists and the rules use.
public struct FindingCatalogEntry: Sendable {
    public var code: FindingCode
    public var severity: Severity
    public var meaning: String
}

/// Every code the engine can produce, in the order the README lists them.
public enum FindingCatalog {
    public static let entries: [FindingCatalogEntry] = [
        entry(.payloadInvalidJSON, .error, "the body is not valid JSON, or not valid UTF-8"),
        entry(.payloadNotObject, .error, "the top level of the payload is not a JSON object"),
        entry(.payloadTooLarge, .error, "the payload is over 4096 bytes (5120 for voip), counted on the bytes sent"),
        entry(.payloadDuplicateKey, .warning, "an object repeats a key; parsers disagree on which value wins"),
        entry(
            .envelopeDetected, .info,
            "the body is a provider's request (FCM, OneSignal, Airship, Braze), found by its shape; the derived APNs payload was judged"
        ),
        entry(.envelopeInvalid, .error, "the body is not the named provider's shape, or the provider refuses it"),
        entry(
            .envelopeIOSMissing, .error,
            "the request sends nothing to iOS devices (no `apple_push`, no `ios` device type)"),
        entry(
            .envelopeMutableContentMissing, .error,
            "media is given but the provider will not set `mutable-content` (FCM never does)"),
        entry(
            .envelopeImageNotForwarded, .error,
            "the image is only in a field the provider sends to other platforms (Android, web), not to iOS"),
        entry(.envelopeHeaderNotString, .error, "an FCM `apns.headers` value is not a string: FCM refuses the message"),
        entry(
            .envelopeHeaderContradicts, .error,
            "the push type or priority the envelope sets contradicts its content (background with alert text; priority 10 on a background or FCM data-only push)"
        ),
        entry(
            .envelopeHeaderUnknown, .warning,
            "an FCM `apns.headers` name starts with `apns-` but is not a header APNs defines (a typo): it has no effect"
        ),
        entry(
            .envelopeHeaderInvalid, .error,
            "an FCM `apns.headers` value holds a CR, LF or NUL, which no HTTP/2 header may carry: the request is refused"
        ),
        entry(
            .envelopePayloadTooDeep, .error,
            "the APNs payload the provider builds nests deeper than the 64 levels Preflight reads, so it cannot be judged"
        ),
        entry(
            .envelopeFieldInvalid, .error,
            "a field has a type or value the provider refuses or drops (FCM `data` values not strings, Braze `asset_file_type`)"
        ),
        entry(
            .envelopeTextNoDefault, .error,
            "a language map (OneSignal `contents`, `headings`, `subtitle`) has no `en` text: OneSignal requires it"),
        entry(.envelopeTextLanguage, .info, "a language map has several languages; the `en` text was judged"),
        entry(
            .envelopeSizeNearLimit, .warning,
            "the derived payload fits, but not with the bytes the provider adds (`envelope.allowance_bytes`)"),
        entry(
            .envelopeTemplate, .info,
            "the OneSignal body names a `template_id`: the text (and any image) comes from the template, which Preflight cannot see"
        ),
        entry(.apsMissing, .error, "the payload has no `aps` dictionary"),
        entry(.apsNotObject, .error, "`aps` is not a dictionary"),
        entry(.mutableContentMissing, .error, "`aps` has no `mutable-content`: the extension never runs"),
        entry(
            .mutableContentInvalid, .error, "`mutable-content` is not the number 1 (`\"1\"`, `true`, `0`, `2`, `1.0`)"),
        entry(
            .mutableContentMisplaced, .error,
            "`mutable-content` outside `aps` (top level, `gcm.notification.*`, FCM `data` or `apns.payload`): error when the push has media, warning otherwise"
        ),
        entry(.alertMissing, .error, "`aps` has no `alert`: silent pushes never reach the extension"),
        entry(.alertEmpty, .error, "the alert has no visible text (no title, subtitle, body or loc-key)"),
        entry(
            .alertTemplateUnresolved, .error,
            "alert text or the media URL still holds a template placeholder (`{{ }}`, `{% %}`, `${ }`, `%{ }`, `[[ ]]`)"
        ),
        entry(.alertTruncated, .info, "the title, subtitle or body is longer than iOS shows collapsed (approximate)"),
        entry(.alertBodyEmptyWithTitle, .info, "a title without a body: one bold line and nothing under it"),
        entry(
            .alertWhitespace, .warning,
            "alert text that is empty after trimming, or starts or ends with whitespace or control characters"),
        entry(.apsKeyUnknown, .warning, "a key in `aps` (or in `aps.alert` / `aps.sound`) that Apple does not define"),
        entry(.apsKeyInvalidType, .error, "a known `aps` key has the wrong type or an out-of-range value"),
        entry(
            .apsKeyValueIgnored, .warning,
            "`content-available` or `relevance-score` with a value iOS cannot read: ignored, the notification still shows"
        ),
        entry(
            .apsLiveActivityKey, .warning,
            "a Live Activity key (`event`, `content-state`, `stale-date`...) in an alert push: no activity is updated"),
        entry(.contentAvailableZero, .warning, "`content-available: 0` does nothing; only 1 is defined"),
        entry(
            .contentAvailableMisplaced, .warning,
            "`content-available` outside `aps` (top level, `gcm.notification.*`, FCM `data` or `apns.payload`): it wakes no app"
        ),
        entry(
            .soundNameMissing, .warning,
            "a sound dictionary without `name` or `critical: 1`: no sound plays (the media is unaffected)"),
        entry(
            .soundUnplayable, .warning,
            "the sound file is not `.aiff`, `.wav` or `.caf`: iOS plays the default sound instead"),
        entry(
            .interruptionCritical, .info,
            "`interruption-level: critical` needs Apple's critical-alerts entitlement, or it is delivered as active"),
        entry(.pushTypeMissing, .info, "no `apns-push-type` header was given to check (APNs requires it for watchOS)"),
        entry(.pushTypeInvalid, .error, "`apns-push-type` is not a push type APNs knows"),
        entry(
            .pushTypeNotAlert, .error, "`apns-push-type` is known but not `alert`: the extension only runs for alerts"),
        entry(.priorityInvalid, .error, "`apns-priority` is not 10, 5 or 1"),
        entry(.priorityLow, .warning, "`apns-priority: 1` on an alert: delivery never wakes the device"),
        entry(.collapseIDTooLong, .error, "`apns-collapse-id` is over 64 bytes"),
        entry(.expirationInvalid, .error, "`apns-expiration` is not a non-negative integer"),
        entry(
            .expirationMilliseconds, .warning,
            "`apns-expiration` is over 10^11: milliseconds where APNs reads seconds (a date thousands of years away)"),
        entry(.topicEmpty, .error, "`apns-topic` is present but empty"),
        entry(
            .topicPushTypeMismatch, .error,
            "an alert or background push whose `apns-topic` ends in another push type's suffix (`.voip`, `.push-type.liveactivity`...)"
        ),
        entry(.apnsIDInvalid, .error, "`apns-id` is not a UUID (8-4-4-4-12 hexadecimal digits)"),
        entry(.channelIDInvalid, .error, "`apns-channel-id` is not base64: APNs names no such channel"),
        entry(.requestIDInvalid, .error, "`apns-request-id` is not a UUID (8-4-4-4-12 hexadecimal digits)"),
        entry(
            .broadcastPushType, .error,
            "a broadcast push (`apns-channel-id`) whose `apns-push-type` is not `liveactivity`"),
        entry(
            .broadcastHeaderMissing, .error,
            "a broadcast push (`apns-channel-id`) without `apns-push-type`, `apns-priority` or `apns-expiration`"),
        entry(
            .broadcastStart, .error,
            "`aps.event: start` in a broadcast push: broadcasts update and end Live Activities, they cannot start one"),
        entry(.headerDuplicate, .error, "an APNs header is given more than once: APNs answers 400 `DuplicateHeaders`"),
        entry(
            .kindTopicSuffix, .error,
            "`apns-topic` lacks the suffix the push kind needs (`.voip`, `.push-type.liveactivity`, `.voip-ptt`...)"),
        entry(
            .kindPriority, .error,
            "`apns-priority` the push kind does not take: background not 5, Live Activity 1, push to talk not 10"),
        entry(.kindExpiration, .error, "a push-to-talk push without `apns-expiration: 0`"),
        entry(
            .kindSilentAsAlert, .error,
            "a `content-available`-only payload sent as an alert push: nothing is shown, and the app may not wake"),
        entry(
            .kindAlertInBackground, .error,
            "an alert, badge or sound in a background push: it is delivered as a silent update, not shown"),
        entry(
            .kindKeyMissing, .error,
            "a key the push kind needs is absent (background `content-available`, Live Activity `event`, `timestamp`...)"
        ),
        entry(
            .kindKeyInvalid, .error,
            "a key the push kind needs has another value (`content-available` not 1, `content-changed` not true)"),
        entry(.kindMDMMagic, .warning, "an mdm push without a string `mdm` key (the device's PushMagic)"),
        entry(
            .mediaNone, .info,
            "a plain push: no media URL and no `mutable-content`, so nothing to download (send `expect=media` to require one)"
        ),
        entry(.mediaURLMissing, .error, "no media URL under any of `payload.media_keys`"),
        entry(.mediaURLInvalid, .error, "the media URL is not an absolute http(s) URL (or not a string)"),
        entry(.mediaURLTooLong, .error, "the media URL is longer than `payload.max_url_bytes`; it is not downloaded"),
        entry(
            .requiredKeyMissing, .error,
            "a key the profile's extension needs to act on (its `required_keys`, CleverTap's `ct_mediaType`) is absent"),
        entry(
            .mediaURLInsecure, .error,
            "the media URL is `http://` while `payload.allow_http_media` is false (ATS blocks it)"),
        entry(.mediaURLNoExtension, .warning, "the URL path has no file extension: the extension needs a type hint"),
        entry(
            .mediaURLExtensionUnsupported, .warning,
            "the URL's extension names no attachment type (`.webp`, `.heic`, `.svg`, ...)"),
        entry(.mediaURLExtensionMismatch, .warning, "the URL's extension names another type than the bytes are"),
        entry(
            .mediaNotFetched, .info,
            "the media was not downloaded (`fetch=false`, `--no-fetch` or `fetch.enabled: false`)"),
        entry(
            .fetchBlocked, .error,
            "the egress policy refused the address (private, loopback, link-local, metadata, port)"),
        entry(.fetchDNS, .error, "the host name does not resolve"),
        entry(.fetchConnect, .error, "no TCP connection could be made"),
        entry(
            .fetchTLS, .error, "the TLS handshake failed: bad, expired or self-signed certificate, or wrong host name"),
        entry(
            .fetchTimeout, .error,
            "the download did not finish within `fetch.timeout_ms`, or stalled below the low-speed limit"),
        entry(.fetchHTTPStatus, .error, "the final HTTP status is not 2xx"),
        entry(.fetchTooManyRedirects, .error, "more redirects than `fetch.max_redirects` (or a loop)"),
        entry(.fetchRedirected, .info, "one or more redirects were followed"),
        entry(
            .fetchATS, .error,
            "App Transport Security refuses the connection: a redirect to http, TLS before 1.2, no ECDHE forward secrecy, a weak certificate key or signature"
        ),
        entry(.fetchTruncated, .error, "fewer bytes than `Content-Length` announced, or the connection broke mid-body"),
        entry(
            .fetchSlow, .warning, "the download took longer than `fetch.slow_ms`: the extension has about 30 s in all"),
        entry(
            .fetchContentEncoding, .warning,
            "the body came compressed (`Content-Encoding`): it is judged decoded, as URLSession decodes it"),
        entry(
            .fetchFailed, .error,
            "the download failed for another reason (the message says which): a garbage answer, a transfer coding other than chunked"
        ),
        entry(.mediaEmpty, .error, "the body is empty"),
        entry(.mediaTooLarge, .error, "the body is over the kind's limit (image 10 MB, audio 5 MB, video 50 MB)"),
        entry(
            .mediaTypeUnsupported, .error, "the bytes are not a format iOS attaches (WebP, HEIC, AVIF, HTML, SVG, ...)"),
        entry(.mediaTypeMismatch, .warning, "the `Content-Type` header names another type than the bytes are"),
        entry(
            .mediaImageMemory, .warning,
            "an extension that decodes the image (reencode-jpeg) needs width x height x 4 over `limits.nse_memory_bytes`"
        ),
        entry(.mediaCorrupt, .error, "the header of a recognised format does not parse"),
        entry(
            .mediaSizeNearLimit, .warning,
            "the body is over the kind's limit in decimal megabytes (Apple's \"10 MB\") but not in binary ones"),
        entry(
            .mediaContainerNoMoov, .error, "an MP4/MOV/M4A body ended without its `moov` box (the index players need)"),
        entry(
            .mediaContainerMoovTooLarge, .warning,
            "the `moov` box is over 8 MiB: its tracks were not read (and players fetch it before playing)"),
        entry(
            .mediaContainerTooManyTracks, .error,
            "the file has over 256 tracks: those past 256 were not read; whether they play is unknown, and Preflight takes the safe side (error)"
        ),
        entry(
            .mediaContainerNotChecked, .warning,
            "the `moov` box was not kept: downloads in flight held the whole `fetch.moov_budget_bytes`, so the tracks and codecs were not checked"
        ),
        entry(
            .mediaVideoCodecUnsupported, .error,
            "a video track iOS does not decode: VP8, VP9, AV1, ProRes, anything but H.264, HEVC, MPEG-4 Part 2, Motion JPEG"
        ),
        entry(
            .mediaVideoProfileUnsupported, .error,
            "H.264 that Apple's decoders do not take: High 10, High 4:2:2, High 4:4:4, Extended; chroma not 4:2:0; over 8 bits"
        ),
        entry(.mediaVideoHEVCTag, .warning, "HEVC tagged `hev1`: Apple's players want `hvc1`"),
        entry(
            .mediaAudioCodecUnsupported, .error,
            "an audio track in an MPEG-4 file iOS does not decode: Opus, FLAC, Vorbis, anything but AAC, MP3, ALAC, AC-3, E-AC-3, PCM"
        ),
        entry(
            .attachmentUntyped, .error,
            "the file the app's extension writes has no extension iOS maps to an attachment type, and no type hint"),
        entry(
            .attachmentDeviceMemory, .error,
            "the extension keeps the body in memory and it is over the profile's `memory_bytes`, or decodes an image that needs more"
        ),
        entry(
            .attachmentDeviceTime, .warning,
            "at the profile's `throughput_bits_per_s` the download would outlast its `time_budget_s`"),
    ]

    private static func entry(_ code: FindingCode, _ severity: Severity, _ meaning: String) -> FindingCatalogEntry {
        FindingCatalogEntry(code: code, severity: severity, meaning: meaning)
    }

    private static let severities: [FindingCode: Severity] = Dictionary(
        uniqueKeysWithValues: entries.map { ($0.code, $0.severity) })

    /// The catalog severity of `code` (error for a code not in the catalog).
    public static func severity(of code: FindingCode) -> Severity {
        severities[code] ?? .error
    }
}

extension Finding {
    /// A finding with the catalog's severity for `code`.
    public init(_ code: FindingCode, path: String?, message: String, fix: String) {
        self.init(code, FindingCatalog.severity(of: code), path: path, message: message, fix: fix)
    }
}

// MARK: - Download and media codes

extension FindingCode {
    public static let fetchBlocked = FindingCode(rawValue: "media.fetch.blocked")
    public static let fetchDNS = FindingCode(rawValue: "media.fetch.dns")
    public static let fetchConnect = FindingCode(rawValue: "media.fetch.connect")
    public static let fetchTLS = FindingCode(rawValue: "media.fetch.tls")
    public static let fetchTimeout = FindingCode(rawValue: "media.fetch.timeout")
    public static let fetchHTTPStatus = FindingCode(rawValue: "media.fetch.http-status")
    public static let fetchTooManyRedirects = FindingCode(rawValue: "media.fetch.too-many-redirects")
    public static let fetchRedirected = FindingCode(rawValue: "media.fetch.redirected")
    public static let fetchTruncated = FindingCode(rawValue: "media.fetch.truncated")
    public static let fetchSlow = FindingCode(rawValue: "media.fetch.slow")
    public static let fetchContentEncoding = FindingCode(rawValue: "media.fetch.content-encoding")
    public static let fetchFailed = FindingCode(rawValue: "media.fetch.failed")
    public static let mediaEmpty = FindingCode(rawValue: "media.empty")
    public static let mediaTooLarge = FindingCode(rawValue: "media.too-large")
    public static let mediaTypeUnsupported = FindingCode(rawValue: "media.type.unsupported")
    public static let mediaTypeMismatch = FindingCode(rawValue: "media.type.mismatch")
    public static let mediaImageMemory = FindingCode(rawValue: "media.image.memory")
    public static let mediaCorrupt = FindingCode(rawValue: "media.corrupt")
    public static let mediaSizeNearLimit = FindingCode(rawValue: "media.size.near-limit")
    public static let mediaContainerNoMoov = FindingCode(rawValue: "media.container.no-moov")
    public static let mediaContainerMoovTooLarge = FindingCode(rawValue: "media.container.moov-too-large")
    public static let mediaContainerTooManyTracks = FindingCode(rawValue: "media.container.too-many-tracks")
    public static let mediaContainerNotChecked = FindingCode(rawValue: "media.container.not-checked")
    public static let mediaVideoCodecUnsupported = FindingCode(rawValue: "media.video.codec-unsupported")
    public static let mediaVideoProfileUnsupported = FindingCode(rawValue: "media.video.profile-unsupported")
    public static let mediaVideoHEVCTag = FindingCode(rawValue: "media.video.hevc-tag")
    public static let mediaAudioCodecUnsupported = FindingCode(rawValue: "media.audio.codec-unsupported")
    public static let fetchATS = FindingCode(rawValue: "media.fetch.ats")
}
