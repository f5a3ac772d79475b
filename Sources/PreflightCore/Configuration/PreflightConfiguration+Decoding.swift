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
        let top = ConfigObject(path: "", members: rootMembers)
        try top.checkKeys([
            "listen", "server", "auth", "payload", "fetch", "egress", "limits", "cache", "profiles", "apps",
            "default_profile",
        ])

        if let listen = try top.object("listen") {
            try listen.checkKeys(["host", "port"])
            try listen.string("host", into: &config.listen.host)
            try listen.int("port", into: &config.listen.port, in: 0...65535)
            try Self.checkListenHost(config.listen.host, key: "listen.host")
        }
        if let server = try top.object("server") {
            try server.checkKeys([
                "threads", "max_connections", "per_ip_connections", "connection_timeout_s", "max_body_bytes",
                "max_batch_body_bytes", "connection_memory_bytes", "drain_timeout_s", "max_parked_requests",
                "admin_listen", "access_log_buffer_bytes",
            ])
            try server.int("threads", into: &config.server.threads, in: 0...256)
            try server.int("max_connections", into: &config.server.maxConnections, in: 1...1_000_000)
            try server.int("per_ip_connections", into: &config.server.perIPConnections, in: 0...1_000_000)
            try server.int("connection_timeout_s", into: &config.server.connectionTimeoutSeconds, in: 1...86400)
            try server.int("max_body_bytes", into: &config.server.maxBodyBytes, in: 1...(64 << 20))
            try server.int("max_batch_body_bytes", into: &config.server.maxBatchBodyBytes, in: 1...(64 << 20))
            try server.int("connection_memory_bytes", into: &config.server.connectionMemoryBytes, in: 4096...(16 << 20))
            try server.int("drain_timeout_s", into: &config.server.drainTimeoutSeconds, in: 0...3600)
            try server.int("max_parked_requests", into: &config.server.maxParkedRequests, in: 0...1_000_000)
            try server.int(
                "access_log_buffer_bytes", into: &config.server.accessLogBufferBytes, in: 4096...(1 << 30))
            if let admin = try server.optionalObject("admin_listen") {
                try admin.checkKeys(["host", "port"])
                var listen = Listen()
                listen.port = 9090
                try admin.string("host", into: &listen.host)
                try admin.int("port", into: &listen.port, in: 0...65535)
                try Self.checkListenHost(listen.host, key: "server.admin_listen.host")
                config.server.adminListen = listen
            }
            if config.server.maxParkedRequests >= config.server.maxConnections {
                throw ConfigurationError(
                    "server.max_parked_requests: \(config.server.maxParkedRequests) must be below "
                        + "server.max_connections (\(config.server.maxConnections)), or 0 for three quarters of it")
            }
        }
        if let auth = try top.object("auth") {
            try auth.checkKeys(["api_keys"])
            try auth.strings("api_keys", into: &config.auth.apiKeys)
        }
        if let payload = try top.object("payload") {
            if let keys = payload.rawValue("media_keys") {
                // Dotted keys: the message gives the JSON Pointers that replace them, ready to paste.
                let dotted: [String] = if case .array(let items) = keys { items.compactMap(\.string) } else { [] }
                let pointers = dotted.map { "\"" + JSONPointer.fromDotted($0) + "\"" }.joined(separator: ", ")
                throw ConfigurationError(
                    "payload.media_keys: replaced by profiles, whose media_keys are JSON Pointers; write "
                        + "\"profiles\": {\"generic\": {\"media_keys\": [\(pointers)]}} "
                        + "(and see the presets in docs/profiles.md)"
                )
            }
            try payload.checkKeys(["max_bytes", "voip_max_bytes", "allow_http_media", "max_url_bytes"])
            try payload.int("max_url_bytes", into: &config.payload.maxURLBytes, in: 16...(1 << 20))
            try payload.int("max_bytes", into: &config.payload.maxBytes, in: 1...(1 << 20))
            try payload.int("voip_max_bytes", into: &config.payload.voipMaxBytes, in: 1...(1 << 20))
            try payload.bool("allow_http_media", into: &config.payload.allowHTTPMedia)
        }
        if let fetch = try top.object("fetch") {
            try fetch.checkKeys([
                "enabled", "timeout_ms", "connect_timeout_ms", "slow_ms", "low_speed_bytes_per_s", "low_speed_time_s",
                "max_redirects", "max_concurrent", "max_lookups", "ca_file", "resolve", "moov_budget_bytes",
            ])
            try fetch.bool("enabled", into: &config.fetch.enabled)
            try fetch.int("timeout_ms", into: &config.fetch.timeoutMs, in: 1...600_000)
            try fetch.int("connect_timeout_ms", into: &config.fetch.connectTimeoutMs, in: 1...600_000)
            try fetch.int("slow_ms", into: &config.fetch.slowMs, in: 0...600_000)
            try fetch.int("low_speed_bytes_per_s", into: &config.fetch.lowSpeedBytesPerSecond, in: 0...1 << 30)
            try fetch.int("low_speed_time_s", into: &config.fetch.lowSpeedSeconds, in: 1...600)
            try fetch.int("max_redirects", into: &config.fetch.maxRedirects, in: 0...20)
            try fetch.int("max_concurrent", into: &config.fetch.maxConcurrent, in: 1...100_000)
            try fetch.int("moov_budget_bytes", into: &config.fetch.moovBudgetBytes, in: 0...(1 << 40))
            try fetch.int("max_lookups", into: &config.fetch.maxLookups, in: 1...1024)
            try fetch.optionalString("ca_file", into: &config.fetch.caFile)
            try fetch.strings("resolve", into: &config.fetch.resolve)
            for entry in config.fetch.resolve { try Self.checkResolveEntry(entry) }
        }
        if let egress = try top.object("egress") {
            try egress.checkKeys(["allow_cidrs", "deny_cidrs", "allowed_ports"])
            try egress.strings("allow_cidrs", into: &config.egress.allowCIDRs)
            try egress.strings("deny_cidrs", into: &config.egress.denyCIDRs)
            try egress.ints("allowed_ports", into: &config.egress.allowedPorts, in: 1...65535)
        }
        if let limits = try top.object("limits") {
            try limits.checkKeys(["image_bytes", "audio_bytes", "video_bytes", "nse_memory_bytes"])
            try limits.int("image_bytes", into: &config.limits.imageBytes, in: 1...(1 << 30))
            try limits.int("audio_bytes", into: &config.limits.audioBytes, in: 1...(1 << 30))
            try limits.int("video_bytes", into: &config.limits.videoBytes, in: 1...(1 << 30))
            try limits.int("nse_memory_bytes", into: &config.limits.nseMemoryBytes, in: 1...(1 << 34))
        }
        if let cache = try top.object("cache") {
            try cache.checkKeys(["ttl_s", "max_entries", "max_bytes"])
            try cache.int("max_bytes", into: &config.cache.maxBytes, in: 0...(1 << 40))
            try cache.int("ttl_s", into: &config.cache.ttlSeconds, in: 0...86400 * 7)
            try cache.int("max_entries", into: &config.cache.maxEntries, in: 0...10_000_000)
        }
        // A profile's memory is limits.nse_memory_bytes unless the profile gives its own.
        for name in config.profiles.keys { config.profiles[name]?.device.memoryBytes = config.limits.nseMemoryBytes }
        if let profiles = try top.object("profiles") {
            try profiles.checkRepeats()
            for member in profiles.members {
                var base = config.profiles[member.key] ?? ExtensionProfile.generic
                base.device.memoryBytes = config.limits.nseMemoryBytes
                config.profiles[member.key] = try profiles.profile(member.key, base: base)
            }
        }
        try top.string("default_profile", into: &config.defaultProfile)
        guard config.profiles[config.defaultProfile] != nil else {
            throw ConfigurationError(
                "default_profile: no profile \"\(config.defaultProfile)\" (\(config.profileNames))")
        }
        if let apps = try top.object("apps") {
            try apps.checkRepeats()
            for member in apps.members {
                guard let name = member.value.string else {
                    throw ConfigurationError(
                        "apps.\(member.key): expected a profile name, got \(member.value.typeName)")
                }
                guard config.profiles[name] != nil else {
                    throw ConfigurationError("apps.\(member.key): no profile \"\(name)\" (\(config.profileNames))")
                }
                config.apps[member.key] = name
            }
        }
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

/// One object of the configuration file while it is read, with its dotted path for errors.
private struct ConfigObject {
    var path: String
    var members: [JSONMember]

    func name(_ key: String) -> String { path.isEmpty ? key : path + "." + key }

    private func value(_ key: String) -> JSONValue? { members.last(where: { $0.key == key })?.value }

    /// The raw value under `key`, if any.
    func rawValue(_ key: String) -> JSONValue? { value(key) }

    /// A profile object over `base`: every key optional.
    func profile(_ key: String, base: ExtensionProfile) throws(ConfigurationError) -> ExtensionProfile {
        guard let object = try object(key) else { return base }
        try object.checkKeys(["media_keys", "required_keys", "naming", "type_key", "download", "device"])
        var profile = base
        profile.name = key
        if let keys = try object.pointers("media_keys") {
            // No pointer finds no URL, and "" points at the whole payload, never a URL.
            guard !keys.isEmpty else {
                throw ConfigurationError("\(object.path).media_keys: needs at least one JSON Pointer")
            }
            if keys.contains(where: { $0.description.isEmpty }) {
                throw ConfigurationError(
                    "\(object.path).media_keys: \"\" points at the whole payload, not a URL; write a pointer such as \"/image\""
                )
            }
            profile.mediaKeys = keys
        }
        if let keys = try object.pointers("required_keys") { profile.requiredKeys = keys }
        var naming = profile.naming.rawValue
        try object.string("naming", into: &naming)
        guard let parsed = ExtensionProfile.Naming(rawValue: naming) else {
            let names = ExtensionProfile.Naming.allCases.map(\.rawValue).joined(separator: ", ")
            throw ConfigurationError("\(object.path).naming: \"\(naming)\" is not one of \(names)")
        }
        profile.naming = parsed
        if let typeKey = try object.pointers("type_key", single: true)?.first { profile.typeKey = typeKey }
        if parsed == .declared || parsed == .declaredSuffix, profile.typeKey == nil {
            throw ConfigurationError("\(object.path).type_key: declared naming needs the pointer to the declared type")
        }
        var download = profile.download.rawValue
        try object.string("download", into: &download)
        guard let place = ExtensionProfile.Download(rawValue: download) else {
            throw ConfigurationError("\(object.path).download: \"\(download)\" is not disk or memory")
        }
        profile.download = place
        if let device = try object.object("device") {
            try device.checkKeys(["memory_bytes", "time_budget_s", "throughput_bits_per_s"])
            try device.int("memory_bytes", into: &profile.device.memoryBytes, in: 1...(1 << 34))
            try device.int("time_budget_s", into: &profile.device.timeBudgetSeconds, in: 1...30)
            try device.int("throughput_bits_per_s", into: &profile.device.throughputBitsPerSecond, in: 1...(1 << 40))
        }
        return profile
    }

    /// JSON Pointers under `key` (an array of strings, or one string when `single`).
    func pointers(_ key: String, single: Bool = false) throws(ConfigurationError) -> [JSONPointer]? {
        var texts: [String] = []
        if single {
            var text = ""
            guard value(key) != nil else { return nil }
            try string(key, into: &text)
            texts = [text]
        } else {
            guard value(key) != nil else { return nil }
            try strings(key, into: &texts)
        }
        var result: [JSONPointer] = []
        for text in texts {
            do {
                result.append(try JSONPointer(text))
            } catch {
                throw ConfigurationError("\(name(key)): \(error.reason)")
            }
        }
        return result
    }

    func checkKeys(_ known: [String]) throws(ConfigurationError) {
        for member in members where !known.contains(member.key) {
            throw ConfigurationError("\(name(member.key)): unknown key (known: \(known.joined(separator: ", ")))")
        }
        try checkRepeats()
    }

    /// A key given twice: one of the two would be silently ignored.
    func checkRepeats() throws(ConfigurationError) {
        var seen = Set<String>()
        for member in members where !seen.insert(member.key).inserted {
            throw ConfigurationError("\(name(member.key)): given more than once; keep one")
        }
    }

    func object(_ key: String) throws(ConfigurationError) -> ConfigObject? {
        guard let value = value(key) else { return nil }
        guard let members = value.members else { throw mismatch(key, "an object", value) }
        return ConfigObject(path: name(key), members: members)
    }

    /// An object, or nil when absent or `null`.
    func optionalObject(_ key: String) throws(ConfigurationError) -> ConfigObject? {
        if value(key) == .null { return nil }
        return try object(key)
    }

    func int(_ key: String, into target: inout Int, in range: ClosedRange<Int>) throws(ConfigurationError) {
        guard let value = value(key) else { return }
        target = try integer(value, key: key, range: range)
    }

    func ints(_ key: String, into target: inout [Int], in range: ClosedRange<Int>) throws(ConfigurationError) {
        guard let value = value(key) else { return }
        guard case .array(let elements) = value else { throw mismatch(key, "an array of integers", value) }
        var result: [Int] = []
        for element in elements { result.append(try integer(element, key: key, range: range)) }
        target = result
    }

    func bool(_ key: String, into target: inout Bool) throws(ConfigurationError) {
        guard let value = value(key) else { return }
        guard case .bool(let flag) = value else { throw mismatch(key, "true or false", value) }
        target = flag
    }

    func string(_ key: String, into target: inout String) throws(ConfigurationError) {
        guard let value = value(key) else { return }
        guard let text = value.string else { throw mismatch(key, "a string", value) }
        target = text
    }

    func optionalString(_ key: String, into target: inout String?) throws(ConfigurationError) {
        guard let value = value(key) else { return }
        if value == .null {
            target = nil
            return
        }
        guard let text = value.string else { throw mismatch(key, "a string or null", value) }
        target = text
    }

    func strings(_ key: String, into target: inout [String]) throws(ConfigurationError) {
        guard let value = value(key) else { return }
        guard case .array(let elements) = value else { throw mismatch(key, "an array of strings", value) }
        var result: [String] = []
        for element in elements {
            guard let text = element.string else { throw mismatch(key, "an array of strings", value) }
            result.append(text)
        }
        target = result
    }

    private func integer(_ value: JSONValue, key: String, range: ClosedRange<Int>) throws(ConfigurationError) -> Int {
        guard let number = value.integer, let int = Int(exactly: number) else {
            throw mismatch(key, "an integer", value)
        }
        guard range.contains(int) else {
            throw ConfigurationError("\(name(key)): \(int) is out of range \(range.lowerBound)...\(range.upperBound)")
        }
        return int
    }

    private func mismatch(_ key: String, _ expected: String, _ value: JSONValue) -> ConfigurationError {
        ConfigurationError("\(name(key)): expected \(expected), got \(value.typeName)")
    }
}
