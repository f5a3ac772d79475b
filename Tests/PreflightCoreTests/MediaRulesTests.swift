import Testing

@testable import PreflightCore

/// `MediaRules.evaluate` on figures a download could report that no integer holds.
@Suite struct MediaRulesTests {
    /// A download time that is not a finite number of milliseconds is not converted to `Int`.
    @Test(arguments: [Double.infinity, Double.nan, 1e300])
    func aTimingThatIsNotAnIntIsStillReported(total: Double) throws {
        var download = DownloadOutcome(url: "https://cdn.example.com/a.jpg")
        download.httpStatus = 200
        download.bytes = 3
        download.prefix = [0xFF, 0xD8, 0xFF]
        download.timing.total = total
        let reference = MediaReference(key: "image", url: try MediaURL.parse("https://cdn.example.com/a.jpg"))
        let outcome = MediaRules.evaluate(download, reference: reference, configuration: PreflightConfiguration())
        let slow = outcome.findings.filter { $0.code == .fetchSlow }
        #expect(slow.count == (total.isNaN ? 0 : 1))
    }
}
