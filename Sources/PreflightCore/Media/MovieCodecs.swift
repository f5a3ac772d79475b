/// `avcC` (ISO/IEC 14496-15, AVCDecoderConfigurationRecord) and the first sequence parameter
/// set in it (ITU-T H.264, 7.3.2.1.1): profile, level, chroma format and bit depth.
enum AVCConfiguration {
    /// `profile_idc` values whose SPS carries chroma_format_idc and the bit depths.
    static let highProfiles: Set<Int> = [100, 110, 122, 244, 44, 83, 86, 118, 128, 138, 139, 134, 135]

    static func read(_ avcC: ArraySlice<UInt8>, into track: inout MovieInfo.Track) {
        guard avcC.count >= 7 else { return }
        let start = avcC.startIndex
        let profile = Int(avcC[start + 1])
        let compatibility = Int(avcC[start + 2])
        track.profileIDC = profile
        track.level = Int(avcC[start + 3])
        track.chromaFormat = 1
        track.bitDepth = 8
        let spsCount = Int(avcC[start + 5] & 0x1F)
        if spsCount > 0, let length = MovieInfo.integer(avcC, at: 6, bytes: 2), avcC.count >= 8 + length {
            let sps = avcC[(start + 8)..<(start + 8 + length)]
            if let parsed = SequenceParameterSet(sps) {
                track.chromaFormat = parsed.chromaFormat
                track.bitDepth = parsed.bitDepth
            }
        }
        track.profile = name(profile: profile, constraints: compatibility)
    }

    /// ffprobe's names (libavcodec `ff_h264_profiles`).
    static func name(profile: Int, constraints: Int) -> String {
        let intra = constraints & 0x10 != 0  // constraint_set3_flag
        switch profile {
        case 66: return constraints & 0x40 != 0 ? "Constrained Baseline" : "Baseline"
        case 77: return "Main"
        case 88: return "Extended"
        case 100: return "High"
        case 110: return intra ? "High 10 Intra" : "High 10"
        case 122: return intra ? "High 4:2:2 Intra" : "High 4:2:2"
        case 244: return intra ? "High 4:4:4 Intra" : "High 4:4:4 Predictive"
        case 44: return "CAVLC 4:4:4"
        default: return "profile \(profile)"
        }
    }

    /// The fields of an SPS that decide decodability.
    struct SequenceParameterSet {
        var chromaFormat = 1
        var bitDepth = 8

        init?(_ nal: ArraySlice<UInt8>) {
            var bits = BitReader(Self.unescaped(nal.dropFirst()))  // after the NAL header byte
            guard let profile = bits.read(8), bits.read(16) != nil, bits.unsignedGolomb() != nil else { return nil }
            guard AVCConfiguration.highProfiles.contains(profile) else { return }
            guard let chroma = bits.unsignedGolomb() else { return nil }
            chromaFormat = chroma
            if chroma == 3 { _ = bits.read(1) }  // separate_colour_plane_flag
            guard let luma = bits.unsignedGolomb(), let chromaDepth = bits.unsignedGolomb() else { return nil }
            bitDepth = max(luma, chromaDepth) + 8
        }

        /// The RBSP: every 0x000003 becomes 0x0000 (emulation prevention, H.264 7.4.1).
        static func unescaped(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count)
            var zeros = 0
            for byte in bytes {
                if zeros >= 2, byte == 3 {
                    zeros = 0
                    continue
                }
                zeros = byte == 0 ? zeros + 1 : 0
                out.append(byte)
            }
            return out
        }
    }
}

/// `esds` (ISO/IEC 14496-1 ES_Descriptor): the objectTypeIndication, and for MPEG-4 audio the
/// audio object type of the AudioSpecificConfig (2 LC, 5 HE-AAC, 29 HE-AACv2).
enum ElementaryStream {
    static func read(_ esds: ArraySlice<UInt8>, into track: inout MovieInfo.Track) {
        var bytes = esds.dropFirst(4)  // version and flags
        guard let es = descriptor(&bytes, tag: 0x03), es.count >= 3 else { return }
        var rest = es.dropFirst(2)  // ES_ID
        let flags = rest.first ?? 0
        rest = rest.dropFirst()
        if flags & 0x80 != 0 { rest = rest.dropFirst(2) }
        if flags & 0x40 != 0, let length = rest.first { rest = rest.dropFirst(1 + Int(length)) }
        if flags & 0x20 != 0 { rest = rest.dropFirst(2) }
        guard let config = descriptor(&rest, tag: 0x04), let objectType = config.first else { return }
        track.objectType = Int(objectType)
        switch objectType {
        case 0x40, 0x66, 0x67, 0x68:
            track.codec = "aac"
            var inner = config.dropFirst(13)
            if let specific = descriptor(&inner, tag: 0x05) {
                // AudioSpecificConfig (ISO/IEC 14496-3, 1.6.2.1): object type (5 bits, 31 escapes
                // to 32 plus 6 more: USAC, xHE-AAC's core, is 42), rate index, channels.
                var bits = BitReader(Array(specific))
                guard let first = bits.read(5),
                    let audioObjectType = first == 31 ? bits.read(6).map({ 32 + $0 }) : first
                else { return }
                if let rate = bits.read(4), rate != 15 || bits.read(24) != nil, let channels = bits.read(4),
                    (1...7).contains(channels)
                {
                    track.channels = channels == 7 ? 8 : channels
                }
                track.profile =
                    switch audioObjectType {
                    case 1: "Main"
                    case 2: "LC"
                    case 3: "SSR"
                    case 4: "LTP"
                    case 5: "HE-AAC"
                    case 29: "HE-AACv2"
                    case 23: "LD"
                    case 39: "ELD"
                    case 42: "xHE-AAC"
                    default: "object type \(audioObjectType)"
                    }
            }
        case 0x69, 0x6B: track.codec = "mp3"
        case 0xA5: track.codec = "ac3"
        case 0xA6: track.codec = "eac3"
        case 0xA9, 0xAC: track.codec = "dts"
        case 0xAD: track.codec = "opus"
        case 0xDD:
            track.codec = "vorbis"
            // The Vorbis identification header inside: "\u{1}vorbis", version, channels, rate (LE).
            var inner = config.dropFirst(13)
            if let specific = descriptor(&inner, tag: 0x05) {
                let marker: [UInt8] = [1] + Array("vorbis".utf8)
                let bytes = Array(specific)
                if let at = (0..<max(0, bytes.count - 15)).first(where: { Array(bytes[$0..<($0 + 7)]) == marker }) {
                    track.channels = Int(bytes[at + 11])
                    let rate = (0..<4).reduce(0) { $0 | Int(bytes[at + 12 + $1]) << (8 * $1) }
                    track.sampleRate = MovieInfo.sampleRate(Double(rate))
                }
            }
        default: break
        }
    }

    /// The body of the descriptor with `tag` at the front of `bytes` (sizes of 1 to 4 bytes of 7 bits).
    private static func descriptor(_ bytes: inout ArraySlice<UInt8>, tag: UInt8) -> ArraySlice<UInt8>? {
        guard bytes.first == tag else { return nil }
        bytes = bytes.dropFirst()
        var size = 0
        for _ in 0..<4 {
            guard let byte = bytes.first else { return nil }
            bytes = bytes.dropFirst()
            size = size << 7 | Int(byte & 0x7F)
            if byte & 0x80 == 0 { break }
        }
        guard size <= bytes.count else { return nil }
        let body = bytes.prefix(size)
        bytes = bytes.dropFirst(size)
        return body
    }
}

/// Bits of a byte array, most significant first; Exp-Golomb codes (H.264 9.1).
struct BitReader {
    private let bytes: [UInt8]
    private var position = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    mutating func read(_ count: Int) -> Int? {
        guard position + count <= bytes.count * 8 else { return nil }
        var value = 0
        for _ in 0..<count {
            let bit = (bytes[position >> 3] >> (7 - UInt8(position & 7))) & 1
            value = value << 1 | Int(bit)
            position += 1
        }
        return value
    }

    mutating func unsignedGolomb() -> Int? {
        var zeros = 0
        while true {
            guard let bit = read(1) else { return nil }
            if bit == 1 { break }
            zeros += 1
            if zeros > 31 { return nil }
        }
        guard let rest = read(zeros) else { return nil }
        return (1 << zeros) - 1 + rest
    }
}
