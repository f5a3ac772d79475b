/// The profiles a running configuration has, as `GET /v1/profiles` lists them: the presets in
/// `ExtensionProfile.presetOrder` first, then those only the configuration file defines, by
/// name; each with whether it is `default_profile` and the `apps` that map to it. Written once
/// at start (the configuration does not change while the server runs).
///
/// ```swift
/// let catalog = ProfileCatalog(configuration: PreflightConfiguration())
/// catalog.names.first  // "generic"
/// catalog.profileJSON["clevertap"]  // the bytes of GET /v1/profiles/clevertap
/// ```
public struct ProfileCatalog: Sendable {
    /// The profiles' names in the listing's order.
    public let names: [String]
    /// `{"default_profile":"generic","profiles":[...]}`.
    public let listJSON: [UInt8]
    /// Each profile's object alone, by name.
    public let profileJSON: [String: [UInt8]]

    public init(configuration: PreflightConfiguration) {
        let presets = ExtensionProfile.presetOrder.map(\.name).filter { configuration.profiles[$0] != nil }
        let preset = Set(presets)
        let names = presets + configuration.profiles.keys.filter { !preset.contains($0) }.sorted()
        var appsByProfile: [String: [String]] = [:]
        for (app, name) in configuration.apps { appsByProfile[name, default: []].append(app) }
        var objects: [String: [UInt8]] = [:]
        var list = JSONWriter(capacity: 1024 * names.count)
        list.object { top in
            top.field("default_profile", configuration.defaultProfile)
            top.key("profiles")
            top.array { array in
                for name in names {
                    guard let profile = configuration.profiles[name] else { continue }
                    let apps = appsByProfile[name, default: []].sorted()
                    let isDefault = name == configuration.defaultProfile
                    profile.writeJSON(to: &array, isDefault: isDefault, apps: apps)
                    var alone = JSONWriter(capacity: 1024)
                    profile.writeJSON(to: &alone, isDefault: isDefault, apps: apps)
                    objects[name] = alone.bytes
                }
            }
        }
        self.names = names
        self.listJSON = list.bytes
        self.profileJSON = objects
    }
}
