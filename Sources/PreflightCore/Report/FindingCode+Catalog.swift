// MARK: - Every finding code, and its severity, meaning and fix

extension FindingCode {
    // Payload
    public static let payloadInvalidJSON = FindingCode("payload.invalid-json", .error)
    public static let payloadNotObject = FindingCode("payload.not-object", .error)
    public static let payloadTooLarge = FindingCode("payload.too-large", .error)
    public static let payloadDuplicateKey = FindingCode("payload.duplicate-key", .warning)
    // A line of `preflight check --ndjson`
    public static let bulkItemInvalid = FindingCode("bulk.item.invalid", .error)
    // aps
    public static let apsMissing = FindingCode("aps.missing", .error)
    public static let apsNotObject = FindingCode("aps.not-object", .error)
    public static let mutableContentMissing = FindingCode("aps.mutable-content.missing", .error)
    public static let mutableContentInvalid = FindingCode("aps.mutable-content.invalid", .error)
    public static let mutableContentMisplaced = FindingCode("aps.mutable-content.misplaced", .error)
    public static let contentAvailableMisplaced = FindingCode("aps.content-available.misplaced", .warning)
    public static let alertMissing = FindingCode("aps.alert.missing", .error)
    public static let alertEmpty = FindingCode("aps.alert.empty", .error)
    public static let alertTemplateUnresolved = FindingCode("aps.alert.template-unresolved", .error)
    public static let alertTruncated = FindingCode("aps.alert.truncated", .info)
    public static let alertBodyEmptyWithTitle = FindingCode("aps.alert.body.empty-with-title", .info)
    public static let alertWhitespace = FindingCode("aps.alert.whitespace", .warning)
    public static let apsKeyUnknown = FindingCode("aps.key.unknown", .warning)
    public static let apsKeyInvalidType = FindingCode("aps.key.invalid-type", .error)
    public static let apsKeyValueIgnored = FindingCode("aps.key.value-ignored", .warning)
    public static let apsLiveActivityKey = FindingCode("aps.key.live-activity", .warning)
    public static let contentAvailableZero = FindingCode("aps.content-available.zero", .warning)
    public static let soundNameMissing = FindingCode("aps.sound.name-missing", .warning)
    public static let soundUnplayable = FindingCode("aps.sound.unplayable", .warning)
    public static let interruptionCritical = FindingCode("aps.interruption-level.critical", .info)
    // Headers
    public static let pushTypeMissing = FindingCode("headers.push-type.missing", .info)
    public static let pushTypeInvalid = FindingCode("headers.push-type.invalid", .error)
    public static let pushTypeNotAlert = FindingCode("headers.push-type.not-alert", .error)
    public static let priorityInvalid = FindingCode("headers.priority.invalid", .error)
    public static let priorityLow = FindingCode("headers.priority.low", .warning)
    public static let collapseIDTooLong = FindingCode("headers.collapse-id.too-long", .error)
    public static let expirationInvalid = FindingCode("headers.expiration.invalid", .error)
    public static let expirationMilliseconds = FindingCode("headers.expiration.milliseconds", .warning)
    public static let topicEmpty = FindingCode("headers.topic.empty", .error)
    public static let topicPushTypeMismatch = FindingCode("headers.topic.push-type-mismatch", .error)
    public static let apnsIDInvalid = FindingCode("headers.apns-id.invalid", .error)
    public static let channelIDInvalid = FindingCode("headers.channel-id.invalid", .error)
    public static let requestIDInvalid = FindingCode("headers.request-id.invalid", .error)
    public static let broadcastPushType = FindingCode("headers.broadcast.push-type", .error)
    public static let broadcastHeaderMissing = FindingCode("headers.broadcast.header-missing", .error)
    public static let broadcastStart = FindingCode("aps.event.broadcast-start", .error)
    public static let headerDuplicate = FindingCode("headers.duplicate", .error)
    // Push kinds (PushKindRules)
    public static let kindTopicSuffix = FindingCode("kind.topic-suffix", .error)
    public static let kindPriority = FindingCode("kind.priority", .error)
    public static let kindExpiration = FindingCode("kind.expiration", .error)
    public static let kindSilentAsAlert = FindingCode("kind.silent-as-alert", .error)
    public static let kindAlertInBackground = FindingCode("kind.alert-in-background", .error)
    public static let kindKeyMissing = FindingCode("kind.key-missing", .error)
    public static let kindKeyInvalid = FindingCode("kind.key-invalid", .error)
    public static let kindMDMMagic = FindingCode("kind.mdm-magic", .warning)
    // Media URL
    public static let mediaURLMissing = FindingCode("media.url.missing", .error)
    public static let mediaURLInvalid = FindingCode("media.url.invalid", .error)
    public static let mediaURLTooLong = FindingCode("media.url.too-long", .error)
    public static let requiredKeyMissing = FindingCode("media.url.required-key-missing", .error)
    public static let attachmentUntyped = FindingCode("attachment.untyped", .error)
    public static let attachmentTypeUnlisted = FindingCode("attachment.type-unlisted", .warning)
    public static let mediaURLShapeInvalid = FindingCode("media.url.shape-invalid", .error)
    public static let attachmentSizeCap = FindingCode("attachment.size-cap", .error)
    public static let attachmentDeviceMemory = FindingCode("attachment.device-memory", .error)
    public static let attachmentDeviceTime = FindingCode("attachment.device-time", .warning)
    public static let requiredValueMismatch = FindingCode("media.url.required-value-mismatch", .error)
    public static let attachmentTypeMismatch = FindingCode("attachment.type-mismatch", .warning)
    public static let attachmentLowDataMode = FindingCode("attachment.low-data-mode", .info)
    public static let attachmentDroppedAll = FindingCode("attachment.dropped-all", .error)
    public static let mediaAttachmentsNotDownloaded = FindingCode("media.attachments.not-downloaded", .warning)
    public static let mediaURLInsecure = FindingCode("media.url.insecure", .error)
    public static let mediaURLNoExtension = FindingCode("media.url.no-extension", .warning)
    public static let mediaURLExtensionUnsupported = FindingCode("media.url.extension-unsupported", .warning)
    public static let mediaURLExtensionMismatch = FindingCode("media.url.extension-mismatch", .warning)
    public static let mediaNotFetched = FindingCode("media.not-fetched", .info)
    public static let mediaNone = FindingCode("media.none", .info)
    // Envelopes (FCM, OneSignal, Airship, Braze request bodies)
    public static let envelopeDetected = FindingCode("envelope.detected", .info)
    public static let envelopeInvalid = FindingCode("envelope.invalid", .error)
    public static let envelopeIOSMissing = FindingCode("envelope.ios.missing", .error)
    public static let envelopeMutableContentMissing = FindingCode("envelope.mutable-content.missing", .error)
    public static let envelopeImageNotForwarded = FindingCode("envelope.image.not-forwarded", .error)
    public static let envelopeHeaderNotString = FindingCode("envelope.header.not-string", .error)
    public static let envelopeHeaderContradicts = FindingCode("envelope.header.contradicts", .error)
    public static let envelopeHeaderUnknown = FindingCode("envelope.header.unknown", .warning)
    public static let envelopeHeaderInvalid = FindingCode("envelope.header.invalid", .error)
    public static let envelopePayloadTooDeep = FindingCode("envelope.payload.too-deep", .error)
    public static let envelopeFieldInvalid = FindingCode("envelope.field.invalid", .error)
    public static let envelopeTextNoDefault = FindingCode("envelope.text.no-default", .error)
    public static let envelopeTextLanguage = FindingCode("envelope.text.language", .info)
    public static let envelopeSizeNearLimit = FindingCode("envelope.size.near-limit", .warning)
    public static let envelopeTemplate = FindingCode("envelope.template", .info)
    public static let envelopeMessagesTooMany = FindingCode("envelope.messages.too-many", .error)
    public static let envelopeFieldUnknown = FindingCode("envelope.field.unknown", .warning)
    public static let envelopeSNSNotString = FindingCode("envelope.sns.not-string", .error)
    public static let envelopeSNSInvalidJSON = FindingCode("envelope.sns.invalid-json", .error)
    public static let envelopeSNSStructureMissing = FindingCode("envelope.sns.structure.missing", .error)
    public static let envelopeSNSAPNSMissing = FindingCode("envelope.sns.apns.missing", .error)
    public static let envelopeSNSDefaultMissing = FindingCode("envelope.sns.default.missing", .warning)
    public static let envelopeSNSAttributeInvalid = FindingCode("envelope.sns.attribute.invalid", .error)
    public static let envelopeSNSSandboxNotJudged = FindingCode("envelope.sns.sandbox.not-judged", .info)
    public static let envelopeAzureFormatInvalid = FindingCode("envelope.azure.format.invalid", .error)
}

/// The findings catalog: every code the engine can produce, in the order docs/findings.md lists
/// them. A code's severity is written where the code is declared (above: a finding reads it from
/// its code), its meaning and fix here; the docs page and openapi.json's `Finding.code` enum are
/// generated from this table (`make generate`).
extension FindingCatalog {
    public static let entries: [FindingCatalogEntry] = [
        entry(
            .payloadInvalidJSON,
            meaning: "the body is not valid JSON, or not valid UTF-8",
            fix: "encode the payload with a JSON encoder, as UTF-8"),
        entry(
            .payloadNotObject,
            meaning: "the top level of the payload is not a JSON object",
            fix: "send `{\"aps\": {...}}`"),
        entry(
            .payloadTooLarge,
            meaning: "over 4096 bytes (5120 for `voip`), counted on the bytes sent",
            fix: "shorten the text, or send an id and fetch the rest in the extension"),
        entry(
            .payloadDuplicateKey,
            meaning:
                "an object repeats a key (the same UTF-8 once escapes are undone, as iOS's `NSString` compares keys literally: `é` and `e` + U+0301 are two keys); parsers disagree on which value wins",
            fix: "keep one"),
        entry(
            .bulkItemInvalid,
            meaning:
                "a line of `preflight check --ndjson` is a batch item (`payload` and only `headers`, `profile`, `format` beside it) that `POST /v1/preflight/batch` refuses: a header APNs does not define, a value that is not a string, a key given twice, a profile or format that does not exist; the push was not judged",
            fix: "correct the item as the message says; the item keys are those of a batch item"),
        entry(
            .envelopeDetected,
            meaning:
                "the body is a provider's request (FCM, OneSignal, Airship, Braze, Expo, SNS), found by its shape, or an Azure Notification Hubs send, found by its `ServiceBusNotification-Format` header; the derived APNs payload was judged",
            fix: "none; `?format=` says so explicitly"),
        entry(
            .envelopeInvalid,
            meaning:
                "the body is not the named provider's shape (no FCM `message`, no Airship `notification`, no Braze `messages`), or the provider refuses it (an FCM message without token, topic, condition or fid)",
            fix: "send the provider's documented shape"),
        entry(
            .envelopeIOSMissing,
            meaning:
                "the request sends nothing to iOS: Braze without `apple_push`, Airship `device_types` without `ios`, OneSignal `isIos: false`",
            fix: "add the iOS part"),
        entry(
            .envelopeMutableContentMissing,
            meaning:
                "media is given but the provider will not set `mutable-content`: FCM never adds it, Expo's `mutableContent` defaults to false",
            fix: "FCM: `apns.payload.aps.mutable-content: 1`; Expo: `mutableContent: true`"),
        entry(
            .envelopeImageNotForwarded,
            meaning:
                "the image is only in a field the provider sends to other platforms (FCM `android`/`webpush`, OneSignal `big_picture`, `chrome_web_image`, Airship `android.style.big_picture`, `web.image`)",
            fix:
                "put it where iOS gets it: FCM `notification.image` or `apns.fcm_options.image`, OneSignal `ios_attachments`, Airship `ios.media_attachment`"
        ),
        entry(
            .envelopeHeaderNotString,
            meaning: "an FCM `apns.headers` value is not a string: FCM refuses the message",
            fix: "quote it: `\"apns-priority\": \"10\"`"),
        entry(
            .envelopeHeaderContradicts,
            meaning:
                "the envelope's push type is not `alert` while it has alert text, or priority 10 on a background push or an FCM data-only message",
            fix:
                "send `apns-push-type: alert` (or leave it out) for a visible notification; priority `5` for a background or data-only one"
        ),
        entry(
            .envelopeHeaderUnknown,
            meaning:
                "an FCM `apns.headers` name starts with `apns-` (in any case) but is not one APNs defines (`apns-push-type`, `apns-id`, `apns-expiration`, `apns-priority`, `apns-topic`, `apns-collapse-id`, `apns-channel-id`, `apns-request-id`): a typo, with no effect",
            fix: "spell it as APNs does, or leave it out"),
        entry(
            .envelopeHeaderInvalid,
            meaning:
                "an FCM `apns.headers` value holds a CR, LF or NUL: no HTTP/2 field value may (RFC 9113, section 8.2.1), so the request is refused",
            fix: "send the value on one line"),
        entry(
            .envelopePayloadTooDeep,
            meaning:
                "the APNs payload the provider builds nests deeper than 64 levels (OneSignal puts `data` one level down, under `custom.a`), the depth Preflight reads: it is not judged as an APNs payload",
            fix: "nest the custom data less deeply"),
        entry(
            .envelopeFieldInvalid,
            meaning:
                "a field has a type or value the provider refuses or drops: FCM `data` values that are not strings, an `apns.payload` that is not an object, Braze `asset_url` without `asset_file_type` or with one it does not accept, a language map that is not an object",
            fix: "the message names the field and the type expected"),
        entry(
            .envelopeTextNoDefault,
            meaning:
                "a OneSignal language map (`contents`, `headings`, `subtitle`) has no `en`: OneSignal requires English, the default for other languages",
            fix: "add the `en` text"),
        entry(
            .envelopeTextLanguage,
            meaning: "a language map has several languages; the `en` text was judged",
            fix: "check the other languages' length yourself"),
        entry(
            .envelopeSizeNearLimit,
            meaning:
                "the derived payload fits in 4096 (5120) bytes, but not with the bytes the provider adds (`envelope.allowance_bytes`)",
            fix: "shorten the text or the custom data by the bytes the message names"),
        entry(
            .envelopeTemplate,
            meaning:
                "a OneSignal body with `template_id`: the alert text (and any image) comes from the template stored at OneSignal, which Preflight cannot read; a missing alert is not reported",
            fix: "none; check the template's text and image in OneSignal, or send `contents` to judge them"),
        entry(
            .envelopeMessagesTooMany,
            meaning:
                "an Expo request holds more than 100 notifications (each token of a `to` array counts): Expo refuses the whole request (`PUSH_TOO_MANY_NOTIFICATIONS`)",
            fix: "send at most 100 per request (expo-server-sdk's `chunkPushNotifications` splits them)"),
        entry(
            .envelopeFieldUnknown,
            meaning:
                "an Expo message has a field Expo's message request format does not list (`threadId`, `contentAvailable`...): it is not known to reach the device",
            fix: "use a documented field (`_contentAvailable`, `categoryId`, `mutableContent`...), or leave it out"),
        entry(
            .envelopeSNSNotString,
            meaning:
                "an SNS Publish body with an object where SNS needs a JSON string: `Message` with `MessageStructure: json`, or its `APNS` / `APNS_SANDBOX` value (the payload must be serialized again, quotes escaped)",
            fix: "send `\"Message\": JSON.stringify({\"default\": ..., \"APNS\": JSON.stringify(payload)})`"),
        entry(
            .envelopeSNSInvalidJSON,
            meaning:
                "an SNS `Message` (with `MessageStructure: json`) that is not a JSON object, or an `APNS` / `APNS_SANDBOX` string that is not a JSON object: SNS refuses it, or APNs does",
            fix: "build each level with a JSON encoder, not by string concatenation"),
        entry(
            .envelopeSNSStructureMissing,
            meaning:
                "an SNS `Message` holding per-platform JSON without `MessageStructure: json`: SNS sends the whole string as the alert text, with no `mutable-content`",
            fix: "add `\"MessageStructure\": \"json\"`"),
        entry(
            .envelopeSNSAPNSMissing,
            meaning:
                "an SNS `Message` with no `APNS` or `APNS_SANDBOX` key: iOS devices get the `default` text as a plain alert, without media",
            fix: "add `APNS` (or `APNS_SANDBOX` for development builds) with the payload as a JSON string"),
        entry(
            .envelopeSNSDefaultMissing,
            meaning:
                "an SNS `Message` with `MessageStructure: json` and no `default` string, which the Publish reference requires (a topic's other subscribers get nothing); an SNS error text reported in the field accepts `APNS` alone",
            fix: "add `\"default\": \"the text for every other protocol\"`"),
        entry(
            .envelopeSNSAttributeInvalid,
            meaning:
                "an `AWS.SNS.MOBILE.APNS.*` message attribute that is not `{\"DataType\": \"String\", \"StringValue\": \"...\"}`, or a TTL that is not a whole number of seconds",
            fix: "send each attribute as `{\"DataType\": \"String\", \"StringValue\": \"value\"}`"),
        entry(
            .envelopeSNSSandboxNotJudged,
            meaning:
                "an SNS `Message` with both `APNS` and `APNS_SANDBOX`: `APNS` was judged; each endpoint gets the one of its platform application",
            fix: "none; send `APNS_SANDBOX` alone to judge it"),
        entry(
            .envelopeAzureFormatInvalid,
            meaning:
                "an Azure Notification Hubs native send whose `ServiceBusNotification-Format` is missing or not `apple`: the hub does not send it to iOS as APNs JSON",
            fix: "send `ServiceBusNotification-Format: apple`"),
        entry(
            .apsMissing,
            meaning: "the payload has no `aps` dictionary",
            fix: "add `\"aps\": {\"alert\": {...}, \"mutable-content\": 1}`"),
        entry(
            .apsNotObject,
            meaning: "`aps` is not a dictionary",
            fix: "make `aps` an object"),
        entry(
            .mutableContentMissing,
            meaning: "no `mutable-content`: the extension never runs",
            fix: "add `\"mutable-content\": 1` inside `aps`"),
        entry(
            .mutableContentInvalid,
            meaning: "not the number 1 (`\"1\"`, `true`, `0`, `2`, `1.0`)",
            fix: "set `\"mutable-content\": 1`"),
        entry(
            .mutableContentMisplaced,
            meaning:
                "`mutable-content` outside `aps`: at the top level, as `gcm.notification.mutable-content` (FCM legacy), beside `aps` in FCM `apns.payload`, or in FCM `data` (any spelling: `mutable_content`, `mutableContent`); iOS reads it only in `aps`. Error when the push has media (a URL under the profile's keys, or `expect=media`) and `aps` lacks the flag; warning otherwise",
            fix: "set `\"mutable-content\": 1` inside `aps` (FCM: `apns.payload.aps`) and remove the misplaced key"),
        entry(
            .alertMissing,
            meaning: "no `alert`: iOS only runs the extension for visible notifications",
            fix: "add an alert with a title or body"),
        entry(
            .alertEmpty,
            meaning: "the alert has no visible text (no title, subtitle, body or loc-key)",
            fix: "give it a non-empty title or body"),
        entry(
            .alertTemplateUnresolved,
            meaning:
                "the title, subtitle, body or media URL still holds a template placeholder (`{{ }}`, `{% %}`, `${ }`, `%{ }`, `[[ ]]`, `{{{ }}}`): personalisation failed (Liquid, Handlebars, Jinja, shell)",
            fix: "fill the template before sending"),
        entry(
            .alertTruncated,
            meaning:
                "the title (about 44 characters), subtitle (44) or body (178) is longer than iOS shows collapsed; approximations, see *Text checks*",
            fix: "put what matters first"),
        entry(
            .alertBodyEmptyWithTitle,
            meaning: "a title and no body: one bold line and nothing under it",
            fix: "add a body"),
        entry(
            .alertWhitespace,
            meaning:
                "alert text empty after trimming, or starting or ending with whitespace or control characters (a zero-width space, a line break)",
            fix: "trim it"),
        entry(
            .apsKeyUnknown,
            meaning: "a key in `aps` (or `aps.alert`, `aps.sound`) Apple does not define",
            fix: "move custom keys to the top level of the payload"),
        entry(
            .apsKeyInvalidType,
            meaning:
                "a known `aps` key with the wrong type or value (badge < 0, volume > 1, unknown interruption-level, ...)",
            fix: "the finding names the expected type"),
        entry(
            .apsKeyValueIgnored,
            meaning:
                "`content-available` not the number 1, or `relevance-score` outside 0..1, in an alert push: iOS ignores the key (no background wake is asked for; the summary orders it without a score) and the notification and its media still show",
            fix: "the finding names the expected value"),
        entry(
            .apsLiveActivityKey,
            meaning:
                "`event`, `content-state`, `attributes-type`, `attributes`, `input-push-token`, `input-push-channel`, `dismissal-date` or `stale-date` in an alert push: they only act in a `liveactivity` push, so no activity is updated (Apple, \"Generating a remote notification\"; ActivityKit push updates)",
            fix: "send the activity update as its own `liveactivity` push"),
        entry(
            .contentAvailableZero,
            meaning:
                "`content-available: 0`: does nothing (only 1 is defined); it stops neither the alert nor the media",
            fix: "leave the key out"),
        entry(
            .contentAvailableMisplaced,
            meaning:
                "`content-available` (or `content_available`, `contentAvailable`) outside `aps`, in the same places: it wakes no app",
            fix:
                "set `\"content-available\": 1` inside `aps` (FCM: `apns.payload.aps`) for a background update, and remove the misplaced key"
        ),
        entry(
            .soundNameMissing,
            meaning:
                "a sound dictionary without `name` (and not `critical: 1`, which plays the default critical sound): no sound plays; the alert and the media still show",
            fix: "`\"name\": \"default\"`"),
        entry(
            .soundUnplayable,
            meaning:
                "the sound file is not `.aiff`, `.wav` or `.caf` (Apple, `UNNotificationSound`: \"package the audio data in an aiff, wav, or caf file\"): the default sound plays instead",
            fix: "convert to `.caf` with `afconvert`, or use `default`"),
        entry(
            .interruptionCritical,
            meaning: "critical alerts need Apple's `com.apple.developer.usernotifications.critical-alerts` entitlement",
            fix: "`time-sensitive`, unless Apple granted it"),
        entry(
            .pushTypeMissing,
            meaning: "no `apns-push-type` was given to check; `alert` is assumed",
            fix: "send `apns-push-type: alert` (APNs requires it for watchOS)"),
        entry(
            .pushTypeInvalid,
            meaning: "`apns-push-type` is not a type APNs knows",
            fix: "`alert`"),
        entry(
            .pushTypeNotAlert,
            meaning:
                "a push of another kind than an alert with `mutable-content` (or sent with `expect=media`): the extension only runs for alert pushes, so no media is attached",
            fix: "`alert`"),
        entry(
            .priorityInvalid,
            meaning: "`apns-priority` is not 10, 5 or 1",
            fix: "10 (now) or 5 (power-saving)"),
        entry(
            .priorityLow,
            meaning:
                "`apns-priority: 1` on an alert: APNs \"prioritizes the device's power considerations over all other factors\" and never wakes the device (Apple, \"Sending notification requests to APNs\")",
            fix: "10, or 5"),
        entry(
            .collapseIDTooLong,
            meaning: "`apns-collapse-id` over 64 bytes",
            fix: "shorten it (a hash works)"),
        entry(
            .expirationInvalid,
            meaning: "`apns-expiration` is not a non-negative integer",
            fix: "UNIX seconds, or 0"),
        entry(
            .expirationMilliseconds,
            meaning:
                "`apns-expiration` over 10^11: milliseconds where APNs reads UNIX seconds (a date after the year 5000)",
            fix: "divide by 1000"),
        entry(
            .topicEmpty,
            meaning: "`apns-topic` present but empty",
            fix: "the app's bundle id"),
        entry(
            .topicPushTypeMismatch,
            meaning:
                "an alert or background push whose `apns-topic` ends in another push type's suffix: `.voip`, `.complication`, `.pushkit.fileprovider`, `.push-type.liveactivity`, `.push-type.widgets`, `.push-type.controls`, `.location-query`, `.voip-ptt` (Apple, \"Sending notification requests to APNs\")",
            fix: "the bundle id alone"),
        entry(
            .apnsIDInvalid,
            meaning:
                "`apns-id` is not a UUID: 8-4-4-4-12 hexadecimal digits (Apple, \"Sending notification requests to APNs\"); APNs refuses it (`BadMessageId`)",
            fix: "send a UUID, or leave `apns-id` out and APNs makes one"),
        entry(
            .channelIDInvalid,
            meaning:
                "`apns-channel-id` is not base64 (Apple, \"Sending broadcast push notification requests to APNs\": \"a base64-encoded string that identifies the channel\"): APNs names no such channel",
            fix: "send the channel id exactly as APNs returned it when the channel was created"),
        entry(
            .requestIDInvalid,
            meaning:
                "`apns-request-id` is not a UUID, 8-4-4-4-12 hexadecimal digits (Apple, the broadcast page: \"must be encoded as a UUID string\")",
            fix: "send a UUID, or leave the header out"),
        entry(
            .broadcastPushType,
            meaning:
                "`apns-channel-id` makes the push a broadcast, which updates Live Activities only, but `apns-push-type` is not `liveactivity`",
            fix: "send `apns-push-type: liveactivity`, or drop `apns-channel-id`"),
        entry(
            .broadcastHeaderMissing,
            meaning:
                "a broadcast push without `apns-push-type`, `apns-priority` or `apns-expiration`, which Apple's broadcast page marks \"Required\"",
            fix: "send the header (`apns-expiration: 0` for a channel that stores no message)"),
        entry(
            .broadcastStart,
            meaning:
                "`aps.event` is `start` in a broadcast push: \"You can't use broadcast push notifications to start a Live Activity\" (Apple, the broadcast page)",
            fix: "send the start to each device's push-to-start token; broadcast the updates and the end"),
        entry(
            .headerDuplicate,
            meaning:
                "an APNs header is given more than once (two header lines, `--header` twice, a repeated key in a batch item's `headers`): APNs answers 400 `DuplicateHeaders` (Apple, \"Handling notification responses from APNs\"); the header's value is not judged",
            fix: "send each header once"),
        entry(
            .kindTopicSuffix,
            meaning:
                "`apns-topic` lacks the suffix the push kind needs: `.voip`, `.push-type.liveactivity`, `.voip-ptt`, `.push-type.widgets`, `.push-type.controls`, `.location-query`, `.complication`, `.pushkit.fileprovider` (Apple, \"Sending notification requests to APNs\")",
            fix: "the bundle id and the kind's suffix"),
        entry(
            .kindPriority,
            meaning:
                "a priority the kind does not take: background not 5 (\"Always use priority 5. Using priority 10 is an error\"; 10 is also APNs's default when the header is absent), Live Activity 1 (5 or 10), push to talk not 10",
            fix: "the kind's priority (see *Push kinds*)"),
        entry(
            .kindExpiration,
            meaning: "a push-to-talk push without `apns-expiration: 0` (Apple, \"Creating a Push to Talk app\")",
            fix: "`apns-expiration: 0`"),
        entry(
            .kindSilentAsAlert,
            meaning:
                "a `content-available`-only payload sent as an alert push: nothing is shown and the app may not wake (Apple sends background updates as `background`, priority 5)",
            fix: "`apns-push-type: background`, `apns-priority: 5`"),
        entry(
            .kindAlertInBackground,
            meaning:
                "an `alert`, `badge` or `sound` in a background push: it is delivered as a silent update (\"doesn't display an alert, play a sound, or badge your app's icon\")",
            fix: "send it as an alert push, or remove them"),
        entry(
            .kindKeyMissing,
            meaning:
                "a key the kind needs is absent: background `content-available`; Live Activity `event`, `timestamp`, `content-state` (update, end, start), a start's `attributes-type`, `attributes` and `alert`; widgets and controls `content-changed`",
            fix: "add it (see *Push kinds*)"),
        entry(
            .kindKeyInvalid,
            meaning:
                "a key the kind needs has another value: background `content-available` not the number 1; widgets and controls `content-changed` not `true`",
            fix: "the value Apple's payload shows"),
        entry(
            .kindMDMMagic,
            meaning:
                "an mdm push without a string top-level `mdm` (the device's PushMagic); Apple's current pages document no payload, so this is the safe side",
            fix: "`{\"mdm\": \"<PushMagic>\"}`"),
        entry(
            .mediaNone,
            meaning:
                "no media URL where the profile's extension reads one: a plain alert (no `mutable-content`), or an alert with `mutable-content` whose extension does other work (decrypts, logs); nothing to download, the push is fine as it is. A URL under another extension's key keeps `media.url.missing`",
            fix:
                "none; send `expect=media` (or `Preflight-Expect: media`) when this push must carry media, to keep the errors"
        ),
        entry(
            .mediaURLMissing,
            meaning: "no media URL where the profile's extension reads it (`media_keys`)",
            fix: "put it there, or pick the app's profile"),
        entry(
            .mediaURLInvalid,
            meaning:
                "not an absolute http(s) URL: relative, other scheme, credentials, spaces, bad port, a host that is not a name or an address (`host:80:80`, `a%2fb`, an IPv6 zone), not a string",
            fix: "an absolute, percent-encoded https URL"),
        entry(
            .mediaURLTooLong,
            meaning:
                "longer than `payload.max_url_bytes` (4096 by default: no push APNs accepts holds a longer one); not downloaded, not cached",
            fix: "a shorter URL (an id in the path instead of signed parameters)"),
        entry(
            .requiredKeyMissing,
            meaning:
                "a key the profile's extension needs before it acts (`required_keys`; CleverTap's `ct_mediaType`) is absent",
            fix: "add the key"),
        entry(
            .mediaURLShapeInvalid,
            meaning:
                "a value around the media URL has a shape the profile's SDK helper refuses, so it attaches nothing: Firebase `fcm_options` not an object or its `image` not a string; Airship `com.urbanairship.media_attachment` with `urls` not objects of strings, `url` neither a string nor strings, or `options.crop` without `x`, `y`, `width` and `height` each in 0...1",
            fix: "send the shape the helper decodes (the message names it)"),
        entry(
            .mediaURLInsecure,
            meaning:
                "`http://` to a host the extension's ATS (the profile's `ats`, else `payload.allow_http_media` for arbitrary loads) gives no insecure-HTTP exception: ATS blocks it",
            fix: "serve over https, or describe the extension's exception in the profile's `ats`"),
        entry(
            .mediaURLNoExtension,
            meaning:
                "the URL path has no file extension, and nothing is downloaded to tell what the profile's extension will name the file (for URL-named profiles `attachment.untyped` says it instead)",
            fix: "end the path with `.jpg`/`.png`/`.mp4`..., or pass a type hint"),
        entry(
            .mediaURLExtensionUnsupported,
            meaning: "the extension names no attachment type (`.webp`, `.heic`, `.svg`, `.mov`, ...)",
            fix: "serve JPEG, PNG, GIF, MP3, M4A, WAV, AIFF, MP4, MPEG or AVI"),
        entry(
            .mediaURLExtensionMismatch,
            meaning: "the URL's extension names another supported type than the bytes are",
            fix: "rename the file, or pass the UTI as type hint"),
        entry(
            .mediaNotFetched,
            meaning: "the media was not downloaded (`fetch=false`, `--no-fetch`, `fetch.enabled: false`)",
            fix: "none"),
        entry(
            .fetchBlocked,
            meaning:
                "the egress policy refused the address before connecting (private, loopback, link-local, metadata, a port outside the list, a redirect to another scheme); the message names the address and every rule it breaks",
            fix: "host the media on a public address"),
        entry(
            .fetchDNS,
            meaning:
                "the host name does not resolve, or its lookup did not finish within `fetch.connect_timeout_ms` (a resolver that never answers holds up nothing else: curl is told to drop the lookup thread, `CURLOPT_QUICK_EXIT`)",
            fix: "fix the host name or its DNS"),
        entry(
            .fetchConnect,
            meaning: "no TCP connection (refused, unreachable, connect timeout)",
            fix: "make the host reachable on that port"),
        entry(
            .fetchTLS,
            meaning: "the TLS handshake failed: untrusted, self-signed or expired certificate, wrong host name",
            fix: "serve a publicly trusted certificate for the name, with its chain"),
        entry(
            .fetchTimeout,
            meaning: "not done within `fetch.timeout_ms`, or slower than the low-speed limit for too long",
            fix: "serve it faster and smaller"),
        entry(
            .fetchHTTPStatus,
            meaning: "the final status is not 2xx",
            fix: "make the URL answer 200 with the file"),
        entry(
            .fetchTooManyRedirects,
            meaning: "more than `fetch.max_redirects` redirects, or a loop",
            fix: "put the final URL in the payload"),
        entry(
            .fetchRedirected,
            meaning: "one or more redirects were followed (each costs time)",
            fix: "put the final URL in the payload"),
        entry(
            .fetchATS,
            meaning:
                "App Transport Security, as the extension's ATS sets it for the hop's host, refuses a hop: a redirect to plain http without an exception, TLS under the minimum (1.2 unless an exception domain lowers it), a key exchange without ECDHE forward secrecy (unless lifted), a cipher other than AES, a certificate EC key under 256 bits or a signature weaker than SHA-256, or no version or suite in common with what the phone offers. Also a certificate iOS does not trust on any connection, whatever the ATS settings (support.apple.com/103769 and /102028): the host not in the Subject Alternative Name, no serverAuth ExtendedKeyUsage, valid over 825 days (issued from 2019-07-01) or 398 days (from 2020-09-01), or an RSA key under 2048 bits or a non-SHA-2 signature on the server's certificate or an issuing CA; then the download goes on here and the media is still judged, with no attachment",
            fix:
                "serve every hop over TLS 1.2+ with ECDHE and AES-GCM (or TLS 1.3), an RSA 2048+ or P-256+ certificate signed with SHA-256+, with the host in its SAN, serverAuth in its EKU, at most 397 days of validity, and RSA 2048+ / SHA-2 for every issuing CA"
        ),
        entry(
            .fetchTruncated,
            meaning: "fewer bytes than `Content-Length` announced, or the connection broke mid-body",
            fix: "make the origin send the whole file"),
        entry(
            .fetchSlow,
            meaning: "the download took longer than `fetch.slow_ms` (the extension has about 30 s in all)",
            fix: "a CDN, a smaller file"),
        entry(
            .fetchContentEncoding,
            meaning:
                "the body came compressed (`Content-Encoding`); it was judged decoded, as URLSession decodes it, but Apple documents no list of codings it decodes",
            fix: "serve media without `Content-Encoding`"),
        entry(
            .fetchFailed,
            meaning:
                "the download failed for another reason: an answer that is not HTTP, a `Transfer-Encoding` other than chunked, a curl option refused; the message carries the reason",
            fix: "check the URL opens in a browser"),
        entry(
            .mediaEmpty,
            meaning: "the body is empty",
            fix: "serve the file's bytes"),
        entry(
            .mediaTooLarge,
            meaning:
                "over the kind's limit even read as binary megabytes: image 10 MB, audio 5 MB, video 50 MB x 1.048576 (the download stops there)",
            fix: "recompress, resize, shorten"),
        entry(
            .mediaTypeUnsupported,
            meaning:
                "the bytes are not a format iOS attaches: WebP, HEIC, AVIF, BMP, TIFF, SVG, HTML, JSON, text, Ogg, FLAC, WebM, Matroska, gzip, or unknown",
            fix: "JPEG/PNG/GIF, MP3/M4A/WAV/AIFF, MP4/MPEG/AVI"),
        entry(
            .mediaTypeMismatch,
            meaning:
                "`Content-Type` names another type than the bytes are (generic types such as `application/octet-stream` are not judged)",
            fix: "send the right `Content-Type`"),
        entry(
            .mediaImageMemory,
            meaning:
                "for a profile whose extension decodes the image (`reencode-jpeg`): width x height x 4 is over `limits.nse_memory_bytes` (saturating: dimensions whose product overflows count as the largest size); the others never decode it themselves",
            fix: "resize (1024 x 1024 is plenty)"),
        entry(
            .mediaCorrupt,
            meaning: "the header of a recognised image format does not parse",
            fix: "re-export the file"),
        entry(
            .mediaSizeNearLimit,
            meaning:
                "the body is over the kind's limit in decimal megabytes (Apple writes \"10 MB\") but not in binary ones (x 1.048576)",
            fix: "shrink it below the decimal limit"),
        entry(
            .mediaContainerNoMoov,
            meaning:
                "an MP4/MOV/M4A body ended without its `moov` box (the index players need): cut, or still being written",
            fix: "upload the whole file; `ffmpeg -i in.mp4 -c copy -movflags +faststart out.mp4` writes the index first"
        ),
        entry(
            .mediaContainerMoovTooLarge,
            meaning:
                "the `moov` box is over 8 MiB: its tracks were not read, and players fetch all of it before the first frame",
            fix: "a shorter clip; `-movflags +faststart`"),
        entry(
            .mediaContainerTooManyTracks,
            meaning:
                "the file has over 256 `trak` boxes: those past 256 were not read, so whether they play is unknown; Preflight takes the safe side (error)",
            fix: "keep only the tracks it needs: `ffmpeg -i in.mp4 -map 0:v:0 -map 0:a:0? -c copy out.mp4`"),
        entry(
            .mediaContainerNotChecked,
            meaning:
                "the `moov` box was not kept because the downloads in flight already held `fetch.moov_budget_bytes` of `moov` bytes: the tracks and codecs were not checked (the file may still play)",
            fix: "check again later; an operator raises `fetch.moov_budget_bytes`"),
        entry(
            .mediaVideoCodecUnsupported,
            meaning:
                "a video track Apple's HLS Authoring Specification does not list (1.1: H.264, HEVC, Dolby Vision, AV1): VP8, VP9, ProRes, anything but those, MPEG-4 Part 2 and Motion JPEG",
            fix: "`ffmpeg -i in.mp4 -c:v libx264 -profile:v high -pix_fmt yuv420p -c:a aac out.mp4`"),
        entry(
            .mediaVideoProfileUnsupported,
            meaning:
                "H.264 over High Profile (High 10, High 4:2:2, High 4:4:4 Predictive, Extended, CAVLC 4:4:4; chroma not 4:2:0; over 8 bits) or HEVC over Main 10 (Main 12, Main 4:2:2 10, Main 4:4:4 and the other range extensions, SCC): over the HLS Authoring Specification's 1.3b and 1.6b",
            fix: "the same command (8-bit 4:2:0 High), or HEVC `-pix_fmt yuv420p10le -tag:v hvc1`"),
        entry(
            .mediaVideoLevelUnsupported,
            meaning:
                "a level over the HLS Authoring Specification's limits: H.264 over Level 6.0 (1.3b says 5.2, its iOS amendment 6.0), HEVC over Level 5.1 (1.6b), AV1 over Level 6.2 (1.37); the message names the level",
            fix: "`ffmpeg -i in.mp4 -c:v libx264 -profile:v high -level:v 5.2 -pix_fmt yuv420p -c:a aac out.mp4`"),
        entry(
            .mediaVideoLevelHigh,
            meaning:
                "H.264 at a level over 5.2 and at most 6.0: over the HLS Authoring Specification's general limit (1.3b), under its amendment for iOS; an iPhone may play it, other devices may not",
            fix: "`-level:v 5.2` (or lower: what the size and frame rate need)"),
        entry(
            .mediaVideoHEVCTag,
            meaning:
                "HEVC tagged `hev1` or `dvhe` (ffmpeg's and MediaConvert's default: parameter sets in the samples); the HLS Authoring Specification (1.10) says to use `hvc1` or `dvh1`",
            fix: "`ffmpeg -i in.mp4 -c copy -tag:v hvc1 out.mp4`"),
        entry(
            .mediaVideoAVCTag,
            meaning:
                "H.264 tagged `avc3` (parameter sets in the samples); the HLS Authoring Specification (1.10) says to use `avc1`, as it does `hvc1` for `hev1`",
            fix: "`ffmpeg -i in.mp4 -c copy -tag:v avc1 out.mp4`"),
        entry(
            .mediaVideoCodecLimited,
            meaning:
                "AV1: the HLS Authoring Specification lists it (1.1) but names no devices, and Apple documents hardware AV1 decoding only for the A17 Pro (iPhone 15 Pro); older iPhones may not play it",
            fix: "send H.264 or HEVC: `ffmpeg -i in.mp4 -c:v libx264 -profile:v high -pix_fmt yuv420p -c:a aac out.mp4`"
        ),
        entry(
            .mediaAudioCodecUnsupported,
            meaning:
                "an audio track in an MPEG-4 file iOS does not decode there: Opus, Vorbis, anything but AAC (LC, HE-AAC v1 and v2, xHE-AAC), MP3, Apple Lossless, FLAC, AC-3, E-AC-3, PCM (HLS Authoring Specification 2.2, 2.5)",
            fix: "`ffmpeg -i in.mp4 -c:v copy -c:a aac -b:a 128k out.mp4`"),
        entry(
            .attachmentUntyped,
            meaning:
                "the file the app's extension writes (named by its profile's `naming`) has no extension iOS maps to an attachment type, and no type hint: `…jpg?w=600` under `url-string`, no extension, a Content-Disposition `.webp`, a `.mov`",
            fix:
                "what the fix says for that naming: an URL ending in the extension, a Content-Type, a `filename` parameter"
        ),
        entry(
            .attachmentTypeUnlisted,
            meaning:
                "what iOS attaches is of a type UNNotificationAttachment's table does not name, next to one it does: a `.m4v` file (`com.apple.m4v-video`, which Apple declares a kind of MPEG-4 movie, `public.mpeg-4`), or AIFF-C bytes (FORM type `AIFC`, `public.aifc-audio`, the parent of AIFF) under an AIFF name or hint; Apple does not say whether the check accepts either",
            fix: "name MPEG-4 video `.mp4` (or hint `public.mpeg-4`); write AIFF (`sox in.aifc out.aiff`), WAV or M4A"),
        entry(
            .attachmentSizeCap,
            meaning:
                "the response's `Content-Length` is over the profile's `max_content_length` (OneSignal cancels the download past 50,000,000 bytes, `MAX_NOTIFICATION_MEDIA_SIZE_BYTES`): nothing is attached",
            fix: "a smaller file"),
        entry(
            .attachmentDeviceMemory,
            meaning:
                "the profile downloads into memory and the body is over its `memory_bytes`, or it re-encodes images and width x height x 4 is over them: iOS ends the extension",
            fix: "a smaller file"),
        entry(
            .attachmentDeviceTime,
            meaning:
                "bytes x 8 / `throughput_bits_per_s` is over `time_budget_s`; for several attachments the sum of their times (`order: sequential`) or the longest (`parallel`); the message gives the estimate",
            fix: "a smaller file, a closer CDN"),
        entry(
            .requiredValueMismatch,
            meaning:
                "a key the profile's extension checks for one value before it acts (WebEngage: `source` is `webengage`) is absent, not a string, or another value",
            fix: "set the key to that value"),
        entry(
            .attachmentTypeMismatch,
            meaning:
                "the file the extension writes is typed (by its name or its type hint) as another attachment type than the bytes are, and the URL's extension does not already say so (`media.url.extension-mismatch`): WebEngage's `.jpg` for a PNG. Apple does not document what it shows then",
            fix: "serve the type the extension names the file as, or a URL it names right"),
        entry(
            .attachmentLowDataMode,
            meaning:
                "the profile's extension does not download in Low Data Mode (Batch: `allowsConstrainedNetworkAccess` false): users with it on get no media",
            fix: "none in the payload; the app can opt in"),
        entry(
            .attachmentDroppedAll,
            meaning:
                "the profile's extension attaches several media and drops them all when one fails (`on_failure: drops-all`, Airship's): one failed, so none is attached; the path is the failed one's key",
            fix: "fix or remove the failed media"),
        entry(
            .mediaAttachmentsNotDownloaded,
            meaning:
                "the push names more media than `payload.max_media` for an extension that attaches every one: the rest were judged on their URL only, not downloaded; the extension still downloads them all",
            fix: "send fewer media, or raise `payload.max_media`"),
    ]

    /// A row of the catalog, with the severity its code was declared with.
    private static func entry(_ code: FindingCode, meaning: String, fix: String) -> FindingCatalogEntry {
        FindingCatalogEntry(code: code, severity: code.catalogSeverity, meaning: meaning, fix: fix)
    }
}

// MARK: - Download and media codes

extension FindingCode {
    public static let fetchBlocked = FindingCode("media.fetch.blocked", .error)
    public static let fetchDNS = FindingCode("media.fetch.dns", .error)
    public static let fetchConnect = FindingCode("media.fetch.connect", .error)
    public static let fetchTLS = FindingCode("media.fetch.tls", .error)
    public static let fetchTimeout = FindingCode("media.fetch.timeout", .error)
    public static let fetchHTTPStatus = FindingCode("media.fetch.http-status", .error)
    public static let fetchTooManyRedirects = FindingCode("media.fetch.too-many-redirects", .error)
    public static let fetchRedirected = FindingCode("media.fetch.redirected", .info)
    public static let fetchTruncated = FindingCode("media.fetch.truncated", .error)
    public static let fetchSlow = FindingCode("media.fetch.slow", .warning)
    public static let fetchContentEncoding = FindingCode("media.fetch.content-encoding", .warning)
    public static let fetchFailed = FindingCode("media.fetch.failed", .error)
    public static let mediaEmpty = FindingCode("media.empty", .error)
    public static let mediaTooLarge = FindingCode("media.too-large", .error)
    public static let mediaTypeUnsupported = FindingCode("media.type.unsupported", .error)
    public static let mediaTypeMismatch = FindingCode("media.type.mismatch", .warning)
    public static let mediaImageMemory = FindingCode("media.image.memory", .warning)
    public static let mediaCorrupt = FindingCode("media.corrupt", .error)
    public static let mediaSizeNearLimit = FindingCode("media.size.near-limit", .warning)
    public static let mediaContainerNoMoov = FindingCode("media.container.no-moov", .error)
    public static let mediaContainerMoovTooLarge = FindingCode("media.container.moov-too-large", .warning)
    public static let mediaContainerTooManyTracks = FindingCode("media.container.too-many-tracks", .error)
    public static let mediaContainerNotChecked = FindingCode("media.container.not-checked", .warning)
    public static let mediaVideoCodecUnsupported = FindingCode("media.video.codec-unsupported", .error)
    public static let mediaVideoProfileUnsupported = FindingCode("media.video.profile-unsupported", .error)
    public static let mediaVideoHEVCTag = FindingCode("media.video.hevc-tag", .warning)
    public static let mediaVideoLevelUnsupported = FindingCode("media.video.level-unsupported", .error)
    public static let mediaVideoLevelHigh = FindingCode("media.video.level-high", .warning)
    public static let mediaVideoAVCTag = FindingCode("media.video.avc-tag", .warning)
    public static let mediaVideoCodecLimited = FindingCode("media.video.codec-limited", .warning)
    public static let mediaAudioCodecUnsupported = FindingCode("media.audio.codec-unsupported", .error)
    public static let fetchATS = FindingCode("media.fetch.ats", .error)
}
