/// Firebase Cloud Messaging HTTP v1 (`projects.messages.send`), as FCM turns a message into
/// the APNs request:
/// - `message.notification.title` / `.body` become `aps.alert.title` / `.body`, and
///   `message.notification.image` becomes `fcm_options.image` unless `apns.fcm_options.image`
///   overrides it (FCM v1 reference, `ApnsFcmOptions.image`: "If present, it will override
///   google.firebase.fcm.v1.Notification.image");
/// - `message.data` (strings only) become top-level keys;
/// - `message.apns.payload` is laid over the result, `message.apns.headers` are the APNs headers;
/// - FCM does not add `mutable-content`: https://firebase.google.com/docs/cloud-messaging/ios/send-image
///   sets `apns.payload.aps.mutable-content: 1` itself.
enum FCMEnvelope {
    /// The members of the `Message` union field `target` (FCM HTTP v1 reference,
    /// `projects.messages`: `token`, `topic`, `condition`, and `fid`, the Firebase Installation
    /// ID "to send a message to").
    static let targets = ["token", "topic", "condition", "fid"]

    /// The members FCM adds to every APNs payload: the keys the Firebase iOS SDK reads
    /// (firebase-ios-sdk `FirebaseMessaging/Sources/FIRMessagingConstants.m`: `gcm.message_id`,
    /// `google.c.sender.id`, `google.c.fid`; `google.c.a.e` when analytics is on), with values
    /// of the lengths seen in delivered payloads. Google publishes no example of the delivered
    /// payload, so this is an estimate on the generous side.
    static let addedMembers =
        #","gcm.message_id":"1732890000000001","google.c.a.e":"1","google.c.sender.id":"123456789012","google.c.fid":"fHqLzyUT0WbEHd7lVBtDUq""#
    static let allowance = addedMembers.utf8.count

    static func derive(_ root: JSONValue, into derivation: inout Derivation) {
        guard let message = root["message"], message.members != nil else {
            derivation.add(
                .envelopeInvalid, path: "message",
                message: "the body has no FCM \"message\" object; FCM refuses it",
                fix: "send {\"message\": {\"token\": ..., \"notification\": {...}, \"apns\": {...}}}")
            derivation.usable = false
            return
        }
        target(of: message, into: &derivation)
        let notification = message["notification"]
        for key in ["title", "body"] {
            guard let value = notification?[key] else { continue }
            guard value.string != nil else {
                derivation.wrongType("message.notification.\(key)", value, expected: "a string", provider: "FCM")
                continue
            }
            derivation.setAlert(key, value)
        }
        if let data = given("data", of: message) {
            if data.members == nil {
                derivation.wrongType("message.data", data, expected: "an object of strings", provider: "FCM")
            }
            for member in data.members ?? [] {
                guard member.value.string != nil else {
                    derivation.wrongType(
                        "message.data.\(member.key)", member.value, expected: "a string (data is a map of strings)",
                        provider: "FCM")
                    continue
                }
                derivation.setTop(member.key, member.value)
            }
            derivation.misplacedFlags(in: data, pathPrefix: "message.data.")
        }
        let apns = message["apns"]
        let image = apns?["fcm_options"]?["image"] ?? notification?["image"]
        if let image { derivation.setTop("fcm_options", .object([JSONMember(key: "image", value: image)])) }
        if let overlay = apns?["payload"] {
            if overlay.members != nil {
                derivation.payload = derivation.payload.merging(overlay)
                derivation.misplacedFlags(in: overlay, pathPrefix: "message.apns.payload.")
            } else {
                derivation.wrongType("message.apns.payload", overlay, expected: "an object", provider: "FCM")
            }
        }
        let named = headers(apns?["headers"], into: &derivation)
        // The derived payload's top-level keys are the data keys and apns.payload's: their
        // misplaced flags were reported above at the message's paths.
        derivation.superseded.formUnion([.mutableContentMisplaced, .contentAvailableMisplaced])
        if image != nil, !derivation.isMutable {
            derivation.add(
                .envelopeMutableContentMissing, path: "message.apns.payload.aps",
                message:
                    "the message has an image but message.apns.payload.aps has no \"mutable-content\": 1; FCM does not add it, so the extension never runs",
                fix: "add \"apns\": {\"payload\": {\"aps\": {\"mutable-content\": 1}}} to the message",
                supersedes: .mutableContentMissing)
        }
        if image == nil {
            derivation.imageOnlyElsewhere(
                ["message.android.notification.image", "message.webpush.notification.image"], in: root,
                provider: "FCM",
                fix: "put the URL in message.notification.image (every platform) or message.apns.fcm_options.image")
        }
        Contradiction.check(
            pushType: named.headers.pushType, priority: named.headers.priority, pushTypePath: named.pushTypePath,
            priorityPath: named.priorityPath, into: &derivation)
        dataOnlyPriority(message, named: named, into: &derivation)
    }

    /// The member `key` of `object`, nil when it is absent or `null`: FCM reads the request by
    /// protobuf's JSON mapping (https://protobuf.dev/programming-guides/json/: a value that is
    /// null "will be interpreted as the appropriate default value"), so a null member is unset.
    static func given(_ key: String, of object: JSONValue) -> JSONValue? {
        guard let value = object[key], value != .null else { return nil }
        return value
    }

    /// The message's target: FCM HTTP v1 reference, `projects.messages`, "Union field target ...
    /// can be only one of the following" (`token`, `topic`, `condition`, `fid`, each a string).
    /// None, two, or one of another type: FCM refuses the message (INVALID_ARGUMENT); a `null` one
    /// is not given (`given(_:of:)`).
    static func target(of message: JSONValue, into derivation: inout Derivation) {
        let given = targets.filter { Self.given($0, of: message) != nil }
        guard !given.isEmpty else {
            derivation.add(
                .envelopeInvalid, path: "message",
                message: "the message has no token, topic, condition or fid; FCM refuses a message without a target",
                fix: "add message.token or message.fid (one device), message.topic or message.condition")
            return
        }
        if given.count > 1 {
            derivation.add(
                .envelopeInvalid, path: "message.\(given[1])",
                message:
                    "the message has \(given.joined(separator: " and ")): FCM's target is one of token, topic, condition or fid, and it refuses a message with more",
                fix: "keep one target; send one message per target")
        }
        derivation.expectStrings(given, of: message, pathPrefix: "message.", provider: "FCM")
    }

    /// A data-only message (no `notification`, no `apns.payload.aps.alert`) reaches iOS as a
    /// background push, which must be priority 5: Firebase, "Set the priority of a message" ("When
    /// sending data messages to Apple devices, the priority must be set to 5 ... Messages sent with
    /// high priority are rejected by the FCM backend with the error INVALID_ARGUMENT"); Apple,
    /// "Sending notification requests to APNs" (background: "Using priority 10 is an error").
    /// A background push type with priority 10 is `Contradiction.check`'s finding already.
    static func dataOnlyPriority(
        _ message: JSONValue, named: (headers: APNsHeaders, pushTypePath: String, priorityPath: String),
        into derivation: inout Derivation
    ) {
        guard message["notification"] == nil, derivation.payload["aps"]?["alert"] == nil,
            named.headers.priority == "10", named.headers.pushType == nil
        else { return }
        derivation.add(
            .envelopeHeaderContradicts, path: named.priorityPath,
            message:
                "\(named.priorityPath) is 10 on a data-only message: it reaches iOS as a background push, which must be priority 5, and FCM refuses it (INVALID_ARGUMENT)",
            fix: "set \(named.priorityPath) to \"5\", or add a notification (title and body) for a visible alert")
    }

    /// `apns.headers` under the policy of the request's own headers: names in any case (HTTP
    /// field names are case-insensitive: RFC 9110, section 5.1), an unknown `apns-` name reported,
    /// a value that no HTTP/2 field may carry refused. Returns the headers they set and the paths
    /// of the push type and priority as written.
    static func headers(
        _ given: JSONValue?, into derivation: inout Derivation
    ) -> (headers: APNsHeaders, pushTypePath: String, priorityPath: String) {
        var named = APNsHeaders()
        var pushTypePath = "message.apns.headers.apns-push-type"
        var priorityPath = "message.apns.headers.apns-priority"
        for header in given?.members ?? [] {
            let path = "message.apns.headers.\(header.key)"
            guard let value = header.value.string else {
                derivation.add(
                    .envelopeHeaderNotString, path: path,
                    message: "\(path) is \(header.value.typeName); FCM refuses headers that are not strings",
                    fix: "send the header's value as a string: \"\(header.key)\": \"\(header.value.shortDescription)\"")
                continue
            }
            // RFC 9113, section 8.2.1: "A field value MUST NOT contain the zero value (ASCII NUL,
            // 0x00), line feed (ASCII LF, 0x0a), or carriage return (ASCII CR, 0x0d)".
            if value.utf8.contains(where: { $0 == 0x0D || $0 == 0x0A || $0 == 0x00 }) {
                derivation.add(
                    .envelopeHeaderInvalid, path: path,
                    message:
                        "\(path) holds a carriage return, line feed or NUL, which no HTTP/2 header value may carry: the request to APNs is refused",
                    fix: "send the header's value on one line, without control characters")
                continue
            }
            switch named.set(header.key, value) {
            case .set:
                derivation.setHeader(header.key, value)
                switch header.key.lowercased() {
                case "apns-push-type": pushTypePath = path
                case "apns-priority": priorityPath = path
                default: break
                }
            case .unknownAPNsHeader:
                derivation.add(
                    .envelopeHeaderUnknown, path: path,
                    message:
                        "\(header.key) is not a header APNs defines (\(APNsHeaders.names.joined(separator: ", "))): it sets nothing",
                    fix: "spell the header as APNs does, or leave it out")
            case .ignored: break
            }
        }
        return (named, pushTypePath, priorityPath)
    }
}

/// A push type or priority the envelope sets that its own content contradicts.
enum Contradiction {
    static func check(
        pushType: String?, priority: String?, pushTypePath: String, priorityPath: String,
        into derivation: inout Derivation
    ) {
        if let pushType, pushType != "alert", derivation.hasVisibleText {
            derivation.add(
                .envelopeHeaderContradicts, path: pushTypePath,
                message:
                    "\(pushTypePath) is \"\(pushType)\" but the message has alert text: APNs delivers it as \(pushType), and the extension never runs",
                fix: "set \(pushTypePath) to \"alert\" for a visible notification, or leave it out")
        }
        // Apple, "Sending notification requests to APNs": background pushes must use priority 5.
        if let priority, priority == "10", pushType == "background" {
            derivation.add(
                .envelopeHeaderContradicts, path: priorityPath,
                message: "\(priorityPath) is 10 on a background push; APNs requires 5 for background pushes",
                fix: "set \(priorityPath) to \"5\", or send an alert push")
        }
    }
}

extension Derivation {
    /// `aps.*.misplaced` for the members of an FCM object whose keys land at the top level of
    /// the APNs payload (`data`, `apns.payload`), at the message's paths.
    mutating func misplacedFlags(in object: JSONValue, pathPrefix: String) {
        MisplacedKeyRules.append(in: object, pathPrefix: pathPrefix, apsPath: "message.apns.payload.aps", &findings)
    }
}
