import PreflightCore
import Testing

@Suite struct ExtensionProfileTableTests {
    @Test func oneRowPerPresetWithItsKeysNamingAndSource() {
        var onesignal = ExtensionProfile.onesignal
        onesignal.source = ExtensionProfile.Source(
            models: "the SDK 5", citation: "the SDK's file", unverified: "the form")
        var clevertap = ExtensionProfile.clevertap
        clevertap.source = nil
        let table = ExtensionProfile.markdownTable([onesignal, clevertap], defaultProfile: "onesignal")
        #expect(
            table
                == """
                | preset | models | reads the URL at | needs | names the file | download | attaches | source | not read from source |
                |---|---|---|---|---|---|---|---|---|
                | `onesignal` (default) | the SDK 5 | `/os_data/att/*` when `/os_data` is an object; `/at/*` when `/m` is present and `/aps/alert` is absent; else `/att/*` (every value a `*` reaches) | | `mime` | disk | every, sequential, one failure drops-that-one | the SDK's file | the form |
                | `clevertap` | | `/ct_mediaUrl` | `/ct_mediaType` | `declared` (type key `/ct_mediaType`) | disk | first | | |

                """)
    }

    /// Braze's helper is a closed binary: the table says its naming is the last published sample's.
    @Test func brazeSaysWhatCouldNotBeRead() {
        let unverified = ExtensionProfile.braze.source?.unverified ?? ""
        #expect(unverified.contains("closed binary"))
        #expect(ExtensionProfile.markdownTable().contains(unverified))
        #expect(ExtensionProfile.firebase.source?.unverified == nil)
    }

    @Test func everyPresetIsListedOnceAndHasASource() {
        let names = ExtensionProfile.presetOrder.map(\.name)
        #expect(
            names == [
                "generic", "firebase", "onesignal", "airship", "clevertap", "braze", "customerio", "klaviyo",
                "iterable",
                "pushwoosh", "batch", "notifee", "webengage", "pinpoint", "moengage", "expo",
            ])
        #expect(Set(names) == Set(ExtensionProfile.presets.keys))
        #expect(ExtensionProfile.presetOrder.allSatisfy { $0.source != nil })
        #expect(
            ExtensionProfile.markdownTable().contains(
                "| `generic` (default) | hand-written extensions (shared/seeds/ 000-004) | `/image`, `/image-url`, "))
        #expect(
            ExtensionProfile.markdownTable().contains(
                "`/ct_mediaUrl`, `/att/id` (first found) | | `url-string` | memory | first |"))
        // A carousel attaches every value its keys reach, not the first found.
        #expect(
            ExtensionProfile.markdownTable().contains(
                "| `/expandableDetails/image`, `/expandableDetails/items/*/image` (every value found) |"))
    }
}
