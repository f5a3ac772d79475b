// The configuration file's keys, one table per object (`ConfigKey`): each key's name, range and
// field appear once. Keys whose reading is more than a type and a range are named functions.

extension PreflightConfiguration {
    /// The top-level keys, in the order an unknown key's message lists them.
    static var keys: [ConfigKey<PreflightConfiguration>] {
        [
            .object("listen", \.listen, Listen.keys),
            .object("server", \.server, Server.keys, check: Server.checkParked),
            .object("auth", \.auth, [.strings("api_keys", \.apiKeys)]),
            ConfigKey("payload", read: readPayload),
            .object("fetch", \.fetch, Fetch.keys) { (_: ConfigObject, fetch: Fetch) throws(ConfigurationError) in
                for entry in fetch.resolve { try checkResolveEntry(entry) }
            },
            .object("egress", \.egress, Egress.keys),
            .object("limits", \.limits, Limits.keys),
            .object("cache", \.cache, Cache.keys),
            .object("bulk", \.bulk, Bulk.keys),
            ConfigKey("profiles", read: readProfiles),
            ConfigKey("apps", read: readApps),
            ConfigKey("default_profile", read: readDefaultProfile),
        ]
    }

    /// `payload`, which first refuses the dotted `media_keys` that profiles replaced, naming
    /// the pointers to write instead.
    static func readPayload(_ top: ConfigObject, _ key: String, _ config: inout PreflightConfiguration)
        throws(ConfigurationError)
    {
        guard let payload = try top.object(key) else { return }
        if let keys = payload.rawValue("media_keys") {
            let dotted: [String] = if case .array(let items) = keys { items.compactMap(\.string) } else { [] }
            let pointers = dotted.map { "\"" + JSONPointer.fromDotted($0) + "\"" }.joined(separator: ", ")
            throw ConfigurationError(
                "\(payload.path).media_keys: replaced by profiles, whose media_keys are JSON Pointers; write "
                    + "\"profiles\": {\"generic\": {\"media_keys\": [\(pointers)]}} (and see the presets in docs/profiles.md)"
            )
        }
        try payload.read(Payload.keys, into: &config.payload)
    }

    /// `profiles`: each over its preset (or `generic`), without the preset's `source`. A profile's memory is
    /// limits.nse_memory_bytes unless the profile gives its own, so `limits` is read first.
    static func readProfiles(_ top: ConfigObject, _ key: String, _ config: inout PreflightConfiguration)
        throws(ConfigurationError)
    {
        for name in config.profiles.keys { config.profiles[name]?.device.memoryBytes = config.limits.nseMemoryBytes }
        guard let profiles = try top.object(key) else { return }
        try profiles.checkRepeats()
        for member in profiles.members {
            var base = config.profiles[member.key] ?? ExtensionProfile.generic
            base.device.memoryBytes = config.limits.nseMemoryBytes
            // The file, not an SDK, now says what this extension does: no preset's source is claimed.
            base.source = nil
            config.profiles[member.key] = try profiles.profile(member.key, base: base)
        }
    }

    /// `apps`: an `apns-topic` to the name of a profile that exists.
    static func readApps(_ top: ConfigObject, _ key: String, _ config: inout PreflightConfiguration)
        throws(ConfigurationError)
    {
        guard let apps = try top.object(key) else { return }
        try apps.checkRepeats()
        for member in apps.members {
            guard let name = member.value.string else {
                throw ConfigurationError(
                    "\(apps.name(member.key)): expected a profile name, got \(member.value.typeName)")
            }
            guard config.profiles[name] != nil else {
                throw ConfigurationError("\(apps.name(member.key)): no profile \"\(name)\" (\(config.profileNames))")
            }
            config.apps[member.key] = name
        }
    }

    /// `default_profile`, which must name a profile whether given or not.
    static func readDefaultProfile(_ top: ConfigObject, _ key: String, _ config: inout PreflightConfiguration)
        throws(ConfigurationError)
    {
        try top.string(key, into: &config.defaultProfile)
        guard config.profiles[config.defaultProfile] != nil else {
            throw ConfigurationError(
                "\(top.name(key)): no profile \"\(config.defaultProfile)\" (\(config.profileNames))")
        }
    }
}

extension PreflightConfiguration.Listen {
    static var keys: [ConfigKey<Self>] {
        [ConfigKey("host", read: readHost), .int("port", \.port, in: 0...65535)]
    }

    /// The host, which must be an address this process can bind (the default is checked too).
    static func readHost(_ object: ConfigObject, _ key: String, _ listen: inout Self) throws(ConfigurationError) {
        try object.string(key, into: &listen.host)
        try PreflightConfiguration.checkListenHost(listen.host, key: object.name(key))
    }
}

extension PreflightConfiguration.Server {
    static var keys: [ConfigKey<Self>] {
        [
            .int("threads", \.threads, in: 0...256),
            .int("max_connections", \.maxConnections, in: 1...1_000_000),
            .int("per_ip_connections", \.perIPConnections, in: 0...1_000_000),
            .int("connection_timeout_s", \.connectionTimeoutSeconds, in: 1...86400),
            .int("max_body_bytes", \.maxBodyBytes, in: 1...(64 << 20)),
            .int("max_batch_body_bytes", \.maxBatchBodyBytes, in: 1...(64 << 20)),
            .int("connection_memory_bytes", \.connectionMemoryBytes, in: 4096...(16 << 20)),
            .int("drain_timeout_s", \.drainTimeoutSeconds, in: 0...3600),
            .int("max_parked_requests", \.maxParkedRequests, in: 0...1_000_000),
            ConfigKey("admin_listen", read: readAdminListen),
            .int("access_log_buffer_bytes", \.accessLogBufferBytes, in: 4096...(1 << 30)),
        ]
    }

    /// `admin_listen`: absent or null keeps the admin listener off; its port defaults to 9090.
    static func readAdminListen(_ server: ConfigObject, _ key: String, _ target: inout Self) throws(ConfigurationError)
    {
        guard let admin = try server.optionalObject(key) else { return }
        var listen = PreflightConfiguration.Listen()
        listen.port = 9090
        try admin.read(PreflightConfiguration.Listen.keys, into: &listen)
        target.adminListen = listen
    }

    /// Parked requests must leave room for connections that are not parked.
    static func checkParked(_: ConfigObject, _ server: Self) throws(ConfigurationError) {
        guard server.maxParkedRequests >= server.maxConnections else { return }
        throw ConfigurationError(
            "server.max_parked_requests: \(server.maxParkedRequests) must be below "
                + "server.max_connections (\(server.maxConnections)), or 0 for three quarters of it")
    }
}

extension PreflightConfiguration.Payload {
    static var keys: [ConfigKey<Self>] {
        [
            .int("max_bytes", \.maxBytes, in: 1...(1 << 20)),
            .int("voip_max_bytes", \.voipMaxBytes, in: 1...(1 << 20)),
            .bool("allow_http_media", \.allowHTTPMedia),
            .int("max_url_bytes", \.maxURLBytes, in: 16...(1 << 20)),
            .int("max_media", \.maxMedia, in: 1...1000),
        ]
    }
}

extension PreflightConfiguration.Fetch {
    static var keys: [ConfigKey<Self>] {
        [
            .bool("enabled", \.enabled),
            .int("timeout_ms", \.timeoutMs, in: 1...600_000),
            .int("connect_timeout_ms", \.connectTimeoutMs, in: 1...600_000),
            .int("slow_ms", \.slowMs, in: 0...600_000),
            .int("low_speed_bytes_per_s", \.lowSpeedBytesPerSecond, in: 0...1 << 30),
            .int("low_speed_time_s", \.lowSpeedSeconds, in: 1...600),
            .int("max_redirects", \.maxRedirects, in: 0...20),
            .int("max_concurrent", \.maxConcurrent, in: 1...100_000),
            .int("max_lookups", \.maxLookups, in: 1...1024),
            .optionalString("ca_file", \.caFile),
            .strings("resolve", \.resolve),
            .int("moov_budget_bytes", \.moovBudgetBytes, in: 0...(1 << 40)),
        ]
    }
}

extension PreflightConfiguration.Egress {
    static var keys: [ConfigKey<Self>] {
        [
            .strings("allow_cidrs", \.allowCIDRs),
            .strings("deny_cidrs", \.denyCIDRs),
            .ints("allowed_ports", \.allowedPorts, in: 1...65535),
        ]
    }
}

extension PreflightConfiguration.Limits {
    static var keys: [ConfigKey<Self>] {
        [
            .int("image_bytes", \.imageBytes, in: 1...(1 << 30)),
            .int("audio_bytes", \.audioBytes, in: 1...(1 << 30)),
            .int("video_bytes", \.videoBytes, in: 1...(1 << 30)),
            .int("nse_memory_bytes", \.nseMemoryBytes, in: 1...(1 << 34)),
        ]
    }
}

extension PreflightConfiguration.Bulk {
    static var keys: [ConfigKey<Self>] {
        [
            .int("max_body_bytes", \.maxBodyBytes, in: 1...(1 << 40)),
            .int("max_concurrent", \.maxConcurrent, in: 1...1024),
            .int("max_spool_bytes", \.maxSpoolBytes, in: 1...(1 << 44)),
            .optionalString("spool_dir", \.spoolDir),
        ]
    }
}

extension PreflightConfiguration.Cache {
    static var keys: [ConfigKey<Self>] {
        [
            .int("ttl_s", \.ttlSeconds, in: 0...86400 * 7),
            .int("max_entries", \.maxEntries, in: 0...10_000_000),
            .int("max_bytes", \.maxBytes, in: 0...(1 << 40)),
        ]
    }
}
