import Testing

@testable import PreflightCore

@Suite struct MediaRulesSizeCapTests {
    func codes(contentLength: Int?, profile: ExtensionProfile = .onesignal) throws -> [String] {
        var download = DownloadOutcome(url: "https://cdn.example.com/a.mp4")
        download.httpStatus = 200
        download.contentLength = contentLength
        download.bytes = 3
        download.prefix = [0xFF, 0xD8, 0xFF]
        download.sha256 = "00"
        let reference = MediaReference(key: "/att/a", url: try MediaURL.parse("https://cdn.example.com/a.jpg"))
        return MediaRules.evaluate(
            download, reference: reference, configuration: PreflightConfiguration(), profile: profile
        )
        .findings.map(\.code.rawValue)
    }

    /// OneSignal cancels past 50,000,000 bytes of Content-Length; at the cap, or without a
    /// Content-Length, it downloads.
    @Test func oneSignalCancelsPastItsCap() throws {
        #expect(try codes(contentLength: 50_000_001) == ["attachment.size-cap"])
        #expect(try !codes(contentLength: 50_000_000).contains("attachment.size-cap"))
        #expect(try !codes(contentLength: nil).contains("attachment.size-cap"))
        #expect(try !codes(contentLength: 50_000_001, profile: .generic).contains("attachment.size-cap"))
    }
}
