/// One key of a configuration object: its name, written once, and how its value is read into
/// `Target`. An object's keys are a table: the table is both the list of known keys (an
/// unknown one is refused, naming them in this order) and the reader, in the same order.
///
/// ```swift
/// let keys: [ConfigKey<Limits>] = [.int("image_bytes", \.imageBytes, in: 1...(1 << 30))]
/// try object.read(keys, into: &config.limits)
/// ```
struct ConfigKey<Target> {
    /// Reads the key (the name is given, so a reader never writes it again) from the object into the target.
    typealias Read = (_ object: ConfigObject, _ key: String, _ target: inout Target) throws(ConfigurationError) -> Void

    let name: String
    /// Does nothing when the key is absent, unless the key's own rule says otherwise.
    let read: Read

    init(_ name: String, read: @escaping Read) {
        self.name = name
        self.read = read
    }

    static func int(_ name: String, _ field: WritableKeyPath<Target, Int>, in range: ClosedRange<Int>) -> Self {
        Self(name) { (object: ConfigObject, _: String, target: inout Target) throws(ConfigurationError) in
            try object.int(name, into: &target[keyPath: field], in: range)
        }
    }

    static func ints(_ name: String, _ field: WritableKeyPath<Target, [Int]>, in range: ClosedRange<Int>) -> Self {
        Self(name) { (object: ConfigObject, _: String, target: inout Target) throws(ConfigurationError) in
            try object.ints(name, into: &target[keyPath: field], in: range)
        }
    }

    static func bool(_ name: String, _ field: WritableKeyPath<Target, Bool>) -> Self {
        Self(name) { (object: ConfigObject, _: String, target: inout Target) throws(ConfigurationError) in
            try object.bool(name, into: &target[keyPath: field])
        }
    }

    static func string(_ name: String, _ field: WritableKeyPath<Target, String>) -> Self {
        Self(name) { (object: ConfigObject, _: String, target: inout Target) throws(ConfigurationError) in
            try object.string(name, into: &target[keyPath: field])
        }
    }

    static func optionalString(_ name: String, _ field: WritableKeyPath<Target, String?>) -> Self {
        Self(name) { (object: ConfigObject, _: String, target: inout Target) throws(ConfigurationError) in
            try object.optionalString(name, into: &target[keyPath: field])
        }
    }

    static func strings(_ name: String, _ field: WritableKeyPath<Target, [String]>) -> Self {
        Self(name) { (object: ConfigObject, _: String, target: inout Target) throws(ConfigurationError) in
            try object.strings(name, into: &target[keyPath: field])
        }
    }

    /// A nested object read by its own table, then `check` on what it gave (cross-key rules).
    static func object<Group>(
        _ name: String, _ field: WritableKeyPath<Target, Group>, _ keys: [ConfigKey<Group>],
        check: ((ConfigObject, Group) throws(ConfigurationError) -> Void)? = nil
    ) -> Self {
        Self(name) { (object: ConfigObject, _: String, target: inout Target) throws(ConfigurationError) in
            guard let group = try object.object(name) else { return }
            try group.read(keys, into: &target[keyPath: field])
            try check?(group, target[keyPath: field])
        }
    }
}

extension ConfigObject {
    /// Refuses keys not in `keys` (and repeated ones), then reads each in the table's order.
    func read<Target>(_ keys: [ConfigKey<Target>], into target: inout Target) throws(ConfigurationError) {
        try checkKeys(keys.map(\.name))
        for key in keys { try key.read(self, key.name, &target) }
    }
}
