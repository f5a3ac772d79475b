import Dispatch
import Foundation
import PreflightCore
import PreflightService
import Synchronization
import Testing

/// MP4/M4A files shaped to break the `moov` reader, written by the test and downloaded from the
/// loopback nginx: the server answers each and stays up.
@Suite(.serialized) struct HostileMovieFilesTests {
    let origins: Origins

    init() throws {
        origins = try Origins.load()
    }

    /// A 172-byte M4A whose version 2 sound entry's float64 rate is NaN, infinite or 1e300 must not
    /// kill the process (a conversion to `Int` traps): the track has no rate.
    @Test(arguments: [
        ("rate-nan.m4a", Double.nan.bitPattern), ("rate-inf.m4a", Double.infinity.bitPattern),
        ("rate-1e300.m4a", (1e300).bitPattern),
    ])
    func aVersion2SoundEntryWithAnImpossibleRateIsAnswered(name: String, bits: UInt64) throws {
        let file = MovieFiles.m4a(tracks: [MovieFiles.trak(entry: MovieFiles.soundEntryV2(rateBits: bits))])
        #expect(file.count == 172)
        let path = try MovieFiles.publish(file, as: name, origins: origins)
        try withService(origins.configuration()) { service in
            let result = try checkMedia(service, url: origins.https + path)
            #expect(result.status == 200)
            #expect(result.codes == [])
            #expect(result.media?["audio"]?["codec"]?.string == "pcm")
            #expect(result.media?["audio"]?["channels"]?.integer == 2)
            #expect(result.media?["audio"]?["sample_rate"] == .null)
            #expect(result.attachment?["kind"]?.string == "audio")
        }
    }

    /// An M4A of `count` sound tracks whose codec (`Opus`) iOS does not play in MPEG-4: 116 bytes a track.
    static func opusTracks(_ count: Int) -> [UInt8] {
        let track = MovieFiles.trak(entry: MovieFiles.soundEntryV0(fourcc: "Opus"))
        return MovieFiles.m4a(tracks: Array(repeating: track, count: count))
    }

    /// 64,000 sound tracks: 256 are read (`media.container.too-many-tracks`), and of their 256
    /// codec findings 10 are made and 246 counted.
    @Test func aFileOf64000TracksIsJudgedOnItsFirst256() throws {
        let path = try MovieFiles.publish(Self.opusTracks(64_000), as: "tracks-64000.m4a", origins: origins)
        try withService(origins.configuration()) { service in
            let result = try checkMedia(service, url: origins.https + path)
            #expect(result.status == 422)
            let codes = result.codes.filter { $0.hasPrefix("media.container") || $0.hasPrefix("media.audio") }
            #expect(
                codes == Array(repeating: "media.audio.codec-unsupported", count: 10) + [
                    "media.container.too-many-tracks"
                ])
            #expect(result.report["findings_omitted"]?["media.audio.codec-unsupported"]?.integer == 246)
        }
    }

    /// A batch of 100 items naming one file of 8,000 tracks: each item keeps 10 of the code and
    /// counts 246 (media findings added after the cap made a 201 MB answer).
    @Test func aBatchNamingAFileOfManyTracksGetsABoundedAnswer() throws {
        let path = try MovieFiles.publish(Self.opusTracks(8_000), as: "tracks-8000.m4a", origins: origins)
        let item =
            #"{"payload":{"aps":{"alert":"a","mutable-content":1},"image":"\#(origins.https)\#(path)"},"headers":{"apns-push-type":"alert"}}"#
        let body = #"{"items":["# + Array(repeating: item, count: 100).joined(separator: ",") + "]}"
        try withService(origins.configuration()) { service in
            let response = try httpRequest(port: service.port, "POST", "/v1/preflight/batch", body: Array(body.utf8))
            #expect(response.status == 200)
            guard case .array(let results)? = response.json?["results"] else {
                Issue.record("no results: \(response.text.prefix(300))")
                return
            }
            #expect(results.count == 100)
            for report in results {
                guard case .array(let findings)? = report["findings"] else {
                    Issue.record("no findings")
                    return
                }
                #expect(findings.filter { $0["code"]?.string == "media.audio.codec-unsupported" }.count == 10)
                #expect(report["findings_omitted"]?["media.audio.codec-unsupported"]?.integer == 246)
            }
            // What the cap leaves an item: the media rules' 11 findings and the payload's few, each
            // under 512 bytes (fixed text, the 6-byte path, the fourcc), and the report's other
            // objects under 2 KB. Uncapped, each item would carry every track's finding (256 here,
            // 8,000 with tracks unbounded).
            #expect(response.body.count < 100 * (16 * 512 + 2048), "\(response.body.count) bytes")
        }
    }

    /// Four URLs of one 256-track file (a query string makes each new) under a cache budget of
    /// two and a half such entries: two are kept. Counted for 714 bytes each, all four were.
    @Test func theCacheBudgetCountsTheTracksItKeeps() throws {
        let path = try MovieFiles.publish(Self.opusTracks(256), as: "tracks-256.m4a", origins: origins)
        let perTrack = MemoryLayout<MovieInfo.Track>.stride
        var configuration = origins.configuration()
        configuration.cache.maxBytes = 256 * perTrack * 5 / 2
        try withService(configuration) { service in
            for index in 0..<4 {
                let result = try checkMedia(service, url: origins.https + path + "?copy=\(index)")
                #expect(result.codes.filter { $0 == "media.audio.codec-unsupported" }.count == 10)
            }
            let statistics = try #require(service.cache?.statistics)
            #expect(statistics.entries == 2)
            #expect(statistics.bytes >= 2 * 256 * perTrack)
            #expect(statistics.bytes <= configuration.cache.maxBytes)
        }
    }

    /// A metric's value from `/metrics`.
    func metric(_ name: String, port: Int) throws -> Int? {
        let text = try httpRequest(port: port, "GET", "/metrics").text
        let line = text.split(separator: "\n").first { $0.hasPrefix(name + " ") }
        return line.flatMap { Int($0.split(separator: " ").last ?? "") }
    }

    /// Each download could keep 8 MiB of `moov` whatever the others kept. With a budget of two
    /// 40,000-byte boxes, two slow downloads hold it all; a third is answered with its `moov`
    /// not kept (`media.container.not-checked`), and the budget is whole again after.
    @Test func theMoovBytesOfDownloadsInFlightKeepToTheirBudget() throws {
        var configuration = origins.configuration()
        configuration.fetch.moovBudgetBytes = 2 * 40_000
        try withService(configuration) { service in
            let slow = Mutex<[MediaCheckResult]>([])
            let group = DispatchGroup()
            for name in ["a", "b"] {
                DispatchQueue.global().async(group: group) { [origins] in
                    let url = origins.origin + "/slowmoov/\(name).mp4?bytes=40000&ms=4000"
                    if let result = try? checkMedia(service, url: url) { slow.withLock { $0.append(result) } }
                }
            }
            // Until both slow downloads have reserved their box (polled; what is asserted is the figure).
            var kept: Int? = nil
            for _ in 0..<100 {
                kept = try metric("preflight_moov_bytes_kept", port: service.port)
                if kept == 80_000 { break }
                usleep(50_000)
            }
            #expect(kept == 80_000)
            #expect(try metric("preflight_moov_budget_bytes", port: service.port) == 80_000)
            let third = try checkMedia(service, url: origins.origin + "/slowmoov/c.mp4?bytes=40000&ms=0")
            #expect(third.status == 200)
            #expect(third.codes == ["media.container.not-checked"])
            #expect(third.finding("media.container.not-checked")?["severity"]?.string == "warning")
            group.wait()
            let results = slow.withLock { $0 }
            #expect(results.count == 2)
            for result in results { #expect(result.codes == []) }
            #expect(try metric("preflight_moov_bytes_kept", port: service.port) == 0)
            #expect(try metric("preflight_moov_refused_total", port: service.port) == 1)
        }
    }
}
