/// A push as the kind rules see it: its headers, its payload, and what it was judged as.
public struct PushKindContext: Sendable {
    public var headers: APNsHeaders
    public var payload: PayloadContext
    public var kind: PushKind
    /// The sender said the push must carry media (`expect=media`).
    public var expectMedia: Bool
}

/// The rules of each push kind but the rich alert (whose rules are `PayloadRules.apply` and the
/// media rules), one small function each, run in the order `apply` lists for each kind.
public enum PushKindRules {
    /// Runs the rules of `context.kind`, in this order; none for `.richAlert` (see
    /// `PayloadRules.apply`). Called one by one, not read from a table of closures: a table
    /// retained and released each closure and called it through a thunk, on every push.
    public static func apply(_ context: PushKindContext, _ findings: inout Findings) {
        switch context.kind {
        case .richAlert: return
        // An alert, badge or sound, shown as sent: the alert push type is for "an alert, badge,
        // or sound" (Apple, "Sending notification requests to APNs", `apns-push-type`).
        case .alert:
            PayloadRules.apsPresent(context.payload, &findings)
            somethingToShow(context, &findings)
            PayloadRules.apsKeysAndLiveActivityKeys(context.payload, &findings)
            TextRules.rule(context.payload, &findings)
        // Apple, "Sending notification requests to APNs", `background`: "Always use priority 5.
        // Using priority 10 is an error." "Pushing background updates to your App": a background
        // notification "doesn't display an alert, play a sound, or badge your app's icon", and
        // its aps has `content-available` 1.
        case .background:
            topicSuffix(context, &findings)
            backgroundPriority(context, &findings)
            contentAvailable(context, &findings)
            nothingShownInBackground(context, &findings)
            noServiceExtension(context, &findings)
            PayloadRules.apsKeys(context.payload, &findings, skipping: .contentAvailable)
        case .voip, .location, .complication, .fileProvider:
            topicSuffix(context, &findings)
            noServiceExtension(context, &findings)
        // Apple, "Starting and updating Live Activities with ActivityKit push notifications".
        case .liveActivity:
            topicSuffix(context, &findings)
            liveActivityRules(context, &findings)
        // Apple, "Sending broadcast push notification requests to APNs": as a Live Activity,
        // without the topic suffix (a start is `aps.event.broadcast-start`,
        // `HeaderRules.broadcastEvent`).
        case .liveActivityBroadcast:
            liveActivityRules(context, &findings)
        // Apple, "Creating a Push to Talk app": "Set the APNs priority to 10 … and set an
        // expiration of 0".
        case .pushToTalk:
            topicSuffix(context, &findings)
            pushToTalkHeaders(context, &findings)
            noServiceExtension(context, &findings)
        // Apple, WidgetKit "Updating widgets with WidgetKit push notifications" and "Updating
        // controls locally and remotely": the payload is `{"aps":{"content-changed":true}}`.
        case .widgets, .controls:
            topicSuffix(context, &findings)
            contentChangedTrue(context, &findings)
            noServiceExtension(context, &findings)
        case .mdm:
            noServiceExtension(context, &findings)
            mdmPayload(context, &findings)
        }
    }

    /// The rules a Live Activity's push shares with a broadcast one.
    private static func liveActivityRules(_ context: PushKindContext, _ findings: inout Findings) {
        liveActivityPriority(context, &findings)
        liveActivityEvent(context, &findings)
        noServiceExtension(context, &findings)
        liveActivityKeys(context, &findings)
    }

    // MARK: - Headers

    static func topicSuffix(_ context: PushKindContext, _ findings: inout Findings) {
        guard let suffix = context.kind.topicSuffix, let topic = context.headers.topic, !topic.trimmed.isEmpty,
            !topic.hasSuffix(suffix)
        else { return }
        findings.append(
            Finding(
                .kindTopicSuffix, path: "apns-topic",
                message:
                    "apns-topic \(Quoting.bounded(topic)) does not end in \(suffix): APNs takes a \(context.kind.rawValue) push only on the topic <bundle id>\(suffix)",
                fix: "set apns-topic to the app's bundle id followed by \(suffix)"))
    }

    static func backgroundPriority(_ context: PushKindContext, _ findings: inout Findings) {
        // Absent, APNs sends it at priority 10 ("Sending notification requests to APNs", apns-priority).
        let priority = context.headers.priority ?? "10"
        guard priority == "10" else { return }
        findings.append(
            Finding(
                .kindPriority, path: "apns-priority",
                message:
                    "a background push at priority 10\(context.headers.priority == nil ? " (APNs's default when the header is absent)" : ""): Apple says \"Always use priority 5. Using priority 10 is an error.\"",
                fix: "send apns-priority: 5 with background pushes"))
    }

    static func liveActivityPriority(_ context: PushKindContext, _ findings: inout Findings) {
        // Apple, ActivityKit push notifications: "apns-priority … 5 or 10".
        guard context.headers.priority == "1" else { return }
        findings.append(
            Finding(
                .kindPriority, path: "apns-priority",
                message: "a Live Activity push takes apns-priority 5 or 10; 1 is not one of them",
                fix: "send apns-priority: 10 for an update people should see now, 5 otherwise"))
    }

    static func pushToTalkHeaders(_ context: PushKindContext, _ findings: inout Findings) {
        if let priority = context.headers.priority, priority != "10", ["5", "1"].contains(priority) {
            findings.append(
                Finding(
                    .kindPriority, path: "apns-priority",
                    message:
                        "a push-to-talk push at priority \(priority): Apple says to set the APNs priority to 10, so the device wakes at once",
                    fix: "send apns-priority: 10 (or leave it out: 10 is APNs's default)"))
        }
        guard context.headers.expiration != "0" else { return }
        let given = context.headers.expiration.map { "is \(Quoting.bounded($0))" } ?? "is absent"
        findings.append(
            Finding(
                .kindExpiration, path: "apns-expiration",
                message:
                    "apns-expiration \(given): Apple says to set an expiration of 0 for push to talk, so a late push is not delivered",
                fix: "send apns-expiration: 0"))
    }

    // MARK: - Payload

    /// An alert push with no alert, badge or sound: nothing is shown.
    static func somethingToShow(_ context: PushKindContext, _ findings: inout Findings) {
        guard let aps = context.payload.aps, aps.isObject else { return }
        if context.payload.alert != nil {
            PayloadRules.alert(context.payload, &findings)
            return
        }
        guard aps["badge"] == nil, aps["sound"] == nil else { return }
        if aps["content-available"]?.isNumber(written: "1") == true {
            // Apple, "Sending notification requests to APNs": an alert push is for "an alert,
            // badge, or sound"; a background update is sent as background at priority 5.
            findings.append(
                Finding(
                    .kindSilentAsAlert, path: "apns-push-type",
                    message:
                        "a content-available-only payload sent as an alert push: iOS shows nothing, and may not wake the app, since Apple sends background updates with apns-push-type background",
                    fix: "send it with apns-push-type: background and apns-priority: 5"))
            return
        }
        findings.append(
            Finding(
                .alertMissing, path: "aps.alert",
                message: "aps has no alert, badge or sound: iOS shows nothing for this alert push",
                fix: "add \"alert\": {\"title\": \"...\", \"body\": \"...\"} (or a badge or sound) inside aps"))
    }

    static func contentAvailable(_ context: PushKindContext, _ findings: inout Findings) {
        if let aps = context.payload.aps, !aps.isObject {
            return PayloadRules.apsPresent(context.payload, &findings)
        }
        guard let value = context.payload.aps?["content-available"] else {
            findings.append(
                Finding(
                    .kindKeyMissing, path: "aps.content-available",
                    message: "a background push without aps.content-available 1 does not wake the app",
                    fix: "send {\"aps\": {\"content-available\": 1}} and put the app's data beside aps"))
            return
        }
        guard !value.isNumber(written: "1") else { return }
        findings.append(
            Finding(
                .kindKeyInvalid, path: "aps.content-available",
                message:
                    "aps.content-available is \(value.shortDescription): only the number 1 makes iOS wake the app for a background push",
                fix: "set \"content-available\": 1 (the number)"))
    }

    static func nothingShownInBackground(_ context: PushKindContext, _ findings: inout Findings) {
        guard let aps = context.payload.aps, aps.isObject else { return }
        let shown = ["alert", "badge", "sound"].filter { aps[$0] != nil }
        guard !shown.isEmpty else { return }
        findings.append(
            Finding(
                .kindAlertInBackground, path: "aps." + shown[0],
                message:
                    "a background push with \(shown.joined(separator: ", ")): iOS delivers it as a silent background update, and Apple's background push carries no alert, badge or sound, so the safe side is that nothing is shown",
                fix:
                    "send what people should see as an alert push (apns-push-type: alert), or remove \(shown.joined(separator: ", "))"
            ))
    }

    /// The Notification Service Extension runs only for an alert push (Apple,
    /// "Modifying content in newly delivered notifications"): `mutable-content` or media asked
    /// for in another kind does nothing.
    static func noServiceExtension(_ context: PushKindContext, _ findings: inout Findings) {
        let mutable = context.payload.mutableContent != nil
        guard mutable || context.expectMedia else { return }
        findings.append(
            Finding(
                .pushTypeNotAlert, path: mutable ? "aps.mutable-content" : "apns-push-type",
                message:
                    "apns-push-type is \(context.headers.pushType ?? "alert"): the Notification Service Extension only runs for alert pushes, so no media is attached",
                fix: "send rich notifications with apns-push-type: alert"))
    }

    static func liveActivityEvent(_ context: PushKindContext, _ findings: inout Findings) {
        guard let aps = context.payload.aps else {
            return findings.append(
                missing("aps", "a Live Activity push needs an aps dictionary with event, timestamp and content-state"))
        }
        guard aps.isObject else { return PayloadRules.apsPresent(context.payload, &findings) }
        var required = ["event", "timestamp"]
        let event = aps["event"]?.string
        if event == "start" {
            // A push-to-start (iOS 17.2) names the activity's type and attributes and alerts the person.
            required += ["content-state", "attributes-type", "attributes", "alert"]
        } else if event == "update" || event == "end" {
            required += ["content-state"]
        }
        let what = event.map { "a Live Activity \($0) push" } ?? "a Live Activity push"
        for key in required where aps[key] == nil {
            findings.append(missing("aps." + key, "\(what) without aps.\(key): ActivityKit does not apply it"))
        }
    }

    /// The aps keys of a Live Activity: the alert may hold loc dictionaries and a sound
    /// (Apple's own start example), `relevance-score` is any number.
    static func liveActivityKeys(_ context: PushKindContext, _ findings: inout Findings) {
        PayloadRules.apsKeys(context.payload, &findings, skipping: .alert)
        guard let alert = context.payload.alert else { return }
        guard alert.isString || alert.isObject else {
            return findings.append(
                Finding(
                    .apsKeyInvalidType, path: "aps.alert",
                    message:
                        "aps.alert is \(alert.shortDescription); a Live Activity alert is an object with title and body",
                    fix: "set \"alert\": {\"title\": \"...\", \"body\": \"...\"}"))
        }
        guard let members = alert.members else { return }
        for member in members where ["title", "subtitle", "body"].contains(member.key) {
            // A string, or a loc dictionary: {"loc-key": "...", "loc-args": [...]}.
            if member.value.isString || member.value["loc-key"]?.isString == true { continue }
            findings.append(
                Finding(
                    .apsKeyInvalidType, path: "aps.alert." + member.key,
                    message:
                        "aps.alert.\(member.key) is \(member.value.shortDescription); it must be a string or {\"loc-key\": ..., \"loc-args\": [...]}",
                    fix: "set aps.alert.\(member.key) to a string, or a dictionary with a loc-key"))
        }
    }

    static func contentChangedTrue(_ context: PushKindContext, _ findings: inout Findings) {
        guard let value = context.payload.aps?["content-changed"] else {
            return findings.append(
                missing(
                    "aps.content-changed",
                    "a \(context.kind.rawValue) push without aps.content-changed true: WidgetKit reloads nothing"))
        }
        guard value.node.kind != .true else { return }
        findings.append(
            Finding(
                .kindKeyInvalid, path: "aps.content-changed",
                message:
                    "aps.content-changed is \(value.shortDescription); Apple's payload is {\"aps\":{\"content-changed\":true}}",
                fix: "set \"content-changed\": true (the boolean)"))
    }

    /// Apple's current pages give no MDM payload; the MDM protocol reference and APNs clients
    /// send `{"mdm": "<PushMagic>"}`, the device's PushMagic string. Without it the safe side
    /// is a warning: the device may not check in.
    static func mdmPayload(_ context: PushKindContext, _ findings: inout Findings) {
        if context.payload.root["mdm"]?.isString == true { return }
        findings.append(
            Finding(
                .kindMDMMagic, path: "mdm",
                message: "an mdm push without a string mdm key (the device's PushMagic): the device may not check in",
                fix: "send {\"mdm\": \"<the PushMagic the device gave at enrollment>\"}"))
    }

    private static func missing(_ path: String, _ message: String) -> Finding {
        Finding(
            .kindKeyMissing, path: path, message: message,
            fix:
                "add \(path.split(separator: ".").last.map(String.init) ?? path) (see Apple's payload for this push kind)"
        )
    }
}
