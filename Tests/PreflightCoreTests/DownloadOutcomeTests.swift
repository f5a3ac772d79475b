import PreflightCore
import Testing

@Suite struct DownloadOutcomeTests {
    /// A cached outcome keeps its analysis and the first 16 bytes (a helper's own header sniff
    /// reads no more), and drops the rest.
    @Test func compactedKeepsTheFirstBytes() {
        var download = DownloadOutcome(url: "https://c.test/a")
        download.prefix = [0xFF, 0xD8, 0xFF, 0xE0] + Array(repeating: 0, count: 100)
        download.bytes = download.prefix.count
        download.contentLength = 104
        let compact = download.compacted()
        #expect(compact.prefix == Array(download.prefix.prefix(16)))
        #expect(compact.analysis?.sniffed == .jpeg)
        #expect(compact.contentLength == 104)
    }
}
