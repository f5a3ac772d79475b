/// A parsed payload as the rules see it.
public struct PayloadContext: Sendable {
    /// The payload object, read in place.
    public var root: JSONView
    /// `apns-push-type`, `alert` when absent.
    public var pushType: String
    /// The `aps` value, nil when absent (looked up once for every rule).
    /// (Spelled `Optional`: initialized once, as `PayloadSummary`'s optionals are.)
    public var aps: Optional<JSONView>
    /// `aps.alert` and `aps.mutable-content`, nil when absent or when `aps` is not an object:
    /// found once here, where each of the rules that read them looked them up again (four
    /// lookups each on a rich alert, a walk of `aps`'s members each time).
    public var alert: Optional<JSONView>
    public var mutableContent: Optional<JSONView>

    public init(root: JSONView, pushType: String = "alert") {
        self.root = root
        self.pushType = pushType
        let aps = root["aps"]
        self.aps = aps
        alert = aps?["alert"]
        mutableContent = aps?["mutable-content"]
    }
}

/// A payload's document as parsed: the value judged, and its repeated keys.
public struct ParsedPayload: Sendable {
    /// The payload's value, with the document it reads.
    public let payload: HeldView
    /// The key nodes of the payload's repeated keys (in `root`'s document), in the order read.
    var repeatedKeys: ArraySlice<UInt32>
    /// The payload's bytes: the whole document's, or for a value inside one (a batch item's
    /// payload object) the bytes it is written as, compact (`JSONView.compactCount`), which
    /// are made only if a rule needs them (`bytes`).
    public var byteCount: Int
    /// Whether `root` is its document's whole text, not a value inside it.
    private var isWholeDocument: Bool

    /// A value inside a document (a batch item's payload object).
    init(_ payload: HeldView, repeatedKeys: ArraySlice<UInt32>) {
        self.payload = payload
        self.repeatedKeys = repeatedKeys
        byteCount = payload.view.compactCount
        isWholeDocument = false
    }

    /// A whole document's.
    public init(_ document: JSONDocument) {
        payload = HeldView(root: document)
        repeatedKeys = document.repeatedKeys[...]
        byteCount = document.bytes.count
        isWholeDocument = true
    }

    public var root: JSONView { payload.view }
    public var document: JSONDocument { payload.document }

    /// The payload's bytes: the whole document's as they are, a value's written compact.
    public var bytes: [UInt8] { isWholeDocument ? document.bytes : root.compactBytes }

    /// How many keys of the payload repeat an earlier key of their object.
    public var duplicateKeyCount: Int { repeatedKeys.count }

    /// The paths, from the payload's top, of the first `limit` repeated keys.
    public func duplicateKeyPaths(limit: Int) -> [String] {
        repeatedKeys.prefix(limit).map { document.path(toKey: Int($0), from: root.index) }
    }
}

/// The payload rules, one small function each, run in the order `apply` lists. A rule appends
/// what it finds (a rule that can find one thing per key appends each as it goes, so the cap
/// stops the building, not the report).
public enum PayloadRules {
    /// Runs the rules that need the payload parsed into an object, in this order. Called one by
    /// one, not read from a table of closures: a table retained and released each closure and
    /// called it through a thunk, on every push.
    public static func apply(_ context: PayloadContext, _ findings: inout Findings) {
        apsPresent(context, &findings)
        mutableContent(context, &findings)
        alert(context, &findings)
        apsKeysAndLiveActivityKeys(context, &findings)
        TextRules.rule(context, &findings)
    }

    // MARK: - Bytes

    /// The size rule, judged on the bytes as received against the push type's limit.
    public static func size(bytes: Int, pushType: String?, configuration: PreflightConfiguration) -> [Finding] {
        size(bytes: bytes, limit: limit(pushType: pushType, configuration: configuration), pushes: pushType ?? "alert")
    }

    /// The size rule against `limit`, the limit of `pushes` (a push type, or "broadcast").
    public static func size(bytes: Int, limit: Int, pushes: String) -> [Finding] {
        var findings = Findings()
        size(bytes: bytes, limit: limit, pushes: pushes, &findings)
        return Array(findings)
    }

    /// The same, appended to the request's findings.
    public static func size(bytes: Int, limit: Int, pushes: String, _ findings: inout Findings) {
        guard bytes > limit else { return }
        findings.append(
            Finding(
                .payloadTooLarge, path: nil,
                message:
                    "the payload is \(bytes) bytes; APNs refuses more than \(limit) for \(pushes) pushes",
                fix:
                    "shorten the alert text or move data out of the payload (send an id and fetch the rest in the extension)"
            ))
    }

    /// The byte limit for a push type.
    public static func limit(pushType: String?, configuration: PreflightConfiguration) -> Int {
        pushType == "voip" ? configuration.payload.voipMaxBytes : configuration.payload.maxBytes
    }

    /// Parses the bytes: the document (`whole`, for any JSON body, an object or not: a non-object
    /// may be an Expo request, which `ExpoEnvelope.messageRoot` reads without parsing again), and
    /// `judged`: the object, held with its document, or the findings that say why the bytes are
    /// unusable.
    public static func read(_ bytes: [UInt8]) -> (whole: ParsedPayload?, judged: (HeldView?, Findings)) {
        let document: JSONDocument
        do {
            document = try JSONDocument.parse(bytes)
        } catch {
            let what = error.invalidUTF8 ? "is not valid UTF-8" : "is not valid JSON"
            return (
                nil,
                (
                    nil,
                    Findings([
                        Finding(
                            .payloadInvalidJSON, path: nil, message: "the payload \(what): \(error.message)",
                            fix:
                                "send the payload as UTF-8 JSON produced by a JSON encoder, not built by string concatenation"
                        )
                    ])
                )
            )
        }
        let whole = ParsedPayload(document)
        return (whole, judged(whole))
    }

    /// What a parse gave, judged: the object, held with its document, and the duplicate keys'
    /// findings (a batch item's payload object is judged from its part of the batch's document,
    /// not parsed again).
    public static func judged(_ parsed: ParsedPayload) -> (HeldView?, Findings) {
        var findings = Findings()
        let document = parsed.document
        for key in parsed.repeatedKeys {
            // Past the cap a repeat is counted: its path is never made.
            findings.append(.payloadDuplicateKey) {
                let path = document.path(toKey: Int(key), from: parsed.root.index)
                return Finding(
                    .payloadDuplicateKey, path: path,
                    message: "the key \(path) appears more than once; which value iOS reads is not defined",
                    fix: "keep one \(path) key")
            }
        }
        guard parsed.root.isObject else {
            findings.append(
                Finding(
                    .payloadNotObject, path: nil,
                    message: "the payload's top level is \(parsed.root.typeName); APNs needs a JSON object",
                    fix: "send an object: {\"aps\": {...}}"))
            return (nil, findings)
        }
        return (parsed.payload, findings)
    }

    // MARK: - aps

    static func apsPresent(_ context: PayloadContext, _ findings: inout Findings) {
        guard let aps = context.aps else {
            return findings.append(
                .apsMissing, path: "aps", message: "the payload has no aps dictionary, so iOS shows nothing",
                fix: "add \"aps\": {\"alert\": {...}, \"mutable-content\": 1}")
        }
        guard aps.isObject else {
            return findings.append(
                .apsNotObject, path: "aps", message: "aps is \(aps.typeName); it must be a dictionary",
                fix: "make aps an object: \"aps\": {\"alert\": {...}, \"mutable-content\": 1}")
        }
    }

    static func mutableContent(_ context: PayloadContext, _ findings: inout Findings) {
        guard let aps = context.aps, aps.isObject else { return }
        guard let value = context.mutableContent else {
            return findings.append(
                .mutableContentMissing, path: "aps.mutable-content",
                message:
                    "aps has no mutable-content, so the Notification Service Extension never runs and no media is attached",
                fix: "add \"mutable-content\": 1 inside aps")
        }
        if value.isNumber(written: "1") { return }
        return findings.append(
            .mutableContentInvalid, path: "aps.mutable-content",
            message: "mutable-content is \(value.shortDescription); only the number 1 makes iOS run the extension",
            fix: "set \"mutable-content\": 1 (the number, not a string or a boolean)")
    }

    static func alert(_ context: PayloadContext, _ findings: inout Findings) {
        guard let aps = context.aps, aps.isObject else { return }
        guard let alert = context.alert else {
            return findings.append(
                .alertMissing, path: "aps.alert",
                message: "aps has no alert: iOS only runs the extension for a notification with visible text",
                fix: "add \"alert\": {\"title\": \"...\", \"body\": \"...\"} inside aps")
        }
        let visible: Bool
        if alert.isString {
            visible = hasText(alert)
        } else if alert.isObject {
            // Named one by one, in this order: no list of keys is made for a check on every push.
            func text(_ key: String) -> Bool { alert[key].map(hasText) ?? false }
            func locKey(_ key: String) -> Bool { alert[key]?.withUTF8 { !$0.isEmpty } ?? false }
            visible =
                text("title") || text("subtitle") || text("body")
                || locKey("title-loc-key") || locKey("subtitle-loc-key") || locKey("loc-key")
        } else {
            return  // the type rule reports it
        }
        if visible { return }
        return findings.append(
            .alertEmpty, path: "aps.alert",
            message:
                "the alert has no visible text, so iOS treats the push as silent and the extension does not run",
            fix: "give the alert a non-empty title or body (or a loc-key)")
    }

    /// Whether a string holds a character a person sees (`TextRules.isInvisible`: not
    /// whitespace, not default-ignorable, not a control), read from its bytes.
    static func hasText(_ value: JSONView) -> Bool {
        value.withUTF8 { !TextRules.isBlank($0) } ?? false
    }

    /// `apsKeys`, then `liveActivityKeys`, whose walk over `aps` is made only when the first one
    /// saw a key only a Live Activity reads: the same findings in the same order, one walk for
    /// most pushes.
    static func apsKeysAndLiveActivityKeys(_ context: PayloadContext, _ findings: inout Findings) {
        if apsKeys(context, &findings, skipping: nil) { liveActivityKeys(context, &findings) }
    }

    /// The type checks of every `aps` key but `skipped` (a kind's own rule judges that one),
    /// dispatched on each key's bytes (`APSKey`); whether a key only a Live Activity reads
    /// (`APSKey.isLiveActivityOnly`) was among them.
    @discardableResult
    static func apsKeys(_ context: PayloadContext, _ findings: inout Findings, skipping skipped: APSKey?) -> Bool {
        guard let aps = context.aps, aps.isObject else { return false }
        var liveActivityKey = false
        for (keyNode, valueNode) in aps.memberIndices {
            let value = aps.view(valueNode)
            guard let key = aps.withStringBytes(node: keyNode, { APSKey($0) }) else {
                findings.append(.apsKeyUnknown) {
                    let key = Quoting.bounded(aps.string(node: keyNode))
                    return Finding(
                        .apsKeyUnknown, path: "aps." + key,
                        message:
                            "aps.\(key) is not a key Apple defines; iOS ignores it and APNs may in future reject it",
                        fix: "move \"\(key)\" out of aps to the top level of the payload, where custom keys belong")
                }
                continue
            }
            if key.isLiveActivityOnly { liveActivityKey = true }
            if key == skipped { continue }
            // A Live Activity's relevance orders activities: any number, not 0...1 (Apple,
            // "Generating a remote notification", relevance-score).
            if key == .relevanceScore, context.pushType == "liveactivity", value.isNumber { continue }
            check(key, value, &findings)
        }
        return liveActivityKey
    }

    static func liveActivityKeys(_ context: PayloadContext, _ findings: inout Findings) {
        guard context.pushType == "alert", let aps = context.aps, aps.isObject else { return }
        // A repeated key makes one finding per repeat: appended, so past the cap only counted.
        for (keyNode, _) in aps.memberIndices {
            guard let key = aps.withStringBytes(node: keyNode, { APSKey($0) }), key.isLiveActivityOnly else { continue }
            let name = key.path.dropFirst(4)
            findings.append(
                .apsLiveActivityKey, path: key.path,
                message:
                    "aps.\(name) only acts in a liveactivity push; in this alert push no Live Activity is started or updated",
                fix: "send Live Activity updates as their own push (apns-push-type: liveactivity), or remove the key")
        }
    }
}
