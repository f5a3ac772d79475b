import Testing

@testable import PreflightCore

/// `ExtensionProfile` is a value: its copies share one box of fields until one is changed.
struct ExtensionProfileValueTests {
    /// A copy changed (a configured profile made from a preset, a field at a time) leaves the
    /// preset as it was, and the two then differ; an unchanged copy equals its original.
    @Test func aChangedCopyLeavesTheOriginalAsItWas() throws {
        let preset = try #require(ExtensionProfile.presets["firebase"])
        var copy = preset
        #expect(copy == preset)
        copy.name = "myapp"
        copy.mediaKeys = ExtensionProfile.pointers(["/pic"])
        copy.device.memoryBytes = 1024
        #expect(preset.name == "firebase")
        #expect(preset.mediaKeys.map(\.description) == ["/fcm_options/image"])
        #expect(preset.device.memoryBytes == 25_165_824)
        #expect(copy.name == "myapp")
        #expect(copy.mediaKeys.map(\.description) == ["/pic"])
        #expect(copy.device.memoryBytes == 1024)
        #expect(copy != preset)
        var again = copy
        again.name = "firebase"
        again.mediaKeys = preset.mediaKeys
        again.device = preset.device
        #expect(again == preset)
        #expect(copy.name == "myapp")
    }
}
