/// One object of the configuration file while it is read, with its dotted path for errors.
struct ConfigObject {
    var path: String
    var members: [JSONMember]

    func name(_ key: String) -> String { path.isEmpty ? key : path + "." + key }

    private func value(_ key: String) -> JSONValue? { members.last(where: { $0.key == key })?.value }

    /// The raw value under `key`, if any.
    func rawValue(_ key: String) -> JSONValue? { value(key) }

    /// A profile object over `base`: every key optional (`ExtensionProfile.keys`).
    func profile(_ key: String, base: ExtensionProfile) throws(ConfigurationError) -> ExtensionProfile {
        guard let object = try object(key) else { return base }
        var profile = base
        profile.name = key
        try object.read(ExtensionProfile.keys, into: &profile)
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
