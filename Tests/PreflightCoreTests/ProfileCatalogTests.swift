import Testing

@testable import PreflightCore

/// `ProfileCatalog`: every profile of the configuration, presets first in their order.
struct ProfileCatalogTests {
    static let file = #"""
        {"profiles": {"zeta": {"media_keys": ["/z"]}, "myapp": {"media_keys": ["/pic"]},
                      "firebase": {"download": "memory"}},
         "apps": {"com.example.shop": "myapp", "com.example.b": "myapp", "com.example.news": "clevertap"},
         "default_profile": "myapp"}
        """#

    @Test func thePresetsInOrderThenTheConfiguredOnesByName() throws {
        let catalog = ProfileCatalog(configuration: try PreflightConfiguration.decode(Array(Self.file.utf8)))
        #expect(catalog.names == ExtensionProfile.presetOrder.map(\.name) + ["myapp", "zeta"])
        let list = try JSONParser.parse(catalog.listJSON).value
        #expect(list["default_profile"]?.string == "myapp")
        guard case .array(let profiles)? = list["profiles"] else {
            Issue.record("no profiles array")
            return
        }
        #expect(profiles.compactMap { $0["name"]?.string } == catalog.names)
        // Each entry is the one-profile answer, byte for byte.
        for name in catalog.names {
            let alone = try #require(catalog.profileJSON[name])
            let entry = try #require(profiles.first { $0["name"]?.string == name })
            #expect(try JSONParser.parse(alone).value == entry)
        }
    }

    @Test func aConfiguredProfileHasNoSourceAndSaysItsAppsAndDefault() throws {
        let catalog = ProfileCatalog(configuration: try PreflightConfiguration.decode(Array(Self.file.utf8)))
        let myapp = try JSONParser.parse(try #require(catalog.profileJSON["myapp"])).value
        #expect(myapp["source"] == nil)
        #expect(myapp["default"] == .bool(true))
        #expect(myapp["apps"] == .array([.string("com.example.b"), .string("com.example.shop")]))
        // A preset the file overrides is the file's now: no source claimed.
        let firebase = try JSONParser.parse(try #require(catalog.profileJSON["firebase"])).value
        #expect(firebase["source"] == nil)
        #expect(firebase["download"]?.string == "memory")
        let clevertap = try JSONParser.parse(try #require(catalog.profileJSON["clevertap"])).value
        #expect(clevertap["source"]?["models"]?.string == ExtensionProfile.clevertap.source?.models)
        #expect(clevertap["default"] == .bool(false))
        #expect(clevertap["apps"] == .array([.string("com.example.news")]))
    }
}
