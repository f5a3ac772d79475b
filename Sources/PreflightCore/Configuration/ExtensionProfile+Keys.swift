// A profile's keys in the configuration file (`profiles.NAME`), one table (`ConfigKey`).

extension ExtensionProfile {
    static var keys: [ConfigKey<Self>] {
        [
            ConfigKey("media_keys", read: readMediaKeys),
            ConfigKey("required_keys") {
                (object: ConfigObject, key: String, profile: inout Self) throws(ConfigurationError) in
                if let keys = try object.pointers(key) { profile.requiredKeys = keys }
            },
            ConfigKey("required_values", read: readRequiredValues),
            ConfigKey("naming", read: readNaming),
            ConfigKey("type_key", read: readTypeKey),
            .optionalString("default_type", \.defaultType),
            ConfigKey("download", read: readDownload),
            .bool("downloads_in_low_data_mode", \.downloadsInLowDataMode),
            ConfigKey("max_content_length", read: readMaxContentLength),
            .object("device", \.device, Device.keys),
            ConfigKey("attachments", read: readAttachments),
            ConfigKey("order", read: readOrder),
            ConfigKey("on_failure", read: readOnFailure),
            ConfigKey("accept", read: readAccept),
            ConfigKey("ats", read: readATS),
        ]
    }

    /// No pointer finds no URL, and "" points at the whole payload, never a URL.
    static func readMediaKeys(_ object: ConfigObject, _ key: String, _ profile: inout Self) throws(ConfigurationError) {
        guard let keys = try object.pointers(key) else { return }
        guard !keys.isEmpty else {
            throw ConfigurationError("\(object.name(key)): needs at least one JSON Pointer")
        }
        if keys.contains(where: { $0.description.isEmpty }) {
            throw ConfigurationError(
                "\(object.name(key)): \"\" points at the whole payload, not a URL; write a pointer such as \"/image\""
            )
        }
        profile.mediaKeys = keys
        // The keys given are the keys read: a preset's shape-dependent rules no longer apply.
        profile.keyRules = []
    }

    static func readNaming(_ object: ConfigObject, _ key: String, _ profile: inout Self) throws(ConfigurationError) {
        var naming = profile.naming.rawValue
        try object.string(key, into: &naming)
        guard let parsed = Naming(rawValue: naming) else {
            let names = Naming.allCases.map(\.rawValue).joined(separator: ", ")
            throw ConfigurationError("\(object.name(key)): \"\(naming)\" is not one of \(names)")
        }
        profile.naming = parsed
    }

    /// Read after `naming`: declared naming needs the pointer to the declared type.
    static func readTypeKey(_ object: ConfigObject, _ key: String, _ profile: inout Self) throws(ConfigurationError) {
        if let typeKey = try object.pointers(key, single: true)?.first { profile.typeKey = typeKey }
        let needsTypeKey: Set<Naming> = [.declared, .declaredSuffix, .typeHint]
        if needsTypeKey.contains(profile.naming), profile.typeKey == nil {
            throw ConfigurationError("\(object.name(key)): declared naming needs the pointer to the declared type")
        }
    }

    /// `{"/source": "webengage"}`: each pointer and the string it must hold.
    static func readRequiredValues(_ object: ConfigObject, _ key: String, _ profile: inout Self)
        throws(ConfigurationError)
    {
        guard let values = try object.object(key) else { return }
        try values.checkRepeats()
        var required: [RequiredValue] = []
        for member in values.members {
            guard let text = member.value.string else {
                throw ConfigurationError("\(values.name(member.key)): needs a string, the value the key must hold")
            }
            do {
                required.append(RequiredValue(try JSONPointer(member.key), text))
            } catch {
                throw ConfigurationError("\(values.name(member.key)): \(error.reason)")
            }
        }
        profile.requiredValues = required
    }

    /// A byte count, or `null` for no cap of the extension's own.
    static func readMaxContentLength(_ object: ConfigObject, _ key: String, _ profile: inout Self)
        throws(ConfigurationError)
    {
        guard let value = object.rawValue(key) else { return }
        guard value != .null else {
            profile.maxContentLength = nil
            return
        }
        var bytes = profile.maxContentLength ?? 0
        try object.int(key, into: &bytes, in: 1...(1 << 40))
        profile.maxContentLength = bytes
    }

    static func readDownload(_ object: ConfigObject, _ key: String, _ profile: inout Self) throws(ConfigurationError) {
        var download = profile.download.rawValue
        try object.string(key, into: &download)
        guard let place = Download(rawValue: download) else {
            throw ConfigurationError("\(object.name(key)): \"\(download)\" is not disk or memory")
        }
        profile.download = place
    }
}

extension ExtensionProfile.Device {
    static var keys: [ConfigKey<Self>] {
        [
            .int("memory_bytes", \.memoryBytes, in: 1...(1 << 34)),
            .int("time_budget_s", \.timeBudgetSeconds, in: 1...30),
            .int("throughput_bits_per_s", \.throughputBitsPerSecond, in: 1...(1 << 40)),
        ]
    }
}
