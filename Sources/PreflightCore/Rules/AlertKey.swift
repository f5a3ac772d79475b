/// The keys Apple defines in an `aps.alert` dictionary (Apple, "Generating a remote
/// notification", the alert dictionary), recognised from a key's UTF-8 bytes the way `APSKey`
/// recognises the `aps` keys: a switch on the length and a byte, then one comparison. Every
/// alert dictionary is read on every rich push; this makes no `String` and hashes nothing.
enum AlertKey: CaseIterable, Sendable {
    case title, subtitle, body, launchImage, summaryArg, action
    case titleLocKey, subtitleLocKey, locKey, actionLocKey
    case titleLocArgs, subtitleLocArgs, locArgs, summaryArgCount

    /// What the key's value must be.
    enum Shape: Sendable {
        /// A string.
        case string
        /// A string, or `null` (a localization key left out).
        case localizationKey
        /// An array of strings.
        case arguments
        /// An integer >= 0.
        case count
    }

    /// The key as Apple writes it.
    var name: StaticString {
        switch self {
        case .title: "title"
        case .subtitle: "subtitle"
        case .body: "body"
        case .launchImage: "launch-image"
        case .summaryArg: "summary-arg"
        case .action: "action"
        case .titleLocKey: "title-loc-key"
        case .subtitleLocKey: "subtitle-loc-key"
        case .locKey: "loc-key"
        case .actionLocKey: "action-loc-key"
        case .titleLocArgs: "title-loc-args"
        case .subtitleLocArgs: "subtitle-loc-args"
        case .locArgs: "loc-args"
        case .summaryArgCount: "summary-arg-count"
        }
    }

    /// The key's path from the payload's top (`aps.alert.title`), a literal: no `String` is built for it.
    var path: String {
        switch self {
        case .title: "aps.alert.title"
        case .subtitle: "aps.alert.subtitle"
        case .body: "aps.alert.body"
        case .launchImage: "aps.alert.launch-image"
        case .summaryArg: "aps.alert.summary-arg"
        case .action: "aps.alert.action"
        case .titleLocKey: "aps.alert.title-loc-key"
        case .subtitleLocKey: "aps.alert.subtitle-loc-key"
        case .locKey: "aps.alert.loc-key"
        case .actionLocKey: "aps.alert.action-loc-key"
        case .titleLocArgs: "aps.alert.title-loc-args"
        case .subtitleLocArgs: "aps.alert.subtitle-loc-args"
        case .locArgs: "aps.alert.loc-args"
        case .summaryArgCount: "aps.alert.summary-arg-count"
        }
    }

    var shape: Shape {
        switch self {
        case .title, .subtitle, .body, .launchImage, .summaryArg, .action: .string
        case .titleLocKey, .subtitleLocKey, .locKey, .actionLocKey: .localizationKey
        case .titleLocArgs, .subtitleLocArgs, .locArgs: .arguments
        case .summaryArgCount: .count
        }
    }

    /// The key `bytes` spell (escapes already undone), nil for a key Apple does not define.
    init?(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let candidate = Self.candidate(bytes), APSKey.equals(bytes, candidate.name) else { return nil }
        self = candidate
    }

    /// The only key `bytes` could be, from their length and one byte.
    private static func candidate(_ bytes: UnsafeBufferPointer<UInt8>) -> AlertKey? {
        guard let first = bytes.first else { return nil }
        switch (bytes.count, first) {
        case (4, _): return .body
        case (5, _): return .title
        case (6, _): return .action
        case (7, _): return .locKey
        case (8, UInt8(ascii: "s")): return .subtitle
        case (8, UInt8(ascii: "l")): return .locArgs
        case (11, _): return .summaryArg
        case (12, _): return .launchImage
        case (13, _): return .titleLocKey
        case (14, UInt8(ascii: "a")): return .actionLocKey
        case (14, UInt8(ascii: "t")): return .titleLocArgs
        case (16, _): return .subtitleLocKey
        // "subtitle-loc-args" and "summary-arg-count" part at their third byte.
        case (17, _): return bytes[2] == UInt8(ascii: "b") ? .subtitleLocArgs : .summaryArgCount
        default: return nil
        }
    }
}
