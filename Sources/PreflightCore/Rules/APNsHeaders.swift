/// The APNs request headers a sender will send with the payload; each is optional.
///
/// Each property is initialized once, by the one initializer (docs/architecture.md,
/// "Initialized once, not assigned over").
public struct APNsHeaders: Sendable, Equatable {
    public var pushType: Optional<String>
    public var priority: Optional<String>
    public var topic: Optional<String>
    public var expiration: Optional<String>
    public var collapseID: Optional<String>
    public var id: Optional<String>
    /// `apns-channel-id`: the broadcast channel a Live Activity update is published to.
    public var channelID: Optional<String>
    /// `apns-request-id`: a broadcast request's own identifier, returned in APNs' answer.
    public var requestID: Optional<String>
    /// `ServiceBusNotification-Format`: the platform an Azure Notification Hubs send is for
    /// (`apple` for APNs). Not an APNs header: the hub reads it and sends APNs the body.
    public var serviceBusFormat: Optional<String>
    /// `ServiceBusNotification-Apns-Expiry`: the expiry, a W3C date, the hub turns into `apns-expiration`.
    public var serviceBusAPNsExpiry: Optional<String>
    /// The `names` given more than once (lowercased, each once, in the order their repeat was
    /// seen). APNs refuses such a request (`DuplicateHeaders`), so a repeated header's value is
    /// not judged: it is cleared.
    public var repeated: [String]

    public init() {
        self.init(pushType: nil)
    }

    public init(
        pushType: String? = nil, priority: String? = nil, topic: String? = nil, expiration: String? = nil,
        collapseID: String? = nil, id: String? = nil, channelID: String? = nil, requestID: String? = nil
    ) {
        self.pushType = pushType
        self.priority = priority
        self.topic = topic
        self.expiration = expiration
        self.collapseID = collapseID
        self.id = id
        self.channelID = channelID
        self.requestID = requestID
        serviceBusFormat = nil
        serviceBusAPNsExpiry = nil
        repeated = []
    }

    /// The request headers APNs defines besides `authorization` (Apple, "Sending notification
    /// requests to APNs", header fields; "Sending broadcast push notification requests to APNs"
    /// adds `apns-channel-id` and `apns-request-id`): the one set every entry point accepts.
    /// Another name starting with `apns-` is refused everywhere (a typo, or a folded line); other
    /// headers are ignored.
    public static let names = Field.allCases.filter(\.isAPNs).map(\.name)

    /// The prefix APNs's header names share: a name under it that is not one of `names` is refused.
    public static let prefix = "apns-"

    /// The Azure Notification Hubs request headers the `azure` envelope reads (Microsoft, "Send an
    /// APNS native notification": https://learn.microsoft.com/en-us/rest/api/notificationhubs/send-apns-native-notification),
    /// lowercased.
    public static let serviceBusFormatName = "servicebusnotification-format"
    public static let serviceBusExpiryName = "servicebusnotification-apns-expiry"

    /// What setting a header did.
    public enum Setting: Equatable {
        /// One of `names`: set.
        case set
        /// Not an `apns-` header: ignored, as everywhere.
        case ignored
        /// An `apns-` name APNs does not define: the caller refuses it.
        case unknownAPNsHeader
    }

    /// Sets the header `name` (any case): one of `names` is set, another `apns-` name is
    /// refused, any other name ignored.
    @discardableResult
    public mutating func set(_ name: String, _ value: String?) -> Setting {
        set(lowercased: name.lowercased(), value)
    }

    /// `set` of a name already lowercased.
    @discardableResult
    public mutating func set(lowercased name: String, _ value: String?) -> Setting {
        if let field = Field(name: name) {
            self[field] = value
            return .set
        }
        return name.hasPrefix(Self.prefix) ? .unknownAPNsHeader : .ignored
    }

    /// Sets the header `name` (any case) as a sender gives it, one occurrence at a time: as
    /// `set`, except that a second occurrence of one of `names` is recorded in `repeated`
    /// and clears the value. The one policy of the API, a batch item's headers and the CLI.
    @discardableResult
    public mutating func give(_ name: String, _ value: String) -> Setting {
        // Most names come lowercased already (APNs' own spelling): `lowercased()` made a new
        // string of them all the same. Checked over the bytes (a `contains(where:)` over the
        // `utf8` view cost as much as the lowercasing).
        let hasUpper = name.withUTF8InPlace { bytes in
            bytes.contains { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }
        }
        let lower = hasUpper ? name.lowercased() : name
        // The field is found once; the rest reads and writes it.
        guard let field = Field(name: lower), field.isAPNs else { return set(lowercased: lower, value) }
        give(field, value)
        return .set
    }

    /// `give` of a header APNs defines (`field.isAPNs`), found already: a batch item's header
    /// named as APNs spells it is found from the bytes of its key (`Field(spelled:)`), with no
    /// `String` made of the name.
    public mutating func give(_ field: Field, _ value: String) {
        if repeated.contains(field.name) { return }
        if self[field] != nil {
            markRepeated(field.name)
            return
        }
        self[field] = value
    }

    /// Records that the header `name` (one of `names`, lowercased) was given more than once, and
    /// clears its value.
    public mutating func markRepeated(_ name: String) {
        guard Self.names.contains(name), !repeated.contains(name) else { return }
        repeated.append(name)
        set(name, nil)
    }

    /// The value of one of `names` (lowercased), or nil.
    subscript(_ name: String) -> String? {
        Field(name: name).flatMap { $0.isAPNs ? self[$0] : nil }
    }

    /// The value of the header `field`.
    public subscript(field: Field) -> String? {
        get {
            switch field {
            case .pushType: pushType
            case .id: id
            case .expiration: expiration
            case .priority: priority
            case .topic: topic
            case .collapseID: collapseID
            case .channelID: channelID
            case .requestID: requestID
            case .serviceBusFormat: serviceBusFormat
            case .serviceBusAPNsExpiry: serviceBusAPNsExpiry
            }
        }
        set {
            switch field {
            case .pushType: pushType = newValue
            case .id: id = newValue
            case .expiration: expiration = newValue
            case .priority: priority = newValue
            case .topic: topic = newValue
            case .collapseID: collapseID = newValue
            case .channelID: channelID = newValue
            case .requestID: requestID = newValue
            case .serviceBusFormat: serviceBusFormat = newValue
            case .serviceBusAPNsExpiry: serviceBusAPNsExpiry = newValue
            }
        }
    }

    /// The push types APNs knows.
    /// Apple, "Sending notification requests to APNs", `apns-push-type`.
    public static let knownPushTypes = [
        "alert", "background", "location", "voip", "complication", "fileprovider", "mdm", "liveactivity",
        "pushtotalk", "widgets", "controls",
    ]

    /// The `apns-topic` suffix each push type needs (Apple, "Sending notification requests to
    /// APNs", `apns-topic` and `apns-push-type`): a topic ending in one of them names another
    /// kind of push than an alert, which APNs then refuses or delivers elsewhere.
    public static let topicSuffixes: [(suffix: String, pushType: String)] = [
        (".voip", "voip"), (".complication", "complication"), (".pushkit.fileprovider", "fileprovider"),
        (".push-type.liveactivity", "liveactivity"), (".push-type.widgets", "widgets"),
        (".push-type.controls", "controls"), (".location-query", "location"), (".voip-ptt", "pushtotalk"),
    ]
}

extension APNsHeaders {
    /// The headers read, each one of the stored properties: APNs's (`names`), then Azure's two.
    public enum Field: CaseIterable, Sendable {
        case pushType, id, expiration, priority, topic, collapseID, channelID, requestID
        case serviceBusFormat, serviceBusAPNsExpiry

        /// The field named `name` (lowercased), or nil.
        public init?(name: String) {
            // The lengths compared first: most names differ in length, and a count is read at once.
            let count = name.utf8.count
            guard let field = Self.allCases.first(where: { $0.name.utf8.count == count && $0.name == name }) else {
                return nil
            }
            self = field
        }

        /// The field whose name is exactly `bytes` (lowercase, as the names are spelled), or nil:
        /// told apart by length, then compared.
        public init?(spelled bytes: UnsafeBufferPointer<UInt8>) {
            func spells(_ field: Field) -> Field? {
                field.name.withUTF8InPlace { ByteScan.same($0, bytes) } ? field : nil
            }
            let found: Field? =
                switch bytes.count {
                case 7: spells(.id)
                case 10: spells(.topic)
                case 13: spells(.priority)
                case 14: spells(.pushType)
                case 15: spells(.expiration) ?? spells(.channelID) ?? spells(.requestID)
                case 16: spells(.collapseID)
                case 29: spells(.serviceBusFormat)
                case 34: spells(.serviceBusAPNsExpiry)
                default: nil
                }
            guard let found else { return nil }
            self = found
        }

        /// The header's name, lowercased.
        public var name: String {
            switch self {
            case .pushType: "apns-push-type"
            case .id: "apns-id"
            case .expiration: "apns-expiration"
            case .priority: "apns-priority"
            case .topic: "apns-topic"
            case .collapseID: "apns-collapse-id"
            case .channelID: "apns-channel-id"
            case .requestID: "apns-request-id"
            case .serviceBusFormat: APNsHeaders.serviceBusFormatName
            case .serviceBusAPNsExpiry: APNsHeaders.serviceBusExpiryName
            }
        }

        /// Whether APNs defines the header (one of `names`), not Azure.
        public var isAPNs: Bool { self != .serviceBusFormat && self != .serviceBusAPNsExpiry }
    }
}
