import Testing

@testable import PreflightCore

/// The DER reader's bounds: each malformed header ends the reading with nil.
@Suite struct DERReaderTests {
    @Test func shortAndLongLengths() {
        var reader = DERReader([0x04, 0x02, 0xaa, 0xbb, 0x04, 0x81, 0x01, 0xcc][...])
        #expect(reader.next().map { Array($0.content) } == [0xaa, 0xbb])
        #expect(reader.next().map { Array($0.content) } == [0xcc])
        #expect(reader.isAtEnd)
        #expect(reader.next() == nil)
    }

    @Test(arguments: [
        [0x04, 0x03, 0xaa] as [UInt8],  // a length past the end
        [0x30, 0x80, 0x00, 0x00],  // BER's indefinite length
        [0x1f, 0x01, 0x00],  // a high tag number
        [0x04, 0x85, 0, 0, 0, 0, 1],  // a five-octet length
        [0x04, 0x84, 0xff, 0xff, 0xff, 0xff],  // a four-octet length past the end
        [0x04],  // a tag without a length
    ])
    func malformedHeadersReadAsNil(bytes: [UInt8]) {
        var reader = DERReader(bytes[...])
        #expect(reader.next() == nil)
        #expect(reader.isAtEnd)
    }

    @Test func nextIfLeavesAnotherTagUnread() {
        var reader = DERReader([0x02, 0x01, 0x05][...])
        #expect(reader.next(if: DERReader.sequence) == nil)
        #expect(reader.next(if: DERReader.integer)?.unsignedBitCount == 3)
    }

    @Test func objectIdentifiers() {
        let sha256RSA: [UInt8] = [0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x0b]
        #expect(DERReader.Element(tag: 0x06, content: sha256RSA[...]).objectIdentifier == "1.2.840.113549.1.1.11")
        #expect(DERReader.Element(tag: 0x06, content: [0x55, 0x1d, 0x11][...]).objectIdentifier == "2.5.29.17")
        // A last octet with its continuation bit set, an empty one, an arc past 2^56.
        #expect(DERReader.Element(tag: 0x06, content: [0x2a, 0x86][...]).objectIdentifier == nil)
        #expect(DERReader.Element(tag: 0x06, content: [][...]).objectIdentifier == nil)
        let huge = [UInt8](repeating: 0xff, count: 10) + [0x01]
        #expect(DERReader.Element(tag: 0x06, content: huge[...]).objectIdentifier == nil)
    }

    @Test func integerBits() {
        #expect(DERReader.Element(tag: 0x02, content: [0x00, 0x80, 0x00][...]).unsignedBitCount == 16)
        #expect(DERReader.Element(tag: 0x02, content: [0x00][...]).unsignedBitCount == 0)
        #expect(DERReader.Element(tag: 0x02, content: [0x01, 0x00][...]).unsignedBitCount == 9)
    }
}
