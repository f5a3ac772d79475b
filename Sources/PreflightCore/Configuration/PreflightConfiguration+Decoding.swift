/// Why a configuration cannot be used; `message` names the key.
public struct ConfigurationError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}

extension PreflightConfiguration {
    /// Reads the JSON configuration file's bytes over the built-in defaults.
    /// An unknown key or a wrong type throws an error that names the key.
    public static func decode(_ bytes: [UInt8]) throws(ConfigurationError) -> PreflightConfiguration {
        let root: JSONValue
        do {
            root = try JSONParser.parse(bytes).value
        } catch {
            throw ConfigurationError("configuration is not valid JSON: \(error.message)")
        }
        guard let rootMembers = root.members else { throw ConfigurationError("configuration must be a JSON object") }
        var config = PreflightConfiguration()
        try ConfigObject(path: "", members: rootMembers).read(keys, into: &config)
        return config
    }

    /// The profile names, for messages.
    public var profileNames: String { profiles.keys.sorted().joined(separator: ", ") }

    /// The profile for a request: the one it names (`?profile=`, `Preflight-Profile`), else the
    /// one `apps` gives its `apns-topic`, else `default_profile`. nil when the named one does not exist.
    public func profile(named name: String?, topic: String?) -> ExtensionProfile? {
        if let name { return profiles[name] }
        if let topic, let app = apps[topic] { return profiles[app] }
        return profiles[defaultProfile]
    }

    /// The profile `apps` gives `topic`, if any.
    public func appProfile(topic: String?) -> ExtensionProfile? {
        topic.flatMap { apps[$0] }.flatMap { profiles[$0] }
    }

    /// Applies `PREFLIGHT_HOST`, `PREFLIGHT_PORT`, `PREFLIGHT_ADMIN_HOST`, `PREFLIGHT_ADMIN_PORT`
    /// (either turns the admin listener on; its host defaults to the API's) and
    /// `PREFLIGHT_API_KEYS` (comma-separated).
    public mutating func applyEnvironment(_ environment: [String: String]) throws(ConfigurationError) {
        if let host = environment["PREFLIGHT_HOST"], !host.isEmpty {
            try Self.checkListenHost(host, key: "PREFLIGHT_HOST")
            listen.host = host
        }
        if let port = environment["PREFLIGHT_PORT"], !port.isEmpty {
            guard let value = Int(port), (0...65535).contains(value) else {
                throw ConfigurationError("PREFLIGHT_PORT: expected a port number 0...65535, got \"\(port)\"")
            }
            listen.port = value
        }
        let adminHost = environment["PREFLIGHT_ADMIN_HOST"].flatMap { $0.isEmpty ? nil : $0 }
        let adminPort = environment["PREFLIGHT_ADMIN_PORT"].flatMap { $0.isEmpty ? nil : $0 }
        if adminHost != nil || adminPort != nil {
            var admin = server.adminListen ?? Listen()
            if server.adminListen == nil {
                admin.host = listen.host
                admin.port = 9090
            }
            if let adminHost { admin.host = adminHost }
            if let adminPort {
                guard let value = Int(adminPort), (0...65535).contains(value) else {
                    throw ConfigurationError(
                        "PREFLIGHT_ADMIN_PORT: expected a port number 0...65535, got \"\(adminPort)\"")
                }
                admin.port = value
            }
            server.adminListen = admin
        }
        if let keys = environment["PREFLIGHT_API_KEYS"] {
            let parsed = keys.split(separator: ",").map { String($0).trimmed }.filter { !$0.isEmpty }
            // An empty or blank variable would otherwise turn off the keys of the file silently.
            guard !parsed.isEmpty else {
                throw ConfigurationError(
                    "PREFLIGHT_API_KEYS: no key in \"\(keys)\"; give comma-separated keys, "
                        + "or unset the variable to use auth.api_keys")
            }
            auth.apiKeys = parsed
        }
    }
}

extension String {
    /// The string without leading and trailing spaces and tabs.
    var trimmed: String {
        var scalars = Substring(self)
        while let first = scalars.first, first == " " || first == "\t" { scalars.removeFirst() }
        while let last = scalars.last, last == " " || last == "\t" { scalars.removeLast() }
        return String(scalars)
    }
}
