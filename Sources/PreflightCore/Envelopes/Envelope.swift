/// The request body a sender holds: a raw APNs payload, or a provider's send request from
/// which the provider builds the APNs payload.
public enum EnvelopeFormat: String, Sendable, CaseIterable {
    case apns
    /// Firebase Cloud Messaging HTTP v1: `{"message": {...}}`.
    case fcm
    /// OneSignal "Create notification" body.
    case onesignal
    /// Airship push object.
    case airship
    /// Braze `messages/send` body with `messages.apple_push`.
    case braze
    /// Expo push API message (or array of up to 100 messages).
    case expo
    /// AWS SNS `Publish` body: `Message` (per-platform JSON as a string), `MessageStructure`,
    /// `MessageAttributes`, a target.
    case sns
    /// Azure Notification Hubs native APNs send: the body is the APNs payload, the format and
    /// expiry in `ServiceBusNotification-*` request headers.
    case azure

    /// The key a finding about the envelope as a whole points at.
    var topKey: String { provider.topKey }

    /// The provider, as messages name it.
    var providerName: String { provider.name }

    /// The request, as messages name it.
    var requestName: String { provider.requestName }

    /// The profile the provider's own SDK extension gives (`ExtensionProfile.presets`).
    public var presetProfile: String { provider.presetProfile }

    /// The format a body's shape shows, or nil when it is an APNs payload, an unknown shape, or
    /// looks like more than one provider's (all judged as APNs).
    ///
    /// - an APNs payload has `aps` at the top;
    /// - FCM: `message` is an object with a target: `token`, `topic`, `condition` or `fid`;
    /// - OneSignal: `app_id` with `contents`, `headings`, `template_id` or `ios_attachments`;
    /// - Airship: `audience` with `device_types`;
    /// - Braze: `messages` is an object (with `apple_push`, `android_push`...);
    /// - Expo: `to` is an `ExponentPushToken[...]` (or `ExpoPushToken[...]`) or an array of them;
    ///   or the body is an array of such messages;
    /// - SNS: `Message` a string with `MessageStructure`, or `Message` (of any type) with
    ///   `TargetArn` or `TopicArn`.
    ///
    /// Azure's body is an APNs payload: only its `ServiceBusNotification-Format` header shows it
    /// (`detect(_:headers:)`).
    public static func detect<Tree: JSONTree>(_ root: Tree) -> EnvelopeFormat? {
        if !root.isObject { return ExpoEnvelope.isMessageArray(root) ? .expo : nil }
        guard root["aps"] == nil else { return nil }
        var found: [EnvelopeFormat] = []
        if let message = root["message"], message.isObject,
            FCMEnvelope.targets.contains(where: { message[$0] != nil })
        {
            found.append(.fcm)
        }
        if root["app_id"] != nil,
            ["contents", "headings", "template_id", "ios_attachments"].contains(where: { root[$0] != nil })
        {
            found.append(.onesignal)
        }
        if root["audience"] != nil, root["device_types"] != nil { found.append(.airship) }
        if root["messages"]?.isObject == true { found.append(.braze) }
        if ExpoEnvelope.isMessage(root) { found.append(.expo) }
        if let message = root["Message"],
            message.string != nil && root["MessageStructure"] != nil
                || root["TargetArn"] != nil || root["TopicArn"] != nil
        {
            found.append(.sns)
        }
        return found.count == 1 ? found[0] : nil
    }

    /// The format the request shows: `azure` when it sends `ServiceBusNotification-Format` (its
    /// body is a plain APNs payload), else the body's shape (`detect(_:)`).
    public static func detect<Tree: JSONTree>(_ root: Tree, headers: APNsHeaders) -> EnvelopeFormat? {
        headers.serviceBusFormat != nil ? .azure : detect(root)
    }
}

/// What a provider will send APNs for one envelope: the payload and headers, the findings about
/// the envelope itself, and the bytes the provider adds that the body does not show.
public struct Envelope: Sendable {
    public var format: EnvelopeFormat
    /// Whether the format was read from the body's shape rather than named by the request.
    public var detected: Bool
    /// The derived APNs payload, compact JSON.
    public var payload: [UInt8]
    /// The same payload read back from those bytes, as the rules read a payload (the body's
    /// repeated keys were reported when the body was read; the derived payload's copies of them
    /// are not reported again); nil when it cannot be (then `usable` is false).
    var document: JSONDocument?
    public var headers: APNsHeaders
    /// `envelope.*` findings, paths in the envelope (`message.apns.payload.aps`), capped as made.
    public var findings: Findings
    /// The findings of reading the derived payload's own bytes (its repeated keys), for a
    /// provider that sends a payload the sender wrote as text (SNS's `APNS` string).
    var payloadFindings = Findings()
    /// Bytes the provider adds to the payload (ids, analytics keys): see each provider's `allowance`.
    public var allowanceBytes: Int
    /// Findings on the derived payload that an envelope finding replaces with advice in the
    /// envelope's own terms (`aps.mutable-content.missing` when FCM's `apns.payload` lacks it).
    public var superseded: Set<FindingCode>
    /// False when the body is not the format's shape at all (no derived payload to judge).
    public var usable: Bool
    /// Whether the provider sets `mutable-content` on every push, media or not (OneSignal): a push
    /// without a media URL is then a plain push (`media.none`), not a missing URL.
    public var mutableOnEveryPush = false

    /// The payload as text, for the report.
    public var payloadText: String { String(decoding: payload, as: UTF8.self) }

    /// The envelope's APNs payload and headers, built the way `format`'s provider documents it;
    /// nil for `apns` (the body is the payload).
    /// `body` is the request's bytes, for a provider that sends them as they are (Azure).
    public static func derive(
        _ format: EnvelopeFormat, from root: JSONValue, headers: APNsHeaders, body: [UInt8] = []
    ) -> Envelope? {
        let provider = format.provider
        guard let build = provider.derive else { return nil }
        var derivation = Derivation(headers: headers, body: body)
        build(root, &derivation)
        let bytes: [UInt8]
        if let exact = derivation.exactPayload {
            bytes = exact
        } else {
            var writer = JSONWriter(capacity: 512)
            writer.value(derivation.payload)
            bytes = writer.finished()
        }
        var document: JSONDocument?
        do {
            document = try JSONDocument.parse(bytes)
        } catch  where derivation.exactPayload != nil {
            // The provider's own check of those bytes said why (`envelope.sns.invalid-json`).
            derivation.usable = false
        } catch {
            // Written just now by our own writer, so JSON: what fails is the parser's depth bound,
            // reached by a body within it whose provider nests a part one level further (OneSignal's
            // `data` under `custom.a`). Judging the body as APNs instead would judge the wrong thing.
            derivation.add(
                .envelopePayloadTooDeep, path: format.topKey,
                message:
                    "the APNs payload \(format.providerName) builds from this body cannot be read (\(error.reason)), so it was not judged",
                fix: "nest the custom data less deeply (at most \(JSONParser.maxDepth) levels in the payload)")
            derivation.usable = false
        }
        var envelope = Envelope(
            format: format, detected: false, payload: bytes, document: document,
            headers: derivation.headers,
            findings: derivation.findings, allowanceBytes: provider.allowance, superseded: derivation.superseded,
            usable: derivation.usable)
        envelope.mutableOnEveryPush = provider.mutableOnEveryPush
        envelope.payloadFindings = derivation.payloadFindings
        return envelope
    }
}

/// The APNs payload and headers as a provider's mapping builds them, and what it found.
struct Derivation {
    /// The payload, an object whose first member is `aps`.
    var payload: JSONValue = .object([JSONMember(key: "aps", value: .object([]))])
    var headers: APNsHeaders
    /// What the provider's mapping found, appended as it reads the body.
    var findings = Findings()
    var superseded: Set<FindingCode> = []
    /// False when the body is not the format's shape at all: only the envelope findings count.
    var usable = true
    /// The request's bytes (for a provider that sends them as they are).
    var body: [UInt8]
    /// The payload's bytes as the provider sends them, when it sends text the sender wrote (SNS's
    /// `APNS` string, Azure's body) rather than JSON it builds: judged byte for byte, size included.
    var exactPayload: [UInt8]?
    /// The findings of reading `exactPayload` (its repeated keys).
    var payloadFindings = Findings()

    init(headers: APNsHeaders, body: [UInt8] = []) {
        self.headers = headers
        self.body = body
    }

    /// Sets `aps.<key>`; a nil value leaves it out.
    mutating func setAPS(_ key: String, _ value: JSONValue?) {
        guard let value else { return }
        var aps = payload["aps"] ?? .object([])
        aps.set(key, value)
        payload.set("aps", aps)
    }

    /// Sets `aps.alert.<key>` (the alert as a dictionary); a nil value leaves it out.
    mutating func setAlert(_ key: String, _ value: JSONValue?) {
        guard let value else { return }
        var alert = payload["aps"]?["alert"] ?? .object([])
        if case .string(let body) = alert { alert = .object([JSONMember(key: "body", value: .string(body))]) }
        alert.set(key, value)
        setAPS("alert", alert)
    }

    /// Sets a top-level key; a nil value leaves it out.
    mutating func setTop(_ key: String, _ value: JSONValue?) {
        guard let value else { return }
        payload.set(key, value)
    }

    /// Copies every member of `extras` to the top level (the providers' custom keys).
    mutating func setTop(membersOf extras: JSONValue?) {
        for member in extras?.members ?? [] { payload.set(member.key, member.value) }
    }

    /// Sets an APNs header from the envelope (over the request's); other names are left out.
    mutating func setHeader(_ name: String, _ value: String?) {
        guard let value else { return }
        headers.set(name, value)
    }

    mutating func add(
        _ code: FindingCode, path: String, message: String, fix: String, supersedes: FindingCode? = nil
    ) {
        findings.append(Finding(code, path: path, message: message, fix: fix))
        if let supersedes { superseded.insert(supersedes) }
    }

    /// `envelope.image.not-forwarded` at the first of `paths` (dotted, from the envelope's top)
    /// that holds a value: an image the provider sends to other platforms only.
    mutating func imageOnlyElsewhere(_ paths: [String], in root: JSONValue, provider: String, fix: String) {
        let holds = { (path: String) in
            path.split(separator: ".").reduce(root as JSONValue?) { value, key in value?[String(key)] } != nil
        }
        guard let path = paths.first(where: holds) else { return }
        add(
            .envelopeImageNotForwarded, path: path,
            message: "the image is only in \(path), which \(provider) sends to other platforms, not to iOS",
            fix: fix, supersedes: .mediaURLMissing)
    }

    /// Whether the derived `aps` says `mutable-content: 1`.
    var isMutable: Bool { payload["aps"]?["mutable-content"]?.integer == 1 }

    /// Whether the derived alert has visible text.
    var hasVisibleText: Bool {
        switch payload["aps"]?["alert"] {
        case .string(let text)?: !text.isEmpty
        case .object(let members)?:
            members.contains { member in
                ["title", "subtitle", "body"].contains { member.key.utf8.elementsEqual($0.utf8) }
            }
        default: false
        }
    }

    /// A finding for a value of the wrong type at `path`.
    mutating func wrongType(_ path: String, _ value: JSONValue, expected: String, provider: String) {
        add(
            .envelopeFieldInvalid, path: path,
            message: "\(path) is \(value.typeName); \(provider) expects \(expected)",
            fix: "send \(path) as \(expected)")
    }

    /// `wrongType` for each of `fields` that `object` has and that is not a string (`null`
    /// included), at `pathPrefix` + its name.
    mutating func expectStrings(
        _ fields: [String], of object: JSONValue, pathPrefix: String = "", expected: String = "a string",
        provider: String
    ) {
        for field in fields {
            guard let value = object[field], value.string == nil else { continue }
            wrongType(pathPrefix + field, value, expected: expected, provider: provider)
        }
    }
}

extension JSONValue {
    /// Sets `key` in an object: the last member of that name is replaced in place, else one is
    /// appended. Does nothing to other values. Names match when their UTF-8 does, as the
    /// subscript reads them and as iOS's `NSDictionary` compares keys (`isEqualToString:`, a
    /// literal code-unit comparison): `String ==` is canonical equivalence, and would merge "é"
    /// and "e" + U+0301, two keys the device keeps, into one, judging a smaller payload than is sent.
    mutating func set(_ key: String, _ value: JSONValue) {
        guard case .object(var members) = self else { return }
        if let index = members.lastIndex(where: { $0.key.utf8.elementsEqual(key.utf8) }) {
            members[index].value = value
        } else {
            members.append(JSONMember(key: key, value: value))
        }
        self = .object(members)
    }

    /// `other` laid over this value: objects merge member by member (recursively), anything
    /// else is replaced. FCM applies `apns.payload` over what it built from `notification` this way.
    func merging(_ other: JSONValue) -> JSONValue {
        guard case .object = self, case .object(let overlay) = other else { return other }
        var merged = self
        for member in overlay {
            merged.set(member.key, merged[member.key].map { $0.merging(member.value) } ?? member.value)
        }
        return merged
    }

    /// The value as `1` when it is `true` (the providers' booleans for APNs flags), else nil.
    var flagAsOne: JSONValue? {
        if case .bool(true) = self { return .number(JSONNumber(text: "1")) }
        return nil
    }
}
