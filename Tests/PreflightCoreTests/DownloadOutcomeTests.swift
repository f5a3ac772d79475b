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

    /// Copies share their fields until one changes: the changed copy alone shows the change,
    /// whichever field, and outcomes compare by what they hold, `cached` included.
    @Test func aChangedCopyLeavesTheOtherAsItWas() {
        var original = DownloadOutcome(url: "https://c.test/a")
        original.prefix = [1, 2, 3]
        original.bytes = 3
        original.tls = TLSFacts(version: "TLSv1.3", cipher: "TLS_AES_128_GCM_SHA256", keyExchange: "any")
        var copy = original
        #expect(copy == original)
        copy.prefix.append(4)
        copy.bytes += 1
        copy.url = "https://c.test/b"
        copy.tls?.version = "TLSv1.2"
        #expect(original.prefix == [1, 2, 3] && original.bytes == 3 && original.url == "https://c.test/a")
        #expect(original.tls?.version == "TLSv1.3")
        #expect(copy.prefix == [1, 2, 3, 4] && copy.bytes == 4 && copy.url == "https://c.test/b")
        #expect(copy.tls?.version == "TLSv1.2")
        #expect(copy != original)

        var cached = original
        cached.cached = true
        #expect(cached != original)
        cached.cached = false
        #expect(cached == original)
        var other = DownloadOutcome(url: "https://c.test/a")
        other.prefix = [1, 2, 3]
        other.bytes = 3
        other.tls = TLSFacts(version: "TLSv1.3", cipher: "TLS_AES_128_GCM_SHA256", keyExchange: "any")
        #expect(other == original)
    }
}
