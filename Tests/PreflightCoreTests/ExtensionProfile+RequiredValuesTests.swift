import PreflightCore
import Testing

/// A key that must hold one string (WebEngage's `source`), and the Low Data Mode fact.
@Suite struct ExtensionProfileRequiredValuesTests {
    func codes(_ text: String, _ profile: ExtensionProfile) -> [String] {
        var configuration = PreflightConfiguration()
        configuration.profiles[profile.name] = profile
        let inspection = PayloadInspector(configuration: configuration).inspect(
            body: Array(text.utf8), headers: APNsHeaders(pushType: "alert"), profile: profile)
        return inspection.findings.map(\.code.rawValue)
    }

    static let aps = #""aps":{"alert":"a","mutable-content":1}"#

    @Test(
        arguments: [
            (#""source":"webengage","#, [] as [String]),
            (#""source":"WebEngage","#, ["media.url.required-value-mismatch"]),
            (#""source":1,"#, ["media.url.required-value-mismatch"]),
            ("", ["media.url.required-value-mismatch"]),
        ])
    func webengageActsOnlyForItsSource(source: String, expected: [String]) throws {
        let text =
            #"{\#(Self.aps),\#(source)"expandableDetails":{"style":"BIG_PICTURE","image":"https://c.example/a.jpg"}}"#
        #expect(codes(text, .webengage) == expected)
        let document = try JSONDocument.parse(Array(text.utf8))
        #expect(ExtensionProfile.webengage.stopsBeforeDownload(in: document.root) == !expected.isEmpty)
    }

    @Test func theMismatchNamesWhatWasFound() {
        var configuration = PreflightConfiguration()
        configuration.profiles["webengage"] = .webengage
        let text =
            #"{\#(Self.aps),"source":"other","expandableDetails":{"style":"BIG_PICTURE","image":"https://c.example/a.jpg"}}"#
        let inspection = PayloadInspector(configuration: configuration).inspect(
            body: Array(text.utf8), headers: APNsHeaders(pushType: "alert"), profile: .webengage)
        let finding = inspection.findings.first { $0.code == .requiredValueMismatch }
        #expect(finding?.path == "/source")
        #expect(finding?.severity == .error)
        #expect(
            finding?.message
                == #"/source is "other": the webengage extension acts only when it is "webengage", so it attaches nothing"#
        )
    }

    /// Batch downloads nothing in Low Data Mode: said once a media URL is found, as a fact.
    @Test func batchSaysLowDataModeOnceMediaIsFound() {
        let found = #"{\#(Self.aps),"com.batch":{"at":{"u":"https://c.example/a.jpg","t":"public.jpeg"}}}"#
        #expect(codes(found, .batch) == ["attachment.low-data-mode"])
        let none = #"{\#(Self.aps)}"#
        #expect(!codes(none, .batch).contains("attachment.low-data-mode"))
        #expect(!codes(found.replacing("com.batch", with: "x"), .iterable).contains("attachment.low-data-mode"))
    }
}
