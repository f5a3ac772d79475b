/// Braze `POST /messages/send`, as Braze builds the APNs payload from `messages.apple_push`
/// (Braze API, "Apple push object": https://www.braze.com/docs/api/objects_filters/messaging/apple_object):
/// - `alert` (a string, or an alert object whose keys use `_` where APNs uses `-`) is `aps.alert`;
/// - `badge`, `sound`, `content-available`, `interruption_level`, `relevance_score`, `category`,
///   `notification_group_thread_id` become `aps` keys; `extra` top-level keys;
/// - `asset_url` and `asset_file_type` become `ab.att.url` and `ab.att.type`, which the Braze
///   extension reads and names the file `.<type>` from (Braze docs, "Rich notifications" for iOS,
///   `AppboyAPNSDictionaryAttachmentURLKey` / `...TypeKey`);
/// - "The mutable-content flag is automatically set to 1 when sending a rich notification"
///   (`mutable_content` in the Apple push object);
/// - `collapse_id` becomes `apns-collapse-id`.
enum BrazeEnvelope {
    /// Braze adds its `ab` dictionary (campaign and send tracking) to each payload. It publishes
    /// no example of a delivered payload; 256 bytes is an estimate on the safe side.
    static let allowance = 256

    /// `asset_file_type`: "one of aif, gif, jpg, m4a, mp3, mp4, png, or wav".
    static let assetFileTypes = ["aif", "gif", "jpg", "m4a", "mp3", "mp4", "png", "wav"]

    static func derive(_ root: JSONValue, into derivation: inout Derivation) {
        guard root["messages"]?.members != nil else {
            derivation.add(
                .envelopeInvalid, path: "messages",
                message: "the body has no \"messages\" object; Braze sends nothing",
                fix: "send {\"messages\": {\"apple_push\": {...}}}")
            derivation.usable = false
            return
        }
        guard let push = root["messages"]?["apple_push"], push.members != nil else {
            derivation.add(
                .envelopeIOSMissing, path: "messages",
                message: "messages has no apple_push object: Braze sends nothing to iOS devices",
                fix: "add messages.apple_push {\"alert\": ..., \"asset_url\": ..., \"asset_file_type\": ...}")
            derivation.usable = false
            return
        }
        switch push["alert"] {
        case .object(let members)?:
            for member in members {
                derivation.setAlert(member.key.replacingUnderscores, member.value)
            }
        case let other?: derivation.setAPS("alert", other)
        case nil: break
        }
        derivation.setAPS("badge", push["badge"])
        derivation.setAPS("sound", push["sound"])
        derivation.setAPS("content-available", push["content-available"]?.flagAsOne)
        derivation.setAPS("category", push["category"])
        derivation.setAPS("thread-id", push["notification_group_thread_id"])
        derivation.setAPS("interruption-level", push["interruption_level"])
        derivation.setAPS("relevance-score", push["relevance_score"])
        derivation.setTop(membersOf: push["extra"])
        if let url = push["asset_url"] {
            derivation.setAPS("mutable-content", .number(JSONNumber(text: "1")))
            var attachment = JSONValue.object([JSONMember(key: "url", value: url)])
            let type = push["asset_file_type"]
            if let type { attachment.set("type", type) }
            derivation.setTop("ab", .object([JSONMember(key: "att", value: attachment)]))
            let path = "messages.apple_push.asset_file_type"
            if type == nil {
                derivation.add(
                    .envelopeFieldInvalid, path: path,
                    message:
                        "asset_url is given without asset_file_type; Braze requires it, and its extension names the file after it",
                    fix: "add \"asset_file_type\": one of \(assetFileTypes.joined(separator: ", "))")
            } else if let text = type?.string, !assetFileTypes.contains(text) {
                derivation.add(
                    .envelopeFieldInvalid, path: path,
                    message: "asset_file_type \"\(text)\" is not one Braze accepts",
                    fix: "use one of \(assetFileTypes.joined(separator: ", ")) (the file's real type)")
            }
        } else {
            derivation.setAPS("mutable-content", push["mutable_content"]?.flagAsOne)
        }
        derivation.setHeader("apns-collapse-id", push["collapse_id"]?.string)
    }
}

extension String {
    /// `title_loc_key` as APNs spells it: `title-loc-key`. Scalar by scalar: an underscore that
    /// a combining mark follows is still one byte of the key (a `Character` map would keep it).
    fileprivate var replacingUnderscores: String {
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: unicodeScalars.map { $0 == "_" ? "-" : $0 })
        return String(scalars)
    }
}
