/// OneSignal "Create notification" (`POST /notifications`), as OneSignal builds the APNs payload
/// its SDK reads (OneSignal-iOS-SDK `OneSignalCore/Source/OSNotification.m`,
/// `parseOriginalPayload`: `aps.alert` title/subtitle/body, `att` the attachments, `custom.a`
/// the additional data, `custom.u` the launch URL):
/// - `headings` / `subtitle` / `contents` are language maps; English is required
///   (https://documentation.onesignal.com/reference/push-notification: "English (en) is
///   required"); the `en` text is judged;
/// - `ios_attachments` becomes `att`, and OneSignal sets `mutable-content` itself
///   (OneSignal's API client, `ios_attachments`: "Do not set mutable_content to download
///   attachments. The OneSignal SDK does this automatically");
/// - `ios_sound`, `ios_badgeCount` (with `ios_badgeType` SetTo or Increase), `ios_category`, `thread_id`,
///   `ios_interruption_level`, `ios_relevance_score`, `content_available` become `aps` keys;
/// - `priority`, `collapse_id` and `apns_push_type_override` become headers.
/// - `template_id` names a template stored at OneSignal, whose text and image Preflight cannot
///   see: an info finding (`envelope.template`) instead of a missing alert;
/// - `global_image` is not mapped: OneSignal's "Notification images & rich media" page
///   (https://documentation.onesignal.com/docs/rich-media) names `ios_attachments` as the iOS
///   image parameter and `big_picture` as Android's, and no OneSignal page found documents
///   `global_image` for iOS.
enum OneSignalEnvelope {
    /// "Push notification payloads cannot exceed 4096 bytes of data. However, the limit is closer
    /// to roughly 3500 bytes due to our internal property names."
    /// (https://documentation.onesignal.com/docs/osnotification-payload): 4096 - 3500.
    static let allowance = 596

    /// Platform fields that carry an image to other platforms only.
    static let otherPlatformImages = ["big_picture", "huawei_big_picture", "adm_big_picture", "chrome_web_image"]

    static func derive(_ root: JSONValue, into derivation: inout Derivation) {
        if case .bool(false) = root["isIos"] {
            derivation.add(
                .envelopeIOSMissing, path: "isIos",
                message: "isIos is false: OneSignal sends this notification to no iOS device",
                fix: "leave isIos out (or true) to reach iOS devices")
        }
        // The app's ID is a string (a UUID) in the create-notification reference
        // (https://documentation.onesignal.com/reference/push-notification) and in OneSignal's
        // API client (@onesignal/node-onesignal, `Notification.app_id`); another type is not its request.
        derivation.expectStrings(["app_id"], of: root, expected: "the app's ID, a string", provider: "OneSignal")
        for (field, key) in [("headings", "title"), ("subtitle", "subtitle"), ("contents", "body")] {
            derivation.setAlert(key, text(root[field], field: field, into: &derivation).map(JSONValue.string))
        }
        derivation.setAPS("mutable-content", .number(JSONNumber(text: "1")))
        derivation.setAPS("content-available", root["content_available"]?.flagAsOne)
        derivation.setAPS("sound", root["ios_sound"])
        if let count = root["ios_badgeCount"], ["SetTo", "Increase"].contains(root["ios_badgeType"]?.string) {
            // SetTo sends the count; Increase each device's count plus this one (about the same size).
            // Without ios_badgeType (its default is None) the count is not used.
            derivation.setAPS("badge", count)
        }
        derivation.setAPS("category", root["ios_category"])
        derivation.setAPS("thread-id", root["thread_id"])
        derivation.setAPS("interruption-level", root["ios_interruption_level"])
        derivation.setAPS("relevance-score", root["ios_relevance_score"])
        if let attachments = root["ios_attachments"] {
            if attachments.members != nil {
                derivation.setTop("att", attachments)
            } else {
                derivation.wrongType(
                    "ios_attachments", attachments, expected: "an object of id to URL", provider: "OneSignal")
            }
        }
        var custom = JSONValue.object([])
        if let url = root["url"] ?? root["app_url"] { custom.set("u", url) }
        if let data = root["data"] { custom.set("a", data) }
        if custom.members?.isEmpty == false { derivation.setTop("custom", custom) }
        if root["ios_attachments"] == nil {
            derivation.imageOnlyElsewhere(
                otherPlatformImages, in: root, provider: "OneSignal",
                fix: "add \"ios_attachments\": {\"id1\": \"<url>\"} for iOS devices")
        }
        if let template = root["template_id"] {
            derivation.add(
                .envelopeTemplate, path: "template_id",
                message:
                    "template_id \(template.shortDescription) names a OneSignal template: its text (and any image) comes from the template, which was not judged",
                fix:
                    "none needed; check the template's text and image in OneSignal, or send contents to have them judged",
                supersedes: .alertMissing)
        }
        derivation.setHeader("apns-priority", root["priority"].flatMap(headerText))
        derivation.setHeader("apns-collapse-id", root["collapse_id"]?.string)
        let override = root["apns_push_type_override"]?.string
        derivation.setHeader("apns-push-type", override)
        Contradiction.check(
            pushType: override, priority: root["priority"].flatMap(headerText),
            pushTypePath: "apns_push_type_override", priorityPath: "priority", into: &derivation)
    }

    /// The `en` text of a language map; without `en`, the first language's (and a finding).
    static func text(_ map: JSONValue?, field: String, into derivation: inout Derivation) -> String? {
        guard let map else { return nil }
        guard let members = map.members else {
            derivation.wrongType(field, map, expected: "an object of language code to text", provider: "OneSignal")
            return nil
        }
        guard !members.isEmpty else { return nil }
        let languages = members.map(\.key).joined(separator: ", ")
        if let english = map["en"] {
            if members.count > 1 {
                derivation.add(
                    .envelopeTextLanguage, path: "\(field).en",
                    message:
                        "\(field) has \(members.count) languages (\(languages)); the en text was judged, each device gets its own",
                    fix: "none needed; check the other languages' length yourself, or send one request per language")
            }
            return english.string
        }
        derivation.add(
            .envelopeTextNoDefault, path: field,
            message:
                "\(field) has no \"en\" text (only \(languages)); OneSignal requires English, and a device in another language gets no text",
            fix: "add \"en\" to \(field) (it is the default for languages the map lacks)")
        return members[0].value.string
    }

    /// A header value given as a number or a string.
    static func headerText(_ value: JSONValue) -> String? {
        switch value {
        case .string(let text): text
        case .number(let number): number.text
        default: nil
        }
    }
}
