import Testing

@testable import PreflightCore

/// The configuration file's key tables: each key written once, the table as the known list.
@Suite struct ConfigKeyTests {
    @Test func eachTableNamesEachKeyOnce() {
        let tables: [[String]] = [
            PreflightConfiguration.keys.map(\.name), PreflightConfiguration.Listen.keys.map(\.name),
            PreflightConfiguration.Server.keys.map(\.name), PreflightConfiguration.Payload.keys.map(\.name),
            PreflightConfiguration.Fetch.keys.map(\.name), PreflightConfiguration.Egress.keys.map(\.name),
            PreflightConfiguration.Limits.keys.map(\.name), PreflightConfiguration.Cache.keys.map(\.name),
        ]
        for names in tables { #expect(Set(names).count == names.count, "\(names)") }
        #expect(PreflightConfiguration.Fetch.keys.count == 12)
    }

    /// The unknown key's message lists the table, in its order.
    @Test func anUnknownKeyNamesTheTable() {
        #expect(
            throws: ConfigurationError(
                "limits.gif_bytes: unknown key (known: image_bytes, audio_bytes, video_bytes, nse_memory_bytes)")
        ) {
            try PreflightConfiguration.decode(Array(#"{"limits": {"gif_bytes": 1}}"#.utf8))
        }
    }

    @Test func aTableReadsEveryKeyItNames() throws {
        let parsed = try JSONParser.parse(Array(#"{"ttl_s": 7, "max_entries": 8, "max_bytes": 9}"#.utf8))
        let object = ConfigObject(path: "cache", members: try #require(parsed.value.members))
        var cache = PreflightConfiguration.Cache()
        try object.read(PreflightConfiguration.Cache.keys, into: &cache)
        #expect(cache.ttlSeconds == 7)
        #expect(cache.maxEntries == 8)
        #expect(cache.maxBytes == 9)
    }
}
