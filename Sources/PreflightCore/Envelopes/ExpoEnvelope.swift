/// Expo's push API (`POST https://exp.host/--/api/v2/push/send`), as Expo builds the APNs payload
/// from one message. The fields are the "Message request format" of Expo's "Send notifications
/// with the Expo Push Service" (https://docs.expo.dev/push-notifications/sending-notifications/#message-request-format)
/// and expo-server-sdk-node's `ExpoPushMessage` (`src/ExpoClient.ts`, which points at that table):
/// - `to` is required: an Expo push token or an array of them;
/// - `title`, `subtitle`, `body` "map to" `aps.alert.title`, `.subtitle`, `.body`;
/// - `sound` (a string, or `{critical, name, volume}` in the SDK's type), `badge`,
///   `interruptionLevel` (the `UNNotificationInterruptionLevel` cases), `categoryId`,
///   `_contentAvailable` and `mutableContent` ("Defaults to `false`") become `aps` keys;
/// - `data` lands under the top-level `body`: expo-notifications reads a remote push's data as
///   `userInfo[@"body"]` (expo/expo `packages/expo-notifications/ios/EXNotifications/Notifications/EXNotificationSerializer.m`,
///   `serializedNotificationData:`);
/// - `richContent.image` lands at `body._richContent.image`: inferred from Expo's example
///   extension, which reads it there (see `ExtensionProfile.expo`); the docs do not say;
/// - `collapseId` "maps to `apns-collapse-id`"; `priority` `normal` is APNs priority 5, `high`
///   10, `default` iOS's "high"; `expiration` (a Unix time) is `apns-expiration` (inferred: the
///   docs say only that it expires the message);
/// - a request holds at most 100 notifications, each token of a `to` array counting
///   (`PUSH_TOO_MANY_NOTIFICATIONS`; expo-server-sdk-node `pushNotificationChunkLimit` and
///   `_getActualMessageCount`).
/// Whether `richContent` makes Expo set `mutable-content` is not documented: not added, the safe side.
enum ExpoEnvelope {
    /// Notifications one request may hold.
    static let maxNotifications = 100

    /// The members Expo adds to each payload besides `body` (keys seen in delivered payloads:
    /// `experienceId`, `scopeKey`, `projectId`), with values of generous lengths, and an empty
    /// `body`. Expo publishes no delivered example, so this is an estimate.
    static let addedMembers =
        #","body":{},"experienceId":"@an-expo-account-name/a-project-slug-name","scopeKey":"@an-expo-account-name/a-project-slug-name","projectId":"67980e04-e0b5-48e5-bd30-8f9d25dad643""#
    static let allowance = addedMembers.utf8.count

    /// The fields of the message request format (and the SDK's type: `icon`, `tag`, `collapseId`).
    static let fields: Set<String> = [
        "to", "_contentAvailable", "data", "title", "body", "ttl", "expiration", "priority", "subtitle", "sound",
        "badge", "interruptionLevel", "channelId", "icon", "richContent", "categoryId", "collapseId", "tag",
        "mutableContent",
    ]

    static let interruptionLevels = ["active", "critical", "passive", "time-sensitive"]

    static func derive(_ root: JSONValue, into derivation: inout Derivation) {
        if case .array(let messages) = root { return array(messages, into: &derivation) }
        guard root.members != nil else {
            derivation.add(
                .envelopeInvalid, path: "to",
                message: "the body is \(root.typeName), not an Expo message object; Expo refuses it",
                fix: "send {\"to\": \"ExponentPushToken[...]\", \"title\": ..., \"body\": ...}")
            derivation.usable = false
            return
        }
        recipients(root["to"], into: &derivation)
        alert(root, into: &derivation)
        flags(root, into: &derivation)
        content(root, into: &derivation)
        headers(root, into: &derivation)
        // `channelId`, `icon` and `tag` are Android's: nothing of them reaches the APNs payload.
        // Each is a string in the message request format and in `ExpoPushMessage`; one of another
        // type is judged as the other fields' are. What Expo does with it is not documented: the
        // request does not match its format, so it is an error, the side the other fields are on.
        derivation.expectStrings(["channelId", "icon", "tag"], of: root, provider: "Expo")
        unknownFields(root, into: &derivation)
    }

    /// A body that is an array reaches here only where it cannot be split into messages (a
    /// batch item), or when Expo would refuse it whole.
    private static func array(_ messages: [JSONValue], into derivation: inout Derivation) {
        derivation.usable = false
        let count = messages.reduce(0) { $0 + notifications($1) }
        if count > maxNotifications {
            derivation.findings.append(
                Finding(
                    .envelopeMessagesTooMany, path: nil,
                    message:
                        "the request holds \(count) notifications (\(messages.count) messages, each token of a to array counting); Expo refuses more than \(maxNotifications) in one request",
                    fix:
                        "send at most \(maxNotifications) notifications per request (expo-server-sdk's chunkPushNotifications)"
                ))
            return
        }
        derivation.add(
            .envelopeInvalid, path: "to",
            message:
                messages.isEmpty
                ? "the body is an empty array: Expo sends nothing"
                : "the body is an array of \(messages.count) Expo messages, which is judged one report per message by POST /v1/preflight, not inside a batch item",
            fix: messages.isEmpty
                ? "send one message, or an array of 1 to \(maxNotifications)"
                : "POST the array to /v1/preflight, or give each message as its own batch item")
    }

    private static func recipients(_ to: JSONValue?, into derivation: inout Derivation) {
        guard let to else {
            derivation.add(
                .envelopeInvalid, path: "to",
                message: "the message has no \"to\"; it is the one field Expo requires, and it refuses the message",
                fix: "add \"to\": \"ExponentPushToken[...]\" (or an array of tokens)")
            return
        }
        let tokens: [JSONValue]
        switch to {
        case .string: tokens = [to]
        case .array(let elements) where !elements.isEmpty: tokens = elements
        default:
            derivation.wrongType("to", to, expected: "an Expo push token or an array of them", provider: "Expo")
            return
        }
        if tokens.count > maxNotifications {
            derivation.add(
                .envelopeMessagesTooMany, path: "to",
                message:
                    "to holds \(tokens.count) tokens; each is one notification, and Expo refuses more than \(maxNotifications) in one request",
                fix: "send at most \(maxNotifications) tokens per request (expo-server-sdk's chunkPushNotifications)")
        }
        for (index, token) in tokens.enumerated() where !(token.string.map(acceptsToken) ?? false) {
            let path = to.string == nil ? "to[\(index)]" : "to"
            derivation.add(
                .envelopeFieldInvalid, path: path,
                message: "\(path) is \(token.shortDescription), not an Expo push token; Expo delivers nothing to it",
                fix: "send the token getExpoPushTokenAsync gave the app: \"ExponentPushToken[...]\"")
            return
        }
    }

    private static func alert(_ root: JSONValue, into derivation: inout Derivation) {
        for key in ["title", "subtitle", "body"] {
            guard let value = root[key] else { continue }
            guard value.string != nil else {
                derivation.wrongType(key, value, expected: "a string", provider: "Expo")
                continue
            }
            derivation.setAlert(key, value)
        }
    }

    private static func flags(_ root: JSONValue, into derivation: inout Derivation) {
        for (field, key) in [("_contentAvailable", "content-available"), ("mutableContent", "mutable-content")] {
            guard let value = root[field] else { continue }
            guard case .bool = value else {
                derivation.wrongType(field, value, expected: "a boolean", provider: "Expo")
                continue
            }
            derivation.setAPS(key, value.flagAsOne)
        }
        switch root["sound"] {
        case .string?: derivation.setAPS("sound", root["sound"])
        case .object(let members)?:
            // APNs's sound dictionary takes `critical` as the number 1 where the SDK's type has a boolean.
            var sound = JSONValue.object([])
            for member in members {
                if member.key == "critical", case .bool(let critical) = member.value {
                    if critical { sound.set("critical", .number(JSONNumber(text: "1"))) }
                } else {
                    sound.set(member.key, member.value)
                }
            }
            derivation.setAPS("sound", sound)
        case .null?, nil: break
        case let other?: derivation.wrongType("sound", other, expected: "a string or null", provider: "Expo")
        }
        if let badge = root["badge"] {
            if badge.integer != nil {
                derivation.setAPS("badge", badge)
            } else {
                derivation.wrongType("badge", badge, expected: "an integer", provider: "Expo")
            }
        }
        if let level = root["interruptionLevel"] {
            if let text = level.string, interruptionLevels.contains(text) {
                derivation.setAPS("interruption-level", level)
            } else {
                derivation.wrongType(
                    "interruptionLevel", level, expected: "one of \(interruptionLevels.joined(separator: ", "))",
                    provider: "Expo")
            }
        }
        if let category = root["categoryId"] {
            if category.string != nil {
                derivation.setAPS("category", category)
            } else {
                derivation.wrongType("categoryId", category, expected: "a string", provider: "Expo")
            }
        }
    }

    /// `data` and `richContent.image` under the top-level `body`, and the flag the image needs.
    private static func content(_ root: JSONValue, into derivation: inout Derivation) {
        var body = JSONValue.object([])
        if let data = root["data"] {
            if data.members != nil {
                body = data
            } else {
                derivation.wrongType("data", data, expected: "an object", provider: "Expo")
            }
        }
        var image: JSONValue?
        if let rich = root["richContent"] {
            if rich.members == nil {
                derivation.wrongType("richContent", rich, expected: "an object with an image URL", provider: "Expo")
            } else if let given = rich["image"] {
                if given.string != nil {
                    image = given
                } else {
                    derivation.wrongType("richContent.image", given, expected: "a URL string", provider: "Expo")
                }
            }
        }
        if let image { body.set("_richContent", .object([JSONMember(key: "image", value: image)])) }
        if body.members?.isEmpty == false { derivation.setTop("body", body) }
        guard image != nil, !derivation.isMutable else { return }
        derivation.add(
            .envelopeMutableContentMissing, path: "mutableContent",
            message:
                "the message has richContent.image but mutableContent is not true (Expo's default is false), so the app's extension never runs and no image is attached",
            fix: "add \"mutableContent\": true to the message", supersedes: .mutableContentMissing)
    }

    private static func headers(_ root: JSONValue, into derivation: inout Derivation) {
        if let collapse = root["collapseId"] {
            if let text = collapse.string {
                derivation.setHeader("apns-collapse-id", text)
            } else {
                derivation.wrongType("collapseId", collapse, expected: "a string", provider: "Expo")
            }
        }
        if let priority = root["priority"] {
            // "Normal priority corresponds to APNs priority level 5 and high priority to 10";
            // `default` is "high" on iOS.
            switch priority.string {
            case "default", "high": derivation.setHeader("apns-priority", "10")
            case "normal": derivation.setHeader("apns-priority", "5")
            default:
                derivation.wrongType("priority", priority, expected: "one of default, normal, high", provider: "Expo")
            }
        }
        // `ttl` wins over `expiration`; the moment it counts from is Expo's, so only its type is checked.
        for field in ["ttl", "expiration"] {
            guard let value = root[field] else { continue }
            guard let seconds = value.double, seconds >= 0 else {
                derivation.wrongType(field, value, expected: "a number of seconds, 0 or more", provider: "Expo")
                continue
            }
            if field == "expiration", root["ttl"] == nil, let whole = value.integer {
                derivation.setHeader("apns-expiration", String(whole))
            }
        }
    }

    private static func unknownFields(_ root: JSONValue, into derivation: inout Derivation) {
        for member in root.members ?? [] where !fields.contains(member.key) {
            let hint =
                switch member.key {
                case "contentAvailable", "content_available", "content-available": "use \"_contentAvailable\": true"
                case "mutable_content", "mutable-content": "use \"mutableContent\": true"
                case "image": "use \"richContent\": {\"image\": \"<url>\"}"
                default: "use a field of Expo's message request format, or leave it out"
                }
            derivation.add(
                .envelopeFieldUnknown, path: member.key,
                message:
                    "\(Quoting.bounded(member.key)) is not a field of Expo's message request format: it is not known to reach the device",
                fix: hint)
        }
    }
}
