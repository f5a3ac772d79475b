/// What a `moov` box says about a file's tracks: the parts of ISO/IEC 14496-12 (boxes),
/// 14496-15 (`avcC`, `hvcC`), 14496-14 (`esds`) and the AV1 binding (`av1C`) a player reads before it decodes anything.
///
/// ```swift
/// if case .moov(let bytes) = scanner.result, let movie = MovieInfo.parse(bytes) {
///     movie.tracks.first?.codec  // "h264"
/// }
/// ```
public struct MovieInfo: Sendable, Equatable {
    public struct Track: Sendable, Equatable {
        /// `vide`, `soun`, `text`, `meta`...
        public var handler: String
        /// The sample entry's type: `avc1`, `hvc1`, `mp4a`, `Opus`...
        public var fourcc: String
        /// The codec as ffprobe names it (`h264`, `hevc`, `aac`), or the fourcc when unknown.
        public var codec: String
        /// The profile as ffprobe names it (`High`, `Main 10`, `LC`), when the codec's configuration says.
        public var profile: String?
        /// H.264 `profile_idc` / HEVC `general_profile_idc` (or the profile its compatibility
        /// flags claim where that is 0) / AV1 `seq_profile`.
        public var profileIDC: Int?
        /// Where ffprobe's profile name is a family, the profile itself (HEVC `Rext`: `Main 12`,
        /// `Main 4:4:4 10`...), from the constraint flags.
        public var profileDetail: String?
        /// As written in the stream: H.264 `level_idc` (52 is 5.2), HEVC `general_level_idc`
        /// (30 times the level: 153 is 5.1), AV1 `seq_level_idx_0` (18 is 6.2).
        public var level: Int?
        /// HEVC `general_tier_flag`, AV1 `seq_tier_0`: 0 Main, 1 High.
        public var tier: Int?
        /// 0 monochrome, 1 4:2:0, 2 4:2:2, 3 4:4:4.
        public var chromaFormat: Int?
        public var bitDepth: Int?
        public var width: Int?
        public var height: Int?
        /// Seconds, from the track's `mdhd`.
        public var duration: Double?
        public var channels: Int?
        public var sampleRate: Int?
        /// For `mp4a`: the `esds` objectTypeIndication (0x40 MPEG-4 audio, 0x6B MP3, 0xDD Vorbis...).
        public var objectType: Int?

        public var isVideo: Bool { handler == "vide" }
        public var isAudio: Bool { handler == "soun" }
    }

    /// The most `trak` boxes read from one file. An iPhone recording has 2 to 6 tracks (video,
    /// audio, metadata) and a file for a notification no more; an 8 MiB `moov` holds a million
    /// empty ones, which took seconds of rules and hundreds of MB to keep. Past this many the
    /// rest are not read (`tracksOverLimit`), and `media.container.too-many-tracks` says so.
    public static let trackLimit = 256

    /// Seconds, from `mvhd`.
    public var duration: Double?
    /// The first `trackLimit` tracks.
    public var tracks: [Track]
    /// The file has more `trak` boxes than `trackLimit`: those past it were not read.
    public var tracksOverLimit = false

    public var hasVideo: Bool { tracks.contains(where: \.isVideo) }
    public var hasAudio: Bool { tracks.contains(where: \.isAudio) }

    /// Reads a `moov` box (its header included); nil when it is not one.
    public static func parse(_ moov: [UInt8]) -> MovieInfo? {
        var reader = BoxReader(moov[...])
        guard let box = reader.next(), box.type == "moov" else { return nil }
        var info = MovieInfo(duration: nil, tracks: [])
        var children = BoxReader(box.body)
        var traks = 0
        while let child = children.next() {
            switch child.type {
            case "mvhd": info.duration = timescaled(child.body)
            case "trak":
                // A `trak` that does not parse counts too: its walk was work spent.
                traks += 1
                guard traks <= trackLimit else {
                    info.tracksOverLimit = true
                    return info
                }
                if let track = track(child.body) { info.tracks.append(track) }
            default: break
            }
        }
        return info
    }

    private static func track(_ trak: ArraySlice<UInt8>) -> Track? {
        guard let mdia = BoxReader(trak).first("mdia") else { return nil }
        var track = Track(handler: "", fourcc: "", codec: "")
        for box in BoxReader(mdia).all() {
            switch box.type {
            case "mdhd": track.duration = timescaled(box.body)
            case "hdlr": if box.body.count >= 12 { track.handler = fourcc(box.body, at: 8) }
            default: break
            }
        }
        guard let stsd = BoxReader(mdia).path(["minf", "stbl", "stsd"]), stsd.count >= 8 else { return track }
        var entries = BoxReader(stsd.dropFirst(8))
        guard let entry = entries.next() else { return track }
        track.fourcc = entry.type
        track.codec = codecName(entry.type)
        if track.isVideo {
            video(entry.body, into: &track)
        } else if track.isAudio {
            audio(entry.body, into: &track)
        }
        return track
    }

    /// VisualSampleEntry: width and height at 24, child boxes (`avcC`, `hvcC`) from 78.
    private static func video(_ entry: ArraySlice<UInt8>, into track: inout Track) {
        guard entry.count >= 78 else { return }
        track.width = integer(entry, at: 24, bytes: 2)
        track.height = integer(entry, at: 26, bytes: 2)
        let children = BoxReader(entry.dropFirst(78))
        if let avcC = children.first("avcC") {
            AVCConfiguration.read(avcC, into: &track)
        } else if let hvcC = children.first("hvcC") {
            HEVCConfiguration.read(hvcC, into: &track)
        } else if let av1C = children.first("av1C") {
            AV1Configuration.read(av1C, into: &track)
        }
    }

    /// AudioSampleEntry: channels at 16, rate (16.16) at 24, children from 28; QuickTime
    /// version 1 adds 16 bytes before the children, version 2 puts rate and channels elsewhere.
    private static func audio(_ entry: ArraySlice<UInt8>, into track: inout Track) {
        guard entry.count >= 28, let version = integer(entry, at: 8, bytes: 2) else { return }
        var childrenStart = 28
        switch version {
        case 1:
            childrenStart = 44
            fallthrough
        case 0:
            track.channels = integer(entry, at: 16, bytes: 2)
            // The integer part of a 16.16 rate; 0 (what a writer puts for a rate past 65535) is no rate.
            track.sampleRate = integer(entry, at: 24, bytes: 2).flatMap { sampleRate(Double($0)) }
        case 2 where entry.count >= 64:
            childrenStart = 64
            let start = entry.startIndex
            let bits = entry[(start + 32)..<(start + 40)].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            track.sampleRate = sampleRate(Double(bitPattern: bits))
            track.channels = integer(entry, at: 40, bytes: 4)
        default:
            return
        }
        guard entry.count > childrenStart else { return }
        let children = BoxReader(entry.dropFirst(childrenStart))
        if track.fourcc == "mp4a", let esds = children.first("esds") {
            ElementaryStream.read(esds, into: &track)
        }
    }

    /// The sample rates a track may claim: 1 Hz to 768 kHz, the highest PCM rate sold (twice
    /// DXD's 352.8 kHz, four times 192 kHz). A version 2 sound sample entry stores its rate as
    /// any float64 (QuickTime File Format, "Sound sample description (version 2)"), so it may
    /// hold NaN, an infinity or 1e300, none of which converts to `Int`; a value outside this
    /// range is no rate, and the track is reported without one.
    static let sampleRates = 1.0...768_000.0

    /// `rate` in whole hertz, nil when it is not finite or not in `sampleRates`.
    static func sampleRate(_ rate: Double) -> Int? {
        // `contains` is false for NaN; the range's bounds are finite, so infinities fall outside.
        sampleRates.contains(rate) ? Int(rate.rounded()) : nil
    }

    /// `duration / timescale` of an `mvhd` or `mdhd` body (version 0 or 1).
    private static func timescaled(_ body: ArraySlice<UInt8>) -> Double? {
        guard let version = body.first else { return nil }
        let (scaleAt, durationAt, durationBytes) = version == 1 ? (20, 24, 8) : (12, 16, 4)
        guard let scale = integer(body, at: scaleAt, bytes: 4), scale > 0,
            let duration = integer(body, at: durationAt, bytes: durationBytes)
        else { return nil }
        // All ones: "unknown duration" (ISO/IEC 14496-12, mvhd).
        if durationBytes == 4, duration == 0xFFFF_FFFF { return nil }
        return Double(duration) / Double(scale)
    }

    /// The name ffprobe gives a sample entry's codec.
    static func codecName(_ fourcc: String) -> String {
        switch fourcc {
        case "avc1", "avc2", "avc3", "avc4": "h264"
        case "hvc1", "hev1": "hevc"
        case "dvh1", "dvhe": "hevc"
        case "av01": "av1"
        case "vp08": "vp8"
        case "vp09": "vp9"
        case "mp4v": "mpeg4"
        case "apch", "apcn", "apcs", "apco", "ap4h", "ap4x": "prores"
        case "jpeg", "mjpa", "mjpb": "mjpeg"
        case "mp4a": "aac"
        case "alac": "alac"
        case "ac-3": "ac3"
        case "ec-3": "eac3"
        case "Opus": "opus"
        case "fLaC": "flac"
        case ".mp3": "mp3"
        case "sowt", "twos", "lpcm", "in24", "in32", "fl32", "fl64": "pcm"
        default: fourcc
        }
    }

    static func fourcc(_ bytes: ArraySlice<UInt8>, at offset: Int) -> String {
        let start = bytes.startIndex + offset
        guard start + 4 <= bytes.endIndex else { return "" }
        return String(decoding: bytes[start..<(start + 4)], as: UTF8.self)
    }

    /// A big-endian unsigned integer of `bytes` bytes at `offset` (from the slice's start).
    static func integer(_ bytes: ArraySlice<UInt8>, at offset: Int, bytes count: Int) -> Int? {
        let start = bytes.startIndex + offset
        guard offset >= 0, start + count <= bytes.endIndex else { return nil }
        let value = bytes[start..<(start + count)].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        return value > UInt64(Int.max) ? nil : Int(value)
    }
}

/// The boxes in a byte range, one after another.
struct BoxReader {
    struct Box {
        var type: String
        var body: ArraySlice<UInt8>
    }

    private var rest: ArraySlice<UInt8>

    init(_ bytes: ArraySlice<UInt8>) {
        rest = bytes
    }

    /// The next box; nil at the end or at a size that does not fit.
    mutating func next() -> Box? {
        guard rest.count >= 8, var size = MovieInfo.integer(rest, at: 0, bytes: 4) else { return nil }
        var header = 8
        if size == 1 {
            guard let large = MovieInfo.integer(rest, at: 8, bytes: 8) else { return nil }
            size = large
            header = 16
        } else if size == 0 {
            size = rest.count
        }
        guard size >= header, size <= rest.count else { return nil }
        let type = MovieInfo.fourcc(rest, at: 4)
        let start = rest.startIndex
        let box = Box(type: type, body: rest[(start + header)..<(start + size)])
        rest = rest[(start + size)...]
        return box
    }

    func all() -> [Box] {
        var reader = self
        var boxes: [Box] = []
        while let box = reader.next() { boxes.append(box) }
        return boxes
    }

    func first(_ type: String) -> ArraySlice<UInt8>? {
        var reader = self
        while let box = reader.next() {
            if box.type == type { return box.body }
        }
        return nil
    }

    /// The body at a path of nested box types.
    func path(_ types: [String]) -> ArraySlice<UInt8>? {
        var body: ArraySlice<UInt8>? = nil
        var reader = self
        for type in types {
            guard let found = reader.first(type) else { return nil }
            body = found
            reader = BoxReader(found)
        }
        return body
    }
}
