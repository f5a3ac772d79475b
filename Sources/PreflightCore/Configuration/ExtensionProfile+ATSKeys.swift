// A profile's `ats` object (`profiles.NAME.ats`): the extension's NSAppTransportSecurity, one
// table per object (`ConfigKey`), each key named after Apple's.

extension ExtensionProfile {
    /// `{"allows_arbitrary_loads": true, "exception_domains": {...}}`; `null` for none.
    static func readATS(_ object: ConfigObject, _ key: String, _ profile: inout Self) throws(ConfigurationError) {
        guard let group = try object.optionalObject(key) else {
            profile.ats = nil
            return
        }
        var ats = profile.ats ?? AppTransportSecurity()
        try group.read(AppTransportSecurity.keys, into: &ats)
        profile.ats = ats
    }
}

extension AppTransportSecurity {
    static var keys: [ConfigKey<Self>] {
        [
            .bool("allows_arbitrary_loads", \.allowsArbitraryLoads),
            ConfigKey("allows_local_networking") {
                (object: ConfigObject, key: String, ats: inout Self) throws(ConfigurationError) in
                guard object.rawValue(key) != nil else { return }
                var value = false
                try object.bool(key, into: &value)
                ats.allowsLocalNetworking = value
            },
            ConfigKey("exception_domains", read: readExceptionDomains),
        ]
    }

    /// `{"media.example": {...}}`: each name as Apple's NSExceptionDomains rules want it.
    static func readExceptionDomains(_ object: ConfigObject, _ key: String, _ ats: inout Self)
        throws(ConfigurationError)
    {
        guard let domains = try object.object(key) else { return }
        try domains.checkRepeats()
        var entries: [String: ExceptionDomain] = [:]
        for member in domains.members {
            try checkDomain(member.key, at: domains.name(member.key))
            guard let entryObject = try domains.object(member.key) else { continue }
            var entry = ExceptionDomain()
            try entryObject.read(ExceptionDomain.keys, into: &entry)
            entries[member.key] = entry
        }
        ats.exceptionDomains = entries
    }

    /// NSExceptionDomains: "Use lowercase", "Don't include a port number". An IP address or
    /// range (iOS 17 and later) is not modelled: refused, so no exception is assumed that the
    /// phone might not grant.
    static func checkDomain(_ domain: String, at path: String) throws(ConfigurationError) {
        let allowed = Set("abcdefghijklmnopqrstuvwxyz0123456789-.")
        guard !domain.isEmpty, domain.allSatisfy(allowed.contains), !domain.hasPrefix("."),
            !domain.contains("..")
        else {
            throw ConfigurationError(
                "\(path): not a lower-case domain name (letters, digits, - and .; no scheme, port, path or wildcard)")
        }
        if domain.allSatisfy({ $0.isNumber || $0 == "." }) {
            throw ConfigurationError("\(path): IP addresses are not modelled; name the host by its domain")
        }
    }
}

extension AppTransportSecurity.ExceptionDomain {
    static var keys: [ConfigKey<Self>] {
        [
            .bool("includes_subdomains", \.includesSubdomains),
            .bool("allows_insecure_http_loads", \.allowsInsecureHTTPLoads),
            .bool("requires_forward_secrecy", \.requiresForwardSecrecy),
            ConfigKey("minimum_tls_version") {
                (object: ConfigObject, key: String, entry: inout Self) throws(ConfigurationError) in
                var text = entry.minimumTLSVersion.rawValue
                try object.string(key, into: &text)
                guard let version = AppTransportSecurity.TLSVersion(rawValue: text) else {
                    let names = AppTransportSecurity.TLSVersion.allCases.map(\.rawValue).joined(separator: ", ")
                    throw ConfigurationError("\(object.name(key)): \"\(text)\" is not one of \(names)")
                }
                entry.minimumTLSVersion = version
            },
        ]
    }
}
