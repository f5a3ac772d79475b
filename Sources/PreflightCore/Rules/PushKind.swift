/// What a push is judged as: its `apns-push-type`, and for an alert whether the Notification
/// Service Extension acts on it. Each kind has its own rules (`PushKindRules.apply`).
///
/// ```swift
/// PushKind.judge(pushType: "background", aps: root["aps"], mediaFound: false, expectMedia: false)  // .background
/// ```
public enum PushKind: String, Sendable, CaseIterable {
    /// An alert the extension acts on: `mutable-content`, a media URL under the profile's keys, or `expect=media`.
    case richAlert = "rich-alert"
    /// An alert, badge or sound the system shows as sent (Apple, "Sending notification requests
    /// to APNs", `alert`: "notifications that trigger a user interaction—for example, an alert, badge, or sound").
    case alert
    case background
    case voip
    case liveActivity = "liveactivity"
    /// A Live Activity update sent to a channel (`apns-channel-id`).
    case liveActivityBroadcast = "liveactivity-broadcast"
    case pushToTalk = "pushtotalk"
    case widgets
    case controls
    case location
    case complication
    case fileProvider = "fileprovider"
    case mdm

    /// The kind of a push: `pushType` (`alert` when absent; an unknown type is judged as an
    /// alert, beside its `headers.push-type.invalid`), the payload's `aps`, whether a media URL
    /// was found under the profile's keys, and whether a channel id makes it a broadcast.
    public static func judge(
        pushType: String?, aps: JSONView?, mediaFound: Bool, expectMedia: Bool, broadcast: Bool = false
    ) -> PushKind {
        judge(
            pushType: pushType, mutable: aps?["mutable-content"] != nil, mediaFound: mediaFound,
            expectMedia: expectMedia, broadcast: broadcast)
    }

    /// `judge` with whether `aps` holds `mutable-content` already looked up (`PayloadContext`).
    static func judge(
        pushType: String?, mutable: Bool, mediaFound: Bool, expectMedia: Bool, broadcast: Bool
    ) -> PushKind {
        if let pushType, let named = named(byPushType: pushType, broadcast: broadcast) { return named }
        return mutable || mediaFound || expectMedia ? .richAlert : .alert
    }

    /// The kind a push type other than `alert` names, exactly as spelled; nil for `alert` and for
    /// a type APNs does not know (both judged from the payload). Told apart by length, then by
    /// bytes: a `switch` over the strings compared the type with each case in turn, twice a push.
    static func named(byPushType pushType: String, broadcast: Bool) -> PushKind? {
        pushType.withUTF8InPlace { type in
            func spells(_ name: StaticString) -> Bool { name.withUTF8Buffer { ByteScan.same(type, $0) } }
            switch type.count {
            case 3: return spells("mdm") ? .mdm : nil
            case 4: return spells("voip") ? .voip : nil
            case 7: return spells("widgets") ? .widgets : nil
            case 8: return spells("controls") ? .controls : spells("location") ? .location : nil
            case 10: return spells("background") ? .background : spells("pushtotalk") ? .pushToTalk : nil
            case 12:
                if spells("liveactivity") { return broadcast ? .liveActivityBroadcast : .liveActivity }
                return spells("complication") ? .complication : spells("fileprovider") ? .fileProvider : nil
            default: return nil
            }
        }
    }

    /// The kind judged from the headers alone, for a body with no payload to read (not JSON,
    /// not an object, a provider's request that cannot be derived).
    public static func judge(headers: APNsHeaders, expectMedia: Bool) -> PushKind {
        judge(
            pushType: headers.pushType, aps: nil, mediaFound: false, expectMedia: expectMedia,
            broadcast: headers.channelID != nil)
    }

    /// Whether the Notification Service Extension runs for this kind (Apple,
    /// UNNotificationServiceExtension: only for an alert push with `mutable-content`).
    public var runsServiceExtension: Bool { self == .richAlert }

    /// The `apns-topic` suffix the kind needs (Apple, "Sending notification requests to APNs",
    /// `apns-push-type`: "the apns-topic header field must use your app's bundle ID with … appended").
    /// Nil where the topic is the bundle id (alert, background), the MDM certificate's topic, or
    /// absent (a broadcast names its app in the path).
    public var topicSuffix: String? {
        switch self {
        case .voip: ".voip"
        case .liveActivity: ".push-type.liveactivity"
        case .pushToTalk: ".voip-ptt"
        case .widgets: ".push-type.widgets"
        case .controls: ".push-type.controls"
        case .location: ".location-query"
        case .complication: ".complication"
        case .fileProvider: ".pushkit.fileprovider"
        case .richAlert, .alert, .background, .liveActivityBroadcast, .mdm: nil
        }
    }
}
