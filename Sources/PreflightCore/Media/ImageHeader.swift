/// Width, height and frame count read from an image's first bytes.
public struct ImageHeader: Sendable, Equatable {
    public var width: Int
    public var height: Int
    /// Frames seen: 1 for a still image, the APNG frame count, or the GIF frames within the bytes read.
    public var frames: Int

    public init(width: Int, height: Int, frames: Int) {
        self.width = width
        self.height = height
        self.frames = frames
    }

    /// Bytes a decoder needs for one frame: width x height x 4 (RGBA).
    /// Saturates at `Int.max` (huge dimensions would wrap negative and skip `media.image.memory`).
    public var decodedBytes: Int {
        let pixels = width.multipliedReportingOverflow(by: height)
        let bytes = pixels.partialValue.multipliedReportingOverflow(by: 4)
        return pixels.overflow || bytes.overflow || bytes.partialValue < 0 ? Int.max : bytes.partialValue
    }

    /// What reading a header gave.
    public enum Outcome: Sendable, Equatable {
        case header(ImageHeader)
        /// The format was recognised but its header does not parse.
        case corrupt(String)
        /// The header lies past the bytes kept (a JPEG with a huge EXIF block).
        case unknown
    }

    /// Reads the header of a JPEG, PNG or GIF from its first bytes; `complete` says the bytes are the whole file.
    public static func read(_ bytes: [UInt8], format: MediaFormat, complete: Bool) -> Outcome {
        let data = Bytes(bytes)
        switch format {
        case .png: return png(data, complete: complete)
        case .gif: return gif(data, complete: complete)
        case .jpeg: return jpeg(data, complete: complete)
        default: return .unknown
        }
    }

    // MARK: - PNG

    private static func png(_ data: Bytes, complete: Bool) -> Outcome {
        guard data.count >= 24 else { return complete ? .corrupt("the PNG ends before its IHDR chunk") : .unknown }
        guard data.uint32BE(8) == 13, data.text(12, 4) == "IHDR" else {
            return .corrupt("the PNG does not start with an IHDR chunk")
        }
        let width = Int(data.uint32BE(16))
        let height = Int(data.uint32BE(20))
        guard width > 0, height > 0, width <= 0x7FFF_FFFF, height <= 0x7FFF_FFFF else {
            return .corrupt("the PNG's IHDR gives a size of \(width) x \(height)")
        }
        // An APNG announces its frame count in acTL, before the first IDAT.
        var frames = 1
        var offset = 8
        while offset + 8 <= data.count {
            let length = Int(data.uint32BE(offset))
            let type = data.text(offset + 4, 4)
            if type == "acTL", offset + 12 <= data.count {
                frames = max(1, Int(data.uint32BE(offset + 8)))
                break
            }
            if type == "IDAT" || type == "IEND" { break }
            offset += 12 + length
        }
        return .header(ImageHeader(width: width, height: height, frames: frames))
    }

    // MARK: - GIF

    private static func gif(_ data: Bytes, complete: Bool) -> Outcome {
        guard data.count >= 13 else { return complete ? .corrupt("the GIF ends inside its header") : .unknown }
        let width = data.uint16LE(6)
        let height = data.uint16LE(8)
        guard width > 0, height > 0 else { return .corrupt("the GIF's screen size is \(width) x \(height)") }
        var offset = 13
        let flags = data[10]
        if flags & 0x80 != 0 { offset += 3 << (Int(flags & 0x07) + 1) }
        var frames = 0
        walk: while offset < data.count {
            switch data[offset] {
            case 0x2C:  // image descriptor
                frames += 1
                guard offset + 10 <= data.count else { break walk }
                let local = data[offset + 9]
                offset += 10
                if local & 0x80 != 0 { offset += 3 << (Int(local & 0x07) + 1) }
                offset += 1  // LZW minimum code size
                guard let next = skipSubBlocks(data, from: offset) else { break walk }
                offset = next
            case 0x21:  // extension
                guard let next = skipSubBlocks(data, from: offset + 2) else { break walk }
                offset = next
            case 0x3B:  // trailer
                break walk
            default:
                return .corrupt("the GIF has an unknown block 0x\(String(data[offset], radix: 16)) at byte \(offset)")
            }
        }
        if frames == 0, complete { return .corrupt("the GIF has no image") }
        return .header(ImageHeader(width: width, height: height, frames: max(frames, 1)))
    }

    private static func skipSubBlocks(_ data: Bytes, from start: Int) -> Int? {
        var offset = start
        while offset < data.count {
            let size = Int(data[offset])
            offset += 1
            if size == 0 { return offset }
            offset += size
        }
        return nil
    }

    // MARK: - JPEG

    private static func jpeg(_ data: Bytes, complete: Bool) -> Outcome {
        var offset = 2
        while offset + 4 <= data.count {
            guard data[offset] == 0xFF else {
                return .corrupt("the JPEG has no marker at byte \(offset) where one must start")
            }
            let marker = data[offset + 1]
            if marker == 0xFF {
                offset += 1  // fill byte
                continue
            }
            if marker == 0xD8 || (0xD0...0xD7).contains(marker) || marker == 0x01 {
                offset += 2
                continue
            }
            if marker == 0xD9 || marker == 0xDA {
                return .corrupt("the JPEG has no frame header (SOF) before its image data")
            }
            let length = data.uint16BE(offset + 2)
            guard length >= 2 else { return .corrupt("the JPEG has a segment of length \(length) at byte \(offset)") }
            let isFrameHeader = (0xC0...0xCF).contains(marker) && ![0xC4, 0xC8, 0xCC].contains(marker)
            if isFrameHeader {
                guard offset + 9 <= data.count else { break }
                let height = data.uint16BE(offset + 5)
                let width = data.uint16BE(offset + 7)
                guard width > 0, height > 0 else {
                    return .corrupt("the JPEG's frame header gives a size of \(width) x \(height)")
                }
                return .header(ImageHeader(width: width, height: height, frames: 1))
            }
            offset += 2 + length
        }
        return complete ? .corrupt("the JPEG ends before its frame header (SOF)") : .unknown
    }
}
