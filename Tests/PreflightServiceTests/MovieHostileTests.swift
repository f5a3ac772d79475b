import Foundation
import PreflightCore
import PreflightService
import Testing

/// MP4/M4A files shaped to break the `moov` reader, written by the test and downloaded from the
/// loopback nginx: the server answers each and stays up.
@Suite(.serialized) struct MovieHostileTests {
    let origins: Origins

    init() throws {
        origins = try Origins.load()
    }

    /// A 172-byte M4A whose version 2 sound entry's float64 rate is NaN, infinite or 1e300 killed
    /// the process (the conversion to `Int` trapped); now the track has no rate.
    @Test(arguments: [
        ("rate-nan.m4a", Double.nan.bitPattern), ("rate-inf.m4a", Double.infinity.bitPattern),
        ("rate-1e300.m4a", (1e300).bitPattern),
    ])
    func aVersion2SoundEntryWithAnImpossibleRateIsAnswered(name: String, bits: UInt64) throws {
        let file = MovieFiles.m4a(tracks: [MovieFiles.trak(entry: MovieFiles.soundEntryV2(rateBits: bits))])
        #expect(file.count == 172)
        let path = try MovieFiles.publish(file, as: name, origins: origins)
        try withService(origins.configuration()) { service in
            let result = try probe(service, url: origins.https + path)
            #expect(result.status == 200)
            #expect(result.codes == [])
            #expect(result.media?["audio"]?["codec"]?.string == "pcm")
            #expect(result.media?["audio"]?["channels"]?.integer == 2)
            #expect(result.media?["audio"]?["sample_rate"] == .null)
            #expect(result.attachment?["kind"]?.string == "audio")
        }
    }
}
