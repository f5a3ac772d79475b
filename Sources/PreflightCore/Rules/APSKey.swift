/// The keys Apple defines in `aps` (Apple, "Generating a remote notification"), recognised from
/// a key's UTF-8 bytes: a switch on the length, then on a byte that tells the keys of that length
/// apart, then one comparison. The rules run on every push; this makes no `String` and hashes
/// nothing.
enum APSKey: CaseIterable, Sendable {
    case alert, badge, sound, threadID, category, contentAvailable, mutableContent, targetContentID
    case interruptionLevel, relevanceScore, filterCriteria, staleDate, contentState, timestamp, event
    case dismissalDate, attributesType, attributes, inputPushToken, inputPushChannel

    /// The key as Apple writes it.
    var name: StaticString {
        switch self {
        case .alert: "alert"
        case .badge: "badge"
        case .sound: "sound"
        case .threadID: "thread-id"
        case .category: "category"
        case .contentAvailable: "content-available"
        case .mutableContent: "mutable-content"
        case .targetContentID: "target-content-id"
        case .interruptionLevel: "interruption-level"
        case .relevanceScore: "relevance-score"
        case .filterCriteria: "filter-criteria"
        case .staleDate: "stale-date"
        case .contentState: "content-state"
        case .timestamp: "timestamp"
        case .event: "event"
        case .dismissalDate: "dismissal-date"
        case .attributesType: "attributes-type"
        case .attributes: "attributes"
        case .inputPushToken: "input-push-token"
        case .inputPushChannel: "input-push-channel"
        }
    }

    /// The key's path from the payload's top (`aps.badge`), a literal: no `String` is built for it.
    var path: String {
        switch self {
        case .alert: "aps.alert"
        case .badge: "aps.badge"
        case .sound: "aps.sound"
        case .threadID: "aps.thread-id"
        case .category: "aps.category"
        case .contentAvailable: "aps.content-available"
        case .mutableContent: "aps.mutable-content"
        case .targetContentID: "aps.target-content-id"
        case .interruptionLevel: "aps.interruption-level"
        case .relevanceScore: "aps.relevance-score"
        case .filterCriteria: "aps.filter-criteria"
        case .staleDate: "aps.stale-date"
        case .contentState: "aps.content-state"
        case .timestamp: "aps.timestamp"
        case .event: "aps.event"
        case .dismissalDate: "aps.dismissal-date"
        case .attributesType: "aps.attributes-type"
        case .attributes: "aps.attributes"
        case .inputPushToken: "aps.input-push-token"
        case .inputPushChannel: "aps.input-push-channel"
        }
    }

    /// Apple, "Starting and updating Live Activities with ActivityKit push notifications": the
    /// keys that only act in a `liveactivity` push.
    var isLiveActivityOnly: Bool {
        switch self {
        case .event, .contentState, .attributesType, .attributes, .inputPushToken, .inputPushChannel,
            .dismissalDate, .staleDate:
            true
        default: false
        }
    }

    /// The key `bytes` spell (escapes already undone), nil for a key Apple does not define.
    init?(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let candidate = Self.candidate(bytes), Self.equals(bytes, candidate.name) else { return nil }
        self = candidate
    }

    /// The only key `bytes` could be, from their length and one byte.
    private static func candidate(_ bytes: UnsafeBufferPointer<UInt8>) -> APSKey? {
        guard let first = bytes.first else { return nil }
        switch (bytes.count, first) {
        case (5, UInt8(ascii: "a")): return .alert
        case (5, UInt8(ascii: "b")): return .badge
        case (5, UInt8(ascii: "s")): return .sound
        case (5, UInt8(ascii: "e")): return .event
        case (8, _): return .category
        case (9, UInt8(ascii: "t")): return bytes[1] == UInt8(ascii: "h") ? .threadID : .timestamp
        case (10, UInt8(ascii: "s")): return .staleDate
        case (10, UInt8(ascii: "a")): return .attributes
        case (13, _): return .contentState
        case (14, _): return .dismissalDate
        case (15, UInt8(ascii: "m")): return .mutableContent
        case (15, UInt8(ascii: "r")): return .relevanceScore
        case (15, UInt8(ascii: "f")): return .filterCriteria
        case (15, UInt8(ascii: "a")): return .attributesType
        case (16, _): return .inputPushToken
        case (17, UInt8(ascii: "c")): return .contentAvailable
        case (17, UInt8(ascii: "t")): return .targetContentID
        case (18, UInt8(ascii: "i")): return bytes[2] == UInt8(ascii: "p") ? .inputPushChannel : .interruptionLevel
        default: return nil
        }
    }

    static func equals(_ bytes: UnsafeBufferPointer<UInt8>, _ name: StaticString) -> Bool {
        name.withUTF8Buffer { ByteScan.same(bytes, $0) }
    }
}
