import PreflightCore
import PreflightFetch
import Testing

@testable import PreflightService

/// What the probe cache counts an entry for must follow what the entry keeps: an outcome's
/// `moov` tracks were not counted (an 8 MiB `moov` of empty tracks: 714 bytes counted, 135 MB kept).
@Suite(.serialized) struct MediaProbeCacheCostTests {
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
        let bare = DownloadCache.cost(url: outcome.url, outcome: outcome)
        outcome.movie = .movie(try Self.movie(tracks: count))
        let cost = DownloadCache.cost(url: outcome.url, outcome: outcome)
        #expect(Self.perTrack >= 150)
        #expect(cost - bare >= count * Self.perTrack)
    }
}
