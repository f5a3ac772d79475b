/// Airship push object (`POST /api/push`), as Airship builds the APNs payload for iOS
/// (Airship API reference, "Platform overrides", iOS: https://docs.airship.com/developer/rest-api/ua/schemas/platform-overrides):
/// - `notification.ios.alert`, else `notification.alert`, is `aps.alert`; `ios.title` and
///   `ios.subtitle` join it;
/// - `ios.badge` (a number), `sound`, `content_available`, `mutable_content`, `category`,
///   `thread_id`, `interruption_level`, `relevance_score` become `aps` keys, `ios.extra` top-level keys;
/// - `ios.media_attachment` becomes `com.urbanairship.media_attachment`, its `url` an array,
///   as the SDK reads it (Airship ios-library `MediaAttachmentPayload.swift`, `init(from:)`);
/// - `ios.priority` and `ios.collapse_id` become headers.
/// - a `media_attachment` sets `mutable-content` whatever `mutable_content` says: Airship's Python
///   library (urbanairship/python-library `urbanairship/push/payload.py`, `ios()`, `mutable_content`:
///   "This flag will be automatically set to true if there is a media_attachment in the payload").
enum AirshipEnvelope {
    /// Airship adds a send id (`_`, a UUID) and `com.urbanairship.metadata` (an encoded string)
    /// to each payload. It publishes no example of a delivered payload; 256 bytes is an estimate
    /// on the safe side.
    static let allowance = 256

    static let otherPlatformImages = [
        "notification.android.style.big_picture", "notification.amazon.style.big_picture", "notification.web.image",
    ]

    static func derive(_ root: JSONValue, into derivation: inout Derivation) {
        guard let notification = root["notification"], notification.members != nil else {
            derivation.add(
                .envelopeInvalid, path: "notification",
                message: "the push has no \"notification\" object: no alert reaches the device",
                fix: "add \"notification\": {\"alert\": ..., \"ios\": {...}}")
            derivation.usable = false
            return
        }
        let deviceTypes = root["device_types"]
        let reachesIOS =
            deviceTypes?.string == "all"
            || (deviceTypes.flatMap { value -> [JSONValue]? in if case .array(let a) = value { a } else { nil } } ?? [])
                .contains { $0.string == "ios" }
        if !reachesIOS {
            derivation.add(
                .envelopeIOSMissing, path: "device_types",
                message: "device_types does not include \"ios\" (nor is it \"all\"): no iOS device gets this push",
                fix: "add \"ios\" to device_types")
        }
        let ios = notification["ios"]
        derivation.setAPS("alert", ios?["alert"] ?? notification["alert"])
        derivation.setAlert("title", ios?["title"])
        derivation.setAlert("subtitle", ios?["subtitle"])
        if let badge = ios?["badge"], badge.integer != nil { derivation.setAPS("badge", badge) }
        derivation.setAPS("sound", ios?["sound"])
        derivation.setAPS("content-available", ios?["content_available"]?.flagAsOne)
        derivation.setAPS("mutable-content", ios?["mutable_content"]?.flagAsOne)
        derivation.setAPS("category", ios?["category"])
        derivation.setAPS("thread-id", ios?["thread_id"])
        derivation.setAPS("interruption-level", ios?["interruption_level"])
        derivation.setAPS("relevance-score", ios?["relevance_score"])
        derivation.setTop(membersOf: ios?["extra"])
        let media = ios?["media_attachment"]
        if let media {
            var attachment = JSONValue.object([])
            if let url = media["url"] {
                if url.string != nil {
                    attachment.set("url", .array([url]))
                } else {
                    derivation.wrongType(
                        "notification.ios.media_attachment.url", url, expected: "a string", provider: "Airship")
                }
            }
            for key in ["options", "content"] { if let value = media[key] { attachment.set(key, value) } }
            derivation.setTop("com.urbanairship.media_attachment", attachment)
            derivation.setAPS("mutable-content", .number(JSONNumber(text: "1")))
        } else {
            derivation.imageOnlyElsewhere(
                otherPlatformImages, in: root, provider: "Airship",
                fix:
                    "add notification.ios.media_attachment {\"url\": \"<url>\"} and notification.ios.mutable_content: true"
            )
        }
        derivation.setHeader("apns-priority", ios?["priority"].flatMap(OneSignalEnvelope.headerText))
        derivation.setHeader("apns-collapse-id", ios?["collapse_id"]?.string)
    }
}
