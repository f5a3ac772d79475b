import PreflightCore
import Testing

/// The profile keys the market's presets added: `required_values`, `default_type`,
/// `downloads_in_low_data_mode`, and `type_key` required by `type-hint` naming.
@Suite struct ExtensionProfileKeysTests {
    @Test func readsTheMarketKeys() throws {
        let text = #"""
            {"profiles": {"app": {"media_keys": ["/m"], "required_values": {"/source": "us", "/kind": "rich"},
                                  "naming": "declared-suffix-default", "type_key": "/t", "default_type": "png",
                                  "downloads_in_low_data_mode": false}}}
            """#
        let profile = try #require(try PreflightConfiguration.decode(Array(text.utf8)).profiles["app"])
        #expect(profile.requiredValues.map(\.pointer.text) == ["/source", "/kind"])
        #expect(profile.requiredValues.map(\.value) == ["us", "rich"])
        #expect(profile.naming == .declaredSuffixDefault)
        #expect(profile.defaultType == "png")
        #expect(!profile.downloadsInLowDataMode)
        let plain = try #require(try PreflightConfiguration.decode(Array("{}".utf8)).profiles["generic"])
        #expect(plain.requiredValues.isEmpty)
        #expect(plain.defaultType == nil)
        #expect(plain.downloadsInLowDataMode)
    }

    @Test(
        arguments: [
            (
                #"{"profiles": {"x": {"required_values": {"/source": 1}}}}"#,
                "profiles.x.required_values./source: needs a string"
            ),
            (
                #"{"profiles": {"x": {"required_values": {"source": "a"}}}}"#,
                "profiles.x.required_values.source: \"source\" is not a JSON Pointer"
            ),
            (#"{"profiles": {"x": {"required_values": ["/a"]}}}"#, "profiles.x.required_values: expected an object"),
            (#"{"profiles": {"x": {"naming": "type-hint"}}}"#, "profiles.x.type_key: declared naming needs"),
            (#"{"profiles": {"x": {"default_type": 3}}}"#, "profiles.x.default_type: expected a string or null"),
            (
                #"{"profiles": {"x": {"downloads_in_low_data_mode": 0}}}"#,
                "profiles.x.downloads_in_low_data_mode: expected true or false"
            ),
        ])
    func refusesWhatItCannotRead(text: String, message: String) {
        do {
            _ = try PreflightConfiguration.decode(Array(text.utf8))
            Issue.record("accepted \(text)")
        } catch {
            #expect(error.message.hasPrefix(message), "\(error.message)")
        }
    }
}
