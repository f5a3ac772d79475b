/// AWS SNS `Publish` (the JSON form of its parameters), as SNS turns it into the APNs request:
/// - with `MessageStructure: json`, `Message` must be a JSON object serialized to a string, whose
///   `APNS` / `APNS_SANDBOX` value is the APNs payload serialized to a string again ("the data
///   must be formatted as JSON key-value pair strings, with the quotation marks escaped":
///   https://docs.aws.amazon.com/sns/latest/dg/sns-send-custom-platform-specific-payloads-mobile-devices.html);
///   "Keys in the JSON object that correspond to supported transport protocols must have simple
///   JSON string values" and the object must "contain at least a top-level JSON key of "default"
///   with a value that is a string" (Publish API reference, `MessageStructure` and `Message`,
///   https://docs.aws.amazon.com/sns/latest/api/API_Publish.html, read as AWS's SDK for Kotlin
///   `PublishRequest.messageStructure` page and rusoto's `PublishInput` reproduce it);
/// - without it, `Message` is the text every protocol gets: an iOS device gets it as the alert,
///   with no `mutable-content` (how SNS wraps it for APNs is not documented on the pages read:
///   judged as `{"aps":{"alert": Message}}`, which has no media either way);
/// - the `AWS.SNS.MOBILE.APNS.*` message attributes set the APNs headers. The attributes page
///   (https://docs.aws.amazon.com/sns/latest/dg/SNSMessageAttributes.html) says "Message
///   attributes are sent only when the message structure is String, not JSON", and in the next
///   sentence that they "help structure the push notification message for mobile endpoints";
///   AWS's iOS 13 post (https://aws.amazon.com/blogs/messaging-and-targeting/sending-push-notifications-to-ios-13-devices-with-amazon-sns)
///   sets `apns-push-type` with `AWS.SNS.MOBILE.APNS.PUSH_TYPE`, and public senders send the
///   attributes with `MessageStructure: json`. The safe side: they are judged as applied, since a
///   wrong push type or priority then shows; ignored, SNS would infer the push type from the
///   payload (same post) and the push could only fare better.
enum SNSEnvelope {
    /// The attribute prefix of the APNs platform's settings; `APNS_SANDBOX` has its own TTL.
    static let attributePrefix = "AWS.SNS.MOBILE.APNS"

    /// The attributes that set an APNs header. `PUSH_TYPE` is AWS's (iOS 13 post above);
    /// `PRIORITY`, `COLLAPSE_ID` and `TOPIC` are the names public senders use (a Go wrapper's list
    /// of SNS's reserved attributes): no AWS page read lists them.
    static let headerAttributes = [
        "AWS.SNS.MOBILE.APNS.PUSH_TYPE": "apns-push-type", "AWS.SNS.MOBILE.APNS.PRIORITY": "apns-priority",
        "AWS.SNS.MOBILE.APNS.COLLAPSE_ID": "apns-collapse-id", "AWS.SNS.MOBILE.APNS.TOPIC": "apns-topic",
    ]

    static func derive(_ root: JSONValue, into derivation: inout Derivation) {
        guard let message = root["Message"] else {
            derivation.add(
                .envelopeInvalid, path: "Message",
                message: "the body has no Message; SNS refuses a Publish without one",
                fix: "send {\"TargetArn\": ..., \"MessageStructure\": \"json\", \"Message\": \"{\\\"APNS\\\": ...}\"}")
            derivation.usable = false
            return
        }
        target(root, into: &derivation)
        let toTopic = root["TopicArn"] != nil
        var platform = "APNS"
        switch root["MessageStructure"] {
        case nil:
            textMessage(message, into: &derivation)
        case .string("json")?:
            guard let chosen = perPlatform(message, toTopic: toTopic, into: &derivation) else {
                derivation.usable = false
                return
            }
            platform = chosen
        case let other?:
            derivation.add(
                .envelopeFieldInvalid, path: "MessageStructure",
                message:
                    "MessageStructure is \(other.shortDescription); SNS takes only \"json\" (or no MessageStructure)",
                fix: "send \"MessageStructure\": \"json\" with per-platform JSON in Message")
            derivation.usable = false
            return
        }
        let paths = attributes(root["MessageAttributes"], platform: platform, into: &derivation)
        Contradiction.check(
            pushType: derivation.headers.pushType, priority: derivation.headers.priority, pushTypePath: paths.pushType,
            priorityPath: paths.priority, into: &derivation)
    }

    /// A Publish needs a target; a phone number is an SMS, not a push.
    static func target(_ root: JSONValue, into derivation: inout Derivation) {
        if root["PhoneNumber"] != nil, root["TargetArn"] == nil, root["TopicArn"] == nil {
            derivation.add(
                .envelopeIOSMissing, path: "PhoneNumber",
                message: "the Publish names a PhoneNumber: SNS sends an SMS, not a push to an iOS device",
                fix: "send TargetArn (an APNs platform endpoint's ARN) or TopicArn instead")
        } else if root["TargetArn"] == nil, root["TopicArn"] == nil {
            derivation.add(
                .envelopeInvalid, path: "TargetArn",
                message: "the Publish has no TargetArn, TopicArn or PhoneNumber; SNS refuses it",
                fix: "add TargetArn (an APNs platform endpoint's ARN) or TopicArn")
        }
    }

    /// `Message` without `MessageStructure`: its text is the alert.
    static func textMessage(_ message: JSONValue, into derivation: inout Derivation) {
        guard let text = message.string else {
            derivation.add(
                .envelopeSNSNotString, path: "Message",
                message: "Message is \(message.typeName); SNS needs a string (per-platform JSON serialized to one)",
                fix:
                    "send \"MessageStructure\": \"json\" and \"Message\": JSON.stringify({\"default\": ..., \"APNS\": ...})"
            )
            derivation.usable = false
            return
        }
        derivation.setAPS("alert", .string(text))
        guard let document = try? JSONDocument.parse(Array(text.utf8)) else { return }
        // Held while its views are read: a view does not hold its document.
        let namesPlatforms = withExtendedLifetime(document) {
            let object = document.root
            return object.isObject && ["APNS", "APNS_SANDBOX", "default", "GCM"].contains(where: { object[$0] != nil })
        }
        guard namesPlatforms else { return }
        derivation.add(
            .envelopeSNSStructureMissing, path: "MessageStructure",
            message:
                "Message holds per-platform JSON but there is no MessageStructure: SNS sends the whole string as the alert text, with no mutable-content and no media",
            fix: "add \"MessageStructure\": \"json\"")
    }

    /// `Message` with `MessageStructure: json`: the platform whose payload is judged (`APNS`
    /// before `APNS_SANDBOX`), its payload set as the derivation's exact bytes; nil when there is
    /// no payload to judge.
    static func perPlatform(_ message: JSONValue, toTopic: Bool, into derivation: inout Derivation) -> String? {
        guard let text = message.string else {
            derivation.add(
                .envelopeSNSNotString, path: "Message",
                message:
                    "Message is \(message.typeName); with MessageStructure json SNS needs that object serialized to a string",
                fix: "send \"Message\": JSON.stringify({\"default\": ..., \"APNS\": JSON.stringify(payload)})")
            return nil
        }
        guard let document = try? JSONDocument.parse(Array(text.utf8)), document.root.isObject else {
            derivation.add(
                .envelopeSNSInvalidJSON, path: "Message",
                message:
                    "Message is not a JSON object serialized to a string; SNS refuses it with MessageStructure json",
                fix: "build Message with a JSON encoder: {\"default\": ..., \"APNS\": \"...\"}")
            return nil
        }
        let platforms = document.value
        if platforms["default"]?.string == nil {
            derivation.add(
                .envelopeSNSDefaultMissing, path: "Message.default",
                message:
                    "Message has no \"default\" string, which SNS's Publish reference requires with MessageStructure json"
                    + (toTopic ? "; a topic's other subscribers get nothing" : ""),
                fix: "add \"default\": \"the text for every other protocol\" to Message")
        }
        let platform = platforms["APNS"] != nil ? "APNS" : "APNS_SANDBOX"
        guard let payload = platforms[platform] else {
            derivation.add(
                .envelopeSNSAPNSMissing, path: "Message",
                message:
                    "Message has no APNS or APNS_SANDBOX key: iOS devices get the default text as a plain alert, with no media",
                fix: "add \"APNS\" (\"APNS_SANDBOX\" for development builds) with the payload as a JSON string")
            return nil
        }
        if platform == "APNS", platforms["APNS_SANDBOX"] != nil {
            derivation.add(
                .envelopeSNSSandboxNotJudged, path: "Message.APNS_SANDBOX",
                message: "Message has APNS and APNS_SANDBOX: APNS was judged; sandbox endpoints get APNS_SANDBOX",
                fix: "none needed; send APNS_SANDBOX alone to judge it")
        }
        return payloadText(payload, path: "Message.\(platform)", into: &derivation) ? platform : nil
    }

    /// The platform's payload string as the exact payload; false when it is not one.
    static func payloadText(_ payload: JSONValue, path: String, into derivation: inout Derivation) -> Bool {
        guard let text = payload.string else {
            derivation.add(
                .envelopeSNSNotString, path: path,
                message:
                    "\(path) is \(payload.typeName); SNS needs the APNs payload serialized to a string inside Message (the classic mistake: one JSON.stringify instead of two)",
                fix: "send \"\(path.dropFirst("Message.".count))\": JSON.stringify(payload) inside Message")
            return false
        }
        let bytes = Array(text.utf8)
        let document: JSONDocument
        do {
            document = try JSONDocument.parse(bytes)
        } catch {
            derivation.add(
                .envelopeSNSInvalidJSON, path: path,
                message: "\(path) is not JSON (\(error.message)); APNs refuses the payload",
                fix: "serialize the payload with a JSON encoder")
            return false
        }
        derivation.exactPayload = bytes
        derivation.payload = document.value
        derivation.payloadFindings = PayloadRules.judged(ParsedPayload(document)).1
        return true
    }
}
