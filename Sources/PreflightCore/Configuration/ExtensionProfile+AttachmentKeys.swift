// A profile's keys for several attachments and the download's Accept header (`profiles.NAME`).

extension ExtensionProfile {
    /// `"first"` or `"every"`; `every` keeps the order and failure rule the profile has (a
    /// preset's, else sequential and drops-that-one), which `order` and `on_failure` then set.
    static func readAttachments(_ object: ConfigObject, _ key: String, _ profile: inout Self) throws(ConfigurationError)
    {
        var given: String?
        try object.optionalString(key, into: &given)
        guard let text = given else { return }
        switch text {
        case "first": profile.attachments = .first
        case "every":
            if case .first = profile.attachments {
                profile.attachments = .every(order: .sequential, onFailure: .dropsThatOne)
            }
        default: throw ConfigurationError("\(object.name(key)): \"\(text)\" is not first or every")
        }
    }

    /// Read after `attachments`: only an extension that attaches every value has an order.
    static func readOrder(_ object: ConfigObject, _ key: String, _ profile: inout Self) throws(ConfigurationError) {
        guard let text = try everyValue(object, key, profile) else { return }
        guard let order = Order(rawValue: text), case .every(_, let onFailure) = profile.attachments else {
            let names = Order.allCases.map(\.rawValue).joined(separator: " or ")
            throw ConfigurationError("\(object.name(key)): \"\(text)\" is not \(names)")
        }
        profile.attachments = .every(order: order, onFailure: onFailure)
    }

    static func readOnFailure(_ object: ConfigObject, _ key: String, _ profile: inout Self) throws(ConfigurationError) {
        guard let text = try everyValue(object, key, profile) else { return }
        guard let rule = FailureRule(rawValue: text), case .every(let order, _) = profile.attachments else {
            let names = FailureRule.allCases.map(\.rawValue).joined(separator: " or ")
            throw ConfigurationError("\(object.name(key)): \"\(text)\" is not \(names)")
        }
        profile.attachments = .every(order: order, onFailure: rule)
    }

    /// The string at `key`, refused when the profile attaches only the first value.
    private static func everyValue(_ object: ConfigObject, _ key: String, _ profile: Self) throws(ConfigurationError)
        -> String?
    {
        var given: String?
        try object.optionalString(key, into: &given)
        guard let text = given else { return nil }
        guard profile.attachesEvery else {
            throw ConfigurationError(
                "\(object.name(key)): only a profile with \"attachments\": \"every\" downloads several media")
        }
        return text
    }

    /// An HTTP field value (RFC 9110, section 5.5): visible ASCII and spaces, not empty; a CR,
    /// LF or other control would end the header early or smuggle another one.
    static func readAccept(_ object: ConfigObject, _ key: String, _ profile: inout Self) throws(ConfigurationError) {
        var accept = profile.accept
        try object.optionalString(key, into: &accept)
        if let accept {
            let bytes = accept.utf8
            guard !bytes.isEmpty, bytes.allSatisfy({ $0 == 0x20 || (0x21...0x7E).contains($0) }),
                bytes.first != 0x20, bytes.last != 0x20
            else {
                throw ConfigurationError(
                    "\(object.name(key)): an Accept value is visible ASCII (image/webp, image/*;q=0.8), not \(Quoting.bounded(accept))"
                )
            }
        }
        profile.accept = accept
    }
}
