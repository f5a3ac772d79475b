import PreflightCore
import Testing

@Suite struct ExtensionProfileTableTests {
    @Test func oneRowPerPresetWithItsKeysNamingAndSource() {
        let table = ExtensionProfile.markdownTable(
            [.onesignal, .clevertap], sources: ["onesignal": "the SDK"], defaultProfile: "onesignal")
        #expect(
            table
                == """
                | preset | reads the URL at | needs | names the file | download | source |
                |---|---|---|---|---|---|
                | `onesignal` (default) | `/att/*` (every key of `att`) | | `mime` | disk | the SDK |
                | `clevertap` | `/ct_mediaUrl` | `/ct_mediaType` | `declared` (type key `/ct_mediaType`) | disk | |

                """)
    }

    @Test func everyPresetIsListedOnceAndHasASource() {
        let names = ExtensionProfile.presetOrder.map(\.name)
        #expect(names == ["generic", "firebase", "onesignal", "airship", "clevertap", "braze"])
        #expect(Set(names) == Set(ExtensionProfile.presets.keys))
        #expect(Set(ExtensionProfile.presetSources.keys) == Set(names))
        #expect(ExtensionProfile.markdownTable().contains("| `generic` (default) | `/image`, `/image-url`, "))
        #expect(ExtensionProfile.markdownTable().contains("`/ct_mediaUrl`, `/att/id` (first found) | | `url-string` |"))
    }
}
