import PreflightCore
import Testing

@Suite struct ImageHeaderTests {
    static func be32(_ value: Int) -> [UInt8] {
        [UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        be32(data.count) + Array(type.utf8) + data + [0, 0, 0, 0]
    }

    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    static func png(width: Int, height: Int, frames: Int? = nil) -> [UInt8] {
        var bytes = pngSignature + chunk("IHDR", be32(width) + be32(height) + [8, 6, 0, 0, 0])
        if let frames { bytes += chunk("acTL", be32(frames) + be32(0)) }
        return bytes + chunk("IDAT", [1, 2, 3]) + chunk("IEND", [])
    }

    @Test func pngSizeAndAPNGFrames() {
        #expect(
            ImageHeader.read(Self.png(width: 300, height: 200), format: .png, complete: true)
                == .header(ImageHeader(width: 300, height: 200, frames: 1)))
        #expect(
            ImageHeader.read(Self.png(width: 64, height: 48, frames: 12), format: .png, complete: true)
                == .header(ImageHeader(width: 64, height: 48, frames: 12)))
    }

    @Test func brokenPNGIsCorrupt() {
        let noIHDR = Self.pngSignature + Self.chunk("IDAT", [UInt8](repeating: 0, count: 20))
        guard case .corrupt = ImageHeader.read(noIHDR, format: .png, complete: true) else {
            Issue.record("a PNG without IHDR was accepted")
            return
        }
        guard case .corrupt = ImageHeader.read(Self.png(width: 0, height: 5), format: .png, complete: true) else {
            Issue.record("a 0-wide PNG was accepted")
            return
        }
        #expect(ImageHeader.read(Array(Self.pngSignature.prefix(8)), format: .png, complete: false) == .unknown)
    }

    static func gif(frames: Int) -> [UInt8] {
        var bytes = Array("GIF89a".utf8) + [0x40, 0x01, 0xC8, 0x00, 0x80, 0, 0]  // 320 x 200, 2-colour table
        bytes += [0, 0, 0, 255, 255, 255]
        for _ in 0..<frames {
            bytes += [0x21, 0xF9, 4, 0, 10, 0, 0, 0]  // graphic control extension
            bytes += [0x2C, 0, 0, 0, 0, 0x40, 0x01, 0xC8, 0x00, 0]  // image descriptor
            bytes += [2, 2, 0x4C, 0x01, 0]  // LZW code size, one sub-block, terminator
        }
        return bytes + [0x3B]
    }

    @Test func gifSizeAndFrames() {
        #expect(
            ImageHeader.read(Self.gif(frames: 1), format: .gif, complete: true)
                == .header(ImageHeader(width: 320, height: 200, frames: 1)))
        #expect(
            ImageHeader.read(Self.gif(frames: 5), format: .gif, complete: true)
                == .header(ImageHeader(width: 320, height: 200, frames: 5)))
        var broken = Self.gif(frames: 1)
        broken[19] = 0x99
        guard case .corrupt = ImageHeader.read(broken, format: .gif, complete: true) else {
            Issue.record("a GIF with an unknown block was accepted")
            return
        }
    }

    static func jpeg(width: Int, height: Int, sofMarker: UInt8 = 0xC0, exifBytes: Int = 16) -> [UInt8] {
        var bytes: [UInt8] = [0xFF, 0xD8]
        bytes += [0xFF, 0xE1, UInt8((exifBytes + 2) >> 8), UInt8((exifBytes + 2) & 0xFF)]
        bytes += [UInt8](repeating: 0x45, count: exifBytes)
        bytes += [0xFF, 0xDB, 0x00, 0x04, 0, 0]  // a (short) quantisation table
        bytes += [0xFF, sofMarker, 0x00, 0x11, 8, UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8)]
        bytes += [UInt8(width & 0xFF), 3] + [UInt8](repeating: 0, count: 9)
        return bytes + [0xFF, 0xDA, 0x00, 0x02, 0xFF, 0xD9]
    }

    @Test(arguments: [UInt8(0xC0), 0xC1, 0xC2, 0xC3, 0xC9, 0xCA])
    func jpegSizeFromEveryFrameHeader(marker: UInt8) {
        #expect(
            ImageHeader.read(Self.jpeg(width: 4032, height: 3024, sofMarker: marker), format: .jpeg, complete: true)
                == .header(ImageHeader(width: 4032, height: 3024, frames: 1)))
    }

    @Test func jpegHeaderPastTheKeptBytesIsUnknownNotCorrupt() {
        let large = Self.jpeg(width: 10, height: 10, exifBytes: 60000)
        #expect(ImageHeader.read(Array(large.prefix(1000)), format: .jpeg, complete: false) == .unknown)
        guard case .corrupt = ImageHeader.read(Array(large.prefix(1000)), format: .jpeg, complete: true) else {
            Issue.record("a JPEG cut before its SOF was accepted as complete")
            return
        }
    }

    @Test func jpegWithoutMarkersIsCorrupt() {
        let bytes: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x04, 0, 0, 0x42, 0x42, 0x42, 0x42]
        guard case .corrupt(let reason) = ImageHeader.read(bytes, format: .jpeg, complete: true) else {
            Issue.record("accepted")
            return
        }
        #expect(reason.contains("no marker"))
    }

    @Test func decodedBytesIsFourPerPixel() {
        #expect(ImageHeader(width: 5000, height: 4000, frames: 1).decodedBytes == 80_000_000)
    }
}
