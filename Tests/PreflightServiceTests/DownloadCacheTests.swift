import Dispatch
import PreflightCore
import PreflightFetch
import Synchronization
import Testing

@testable import PreflightService

/// A clock the test moves by hand.
final class ManualClock: Sendable {
    private let instant = Mutex(ContinuousClock.now)
    var now: ContinuousClock.Instant { instant.withLock { $0 } }
    func advance(_ duration: Duration) { instant.withLock { $0 += duration } }
}

@Suite(.serialized) struct DownloadCacheTests {
    let origins: Origins
    let fetcher: MediaFetcher
    let clock = ManualClock()

    init() throws {
        origins = try Origins.load()
        fetcher = try PreflightCheck.makeFetcher(configuration: origins.configuration())
    }

    func cache(ttl: Int = 300, entries: Int = 100) -> DownloadCache {
        var configuration = PreflightConfiguration.Cache()
        configuration.ttlSeconds = ttl
        configuration.maxEntries = entries
        let clock = self.clock
        return DownloadCache(fetcher: fetcher, configuration: configuration, clock: { clock.now })
    }

    /// Fetches through the cache and waits for the outcome.
    func get(_ cache: DownloadCache, _ path: String) -> DownloadOutcome? {
        let result = Mutex<DownloadOutcome?>(nil)
        let done = Gate()
        cache.fetch(origins.origin + path) { outcome in
            result.withLock { $0 = outcome }
            done.open()
        }
        _ = done.wait()
        return result.withLock { $0 }
    }

    /// Fetches under `transport` through the cache and waits for the outcome.
    func get(_ cache: DownloadCache, _ path: String, transport: TransportPolicy) -> DownloadOutcome? {
        let result = Mutex<DownloadOutcome?>(nil)
        let done = Gate()
        cache.fetch(origins.origin + path, accept: nil, transport: transport) { outcome in
            result.withLock { $0 = outcome }
            done.open()
        }
        _ = done.wait()
        return result.withLock { $0 }
    }

    /// One extension's ATS refuses what another's allows: their downloads of one URL are kept
    /// apart (a download kept for arbitrary loads is no answer for an extension without them).
    @Test func entriesAreKeptByTransportPolicy() throws {
        defer { fetcher.shutdown() }
        let cache = cache()
        let open = try #require(get(cache, "/jpeg/ats.jpg", transport: .appTransportSecurity(.arbitraryLoads)))
        #expect(open.failure == nil)
        #expect(open.ats == [HopATS(url: origins.origin + "/jpeg/ats.jpg", applied: "allows_arbitrary_loads")])
        #expect(get(cache, "/jpeg/ats.jpg", transport: .appTransportSecurity(.arbitraryLoads))?.cached == true)
        let strict = try #require(get(cache, "/jpeg/ats.jpg", transport: .appTransportSecurity(.strict)))
        #expect(strict.cached == false)
        #expect(strict.failure == .ats("\(origins.origin)/jpeg/ats.jpg is plain http"))
    }

    @Test func aSecondProbeIsAHit() throws {
        defer { fetcher.shutdown() }
        let cache = cache()
        let first = try #require(get(cache, "/jpeg/hit.jpg"))
        let second = try #require(get(cache, "/jpeg/hit.jpg"))
        #expect(first.cached == false)
        #expect(second.cached == true)
        #expect(second.sha256 == first.sha256)
        #expect(second.analyzed() == first.analyzed())
        #expect(try origins.hits("/jpeg/hit.jpg") == 1)
        #expect(cache.statistics.counts == DownloadCache.Statistics(hits: 1, misses: 1, coalesced: 0, entries: 1))
    }

    @Test func entriesExpireAfterTheTTL() throws {
        defer { fetcher.shutdown() }
        let cache = cache(ttl: 60)
        _ = get(cache, "/jpeg/ttl.jpg")
        clock.advance(.seconds(59))
        #expect(get(cache, "/jpeg/ttl.jpg")?.cached == true)
        clock.advance(.seconds(2))
        #expect(get(cache, "/jpeg/ttl.jpg")?.cached == false)
        #expect(try origins.hits("/jpeg/ttl.jpg") == 2)
    }

    @Test func aShorterMaxAgeWins() throws {
        defer { fetcher.shutdown() }
        let cache = cache(ttl: 300)
        _ = get(cache, "/jpeg/maxage.jpg?cc=public,%20max-age=10")
        clock.advance(.seconds(9))
        #expect(get(cache, "/jpeg/maxage.jpg?cc=public,%20max-age=10")?.cached == true)
        clock.advance(.seconds(2))
        #expect(get(cache, "/jpeg/maxage.jpg?cc=public,%20max-age=10")?.cached == false)
        // A longer max-age does not stretch the TTL.
        _ = get(cache, "/jpeg/long.jpg?cc=max-age=100000")
        clock.advance(.seconds(301))
        #expect(get(cache, "/jpeg/long.jpg?cc=max-age=100000")?.cached == false)
    }

    @Test func noStoreIsNeverKept() throws {
        defer { fetcher.shutdown() }
        let cache = cache()
        #expect(get(cache, "/jpeg/nostore.jpg?cc=no-store")?.cached == false)
        #expect(get(cache, "/jpeg/nostore.jpg?cc=no-store")?.cached == false)
        #expect(try origins.hits("/jpeg/nostore.jpg") == 2)
        #expect(cache.statistics.entries == 0)
    }

    @Test func theLeastRecentlyUsedEntryGoesFirst() throws {
        defer { fetcher.shutdown() }
        let cache = cache(entries: 2)
        _ = get(cache, "/jpeg/lru-a.jpg")
        _ = get(cache, "/jpeg/lru-b.jpg")
        #expect(get(cache, "/jpeg/lru-a.jpg")?.cached == true)  // a is now newer than b
        _ = get(cache, "/jpeg/lru-c.jpg")  // evicts b
        #expect(cache.statistics.entries == 2)
        #expect(get(cache, "/jpeg/lru-a.jpg")?.cached == true)
        #expect(get(cache, "/jpeg/lru-b.jpg")?.cached == false)
        #expect(try origins.hits("/jpeg/lru-b.jpg") == 2)
        #expect(try origins.hits("/jpeg/lru-a.jpg") == 1)
    }

    @Test func failuresAreNotKept() throws {
        defer { fetcher.shutdown() }
        let cache = cache()
        #expect(get(cache, "/short/fail.jpg")?.failure != nil)
        #expect(get(cache, "/short/fail.jpg")?.cached == false)
        #expect(try origins.hits("/short/fail.jpg") == 2)
    }

    @Test func concurrentRequestsShareOneDownload() throws {
        defer { fetcher.shutdown() }
        let cache = cache()
        let outcomes = Mutex<[DownloadOutcome]>([])
        let all = DispatchGroup()
        for _ in 0..<20 {
            all.enter()
            cache.fetch(origins.origin + "/wait/shared.jpg?ms=400") { outcome in
                outcomes.withLock { $0.append(outcome) }
                all.leave()
            }
        }
        #expect(all.wait(timeout: .now() + 10) == .success)
        #expect(outcomes.withLock { $0.count } == 20)
        #expect(Set(outcomes.withLock { $0.map(\.sha256) }).count == 1)
        #expect(try origins.hits("/wait/shared.jpg") == 1)
        #expect(cache.statistics.counts == DownloadCache.Statistics(hits: 0, misses: 1, coalesced: 19, entries: 1))
    }

    @Test func theServiceReportsCachedAndCountsInMetrics() throws {
        defer { fetcher.shutdown() }
        let service = try PreflightService(configuration: origins.configuration(), accessLogDescriptor: nil)
        try service.start()
        defer { service.shutdown() }
        let first = try checkMedia(service, url: origins.origin + "/jpeg/service.jpg")
        let second = try checkMedia(service, url: origins.origin + "/jpeg/service.jpg")
        #expect(first.media?["cached"] == .bool(false))
        #expect(second.media?["cached"] == .bool(true))
        #expect(second.attachment?["uti"]?.string == "public.jpeg")
        #expect(second.media?["image"]?["width"]?.integer == 640)
        let text = try metrics(port: service.port, containing: ["preflight_cache_hits_total 1"])
        #expect(text.contains("preflight_cache_hits_total 1\n"))
        #expect(text.contains("preflight_cache_misses_total 1\n"))
        #expect(text.contains("preflight_cache_coalesced_total 0\n"))
        #expect(text.contains("preflight_cache_entries 1\n"))
    }
}

extension DownloadCache.Statistics {
    /// The counters alone, without the memory figures.
    var counts: DownloadCache.Statistics {
        DownloadCache.Statistics(hits: hits, misses: misses, coalesced: coalesced, entries: entries)
    }
}

// MARK: - What an entry costs

// What the cache counts an entry for follows what the entry keeps, its `moov` tracks included:
// an 8 MiB `moov` of empty tracks keeps 135 MB, where the outcome alone would count 714 bytes.
extension DownloadCacheTests {
    /// The `moov` of a file of `count` Opus sound tracks.
    static func movie(tracks count: Int) throws -> MovieInfo {
        let file = MovieFiles.m4a(
            tracks: Array(repeating: MovieFiles.trak(entry: MovieFiles.soundEntryV0(fourcc: "Opus")), count: count))
        return try #require(MovieInfo.parse(Array(file.dropFirst(12))))  // after the 12-byte ftyp
    }

    /// The bytes an array of tracks takes for each track, whatever its strings.
    static let perTrack = MemoryLayout<MovieInfo.Track>.stride

    @Test(arguments: [1, 16, 256])
    func anEntryCountsItsTracks(count: Int) throws {
        var outcome = DownloadOutcome(url: "https://cdn.example.com/a.m4a")
        let bare = DownloadCache.cost(keyBytes: outcome.url.utf8.count, outcome: outcome)
        outcome.movie = .movie(try Self.movie(tracks: count))
        let cost = DownloadCache.cost(keyBytes: outcome.url.utf8.count, outcome: outcome)
        #expect(Self.perTrack >= 150)
        #expect(cost - bare >= count * Self.perTrack)
    }
}
