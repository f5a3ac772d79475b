import Foundation

/// MP4/M4A files written by the tests themselves, box by box (ISO/IEC 14496-12): the shapes
/// an encoder never writes but a stranger may, served from the loopback nginx's media folder.
enum MovieFiles {
    /// `value` as `count` big-endian bytes.
    static func be(_ value: UInt64, _ count: Int) -> [UInt8] {
        (0..<count).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) }
    }

    static func box(_ type: String, _ body: [UInt8]) -> [UInt8] {
        be(UInt64(body.count + 8), 4) + Array(type.utf8) + body
    }

    /// A QuickTime version 2 sound sample entry (`lpcm`, stereo) whose float64 rate is `rateBits`.
    static func soundEntryV2(rateBits: UInt64, fourcc: String = "lpcm") -> [UInt8] {
        var body = [UInt8](repeating: 0, count: 64)
        body[7] = 1  // data_reference_index
        body[9] = 2  // version
        body[32..<40] = be(rateBits, 8)[...]
        body[40..<44] = be(2, 4)[...]  // channels
        return box(fourcc, body)
    }

    /// A version 0 sound sample entry of `fourcc` (`Opus`: a codec iOS does not play in MP4).
    static func soundEntryV0(fourcc: String) -> [UInt8] {
        var body = [UInt8](repeating: 0, count: 28)
        body[7] = 1
        body[17] = 2  // channels
        body[24..<26] = be(48_000, 2)[...]
        return box(fourcc, body)
    }

    /// A `trak` holding one sample entry under `handler`.
    static func trak(handler: String = "soun", entry: [UInt8]) -> [UInt8] {
        let hdlr = box("hdlr", [0, 0, 0, 0, 0, 0, 0, 0] + Array(handler.utf8) + [UInt8](repeating: 0, count: 12))
        let stsd = box("stsd", [0, 0, 0, 0, 0, 0, 0, 1] + entry)
        return box("trak", box("mdia", hdlr + box("minf", box("stbl", stsd))))
    }

    /// `ftyp M4A ` and a `moov` of `tracks` (each a whole `trak` box).
    static func m4a(tracks: [[UInt8]]) -> [UInt8] {
        var moov: [UInt8] = []
        moov.reserveCapacity(tracks.reduce(8) { $0 + $1.count })
        for track in tracks { moov += track }
        return box("ftyp", Array("M4A ".utf8)) + box("moov", moov)
    }

    /// Writes `bytes` under the origins' media folder; the path nginx serves it at.
    static func publish(_ bytes: [UInt8], as name: String, origins: Origins) throws -> String {
        let folder = origins.media + "/generated"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: folder + "/" + name))
        return "/media/generated/" + name
    }
}
