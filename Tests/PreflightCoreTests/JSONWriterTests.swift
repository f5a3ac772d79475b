import Testing

@testable import PreflightCore

/// The writer's literal keys are copied as written and its numbers spelled digit by digit:
/// both must write the bytes the escaping and `String(number)` forms would.
@Suite struct JSONWriterTests {
    @Test(arguments: [0, 7, 10, 99, 100, 4096, -1, -10, -4096, 1_000_000_007, Int.max, Int.min])
    func anIntegerIsWrittenAsStringSpellsIt(number: Int) {
        var writer = JSONWriter()
        writer.value(number)
        #expect(writer.text == String(number))
    }

    /// A number of thousandths is spelled by the writer, any other by `String`: both must read
    /// as `String(number)`, at the bounds of the first kind (+0, 0.001, just under 10^9) and
    /// just past them (-0, 0.0009, 10^9, exponents), a timing rounded to the microsecond, a
    /// thousandth's neighbour, and the numbers that are not finite.
    @Test(arguments: [
        0.0, -0.0, 0.001, 0.0009, 0.0005, 0.026, 0.085, 0.914, 1.063, 1.0, 2.5, 10.1, 123.456, 999.999, 1000.0,
        999_999_999.999, 1e9, 1e15, 1e16, 1e-5, 1.0 / 3.0, 0.1 + 0.2, 0.001.nextUp, 1.063.nextDown, -1.5,
        Double.infinity, -Double.infinity, Double.nan,
    ])
    func aDoubleIsWrittenAsStringSpellsIt(number: Double) {
        var writer = JSONWriter()
        writer.value(number)
        #expect(writer.text == (number.isFinite ? String(number) : "null"))
    }

    /// Every whole number of thousandths from 0 to 100 and a sample up to 10^9, and each one's
    /// neighbours, written as `String` spells them.
    @Test func thousandthsAreWrittenAsStringSpellsThem() {
        var mismatches: [Double] = []
        var samples = (0...100_000).map { Double($0) / 1000 }
        var next: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<100_000 {
            next = next &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            samples.append(Double((next >> 20) % 1_000_000_000_000) / 1000)
        }
        for sample in samples {
            for number in [sample, sample.nextUp, sample.nextDown] {
                var writer = JSONWriter()
                writer.value(number)
                if writer.text != String(number) { mismatches.append(number) }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
        #expect(JSONWriter.thousandths(of: 1.063) == 1063)
        #expect(JSONWriter.thousandths(of: 1.063.nextUp) == nil)
    }

    @Test func literalAndRunTimeKeysWriteTheSameMembers() {
        var literal = JSONWriter()
        literal.object {
            $0.field("bytes", 1024)
            $0.field("push_type", "alert")
            $0.key("media_url")
            $0.value(nil as String?)
        }
        var made = JSONWriter()
        made.object {
            let names = ["bytes", "push_type", "media_url"]
            $0.key(text: names[0])
            $0.value(1024)
            $0.key(text: names[1])
            $0.value("alert")
            $0.key(text: names[2])
            $0.value(nil as String?)
        }
        #expect(literal.text == #"{"bytes":1024,"push_type":"alert","media_url":null}"#)
        #expect(made.text == literal.text)
    }

    /// Each member written with its comma and key in one write reads as the key and the value
    /// written apart: first in an object or after another member, a one-character key (stored
    /// as its scalar, with no bytes to point at), nil, a text to escape, a document's text and
    /// the extreme numbers.
    @Test func aMemberWrittenInOneWriteReadsAsItsKeyAndValueWrittenApart() throws {
        let document = try JSONDocument.parse(Array(#"{"u":"a\"b"}"#.utf8))
        let member = try #require(document.root["u"])
        let text = try #require(DocumentText(node: member))
        for first in [true, false] {
            var together = JSONWriter()
            var apart = JSONWriter()
            together.object { writer in
                if !first { writer.field("lead", 0) }
                writer.field("s", "plain")
                writer.field("escaped", "a\"b\n\u{1}")
                writer.field("none", nil as String?)
                writer.field("n", Int.min)
                writer.field("max", Int.max)
                writer.field("t", text)
                writer.field("no-text", nil as DocumentText?)
                writer.field("v", plain: "pass")
                writer.field("code", plain: "aps.alert.truncated")
            }
            apart.object { writer in
                if !first { writer.key(text: "lead"); writer.value(0) }
                writer.key(text: "s"); writer.value("plain")
                writer.key(text: "escaped"); writer.value("a\"b\n\u{1}")
                writer.key(text: "none"); writer.value(nil as String?)
                writer.key(text: "n"); writer.value(Int.min)
                writer.key(text: "max"); writer.value(Int.max)
                writer.key(text: "t"); writer.value(text)
                writer.key(text: "no-text"); writer.value(nil as DocumentText?)
                writer.key(text: "v"); writer.value("pass")
                writer.key(text: "code"); writer.value("aps.alert.truncated")
            }
            #expect(together.text == apart.text)
            #expect(
                together.text.hasSuffix(
                    #""s":"plain","escaped":"a\"b\n\u0001","none":null,"n":-9223372036854775808,"max":9223372036854775807,"t":"a\"b","no-text":null,"v":"pass","code":"aps.alert.truncated"}"#
                ))
        }
    }

    @Test func aRunTimeKeyIsEscaped() {
        var writer = JSONWriter()
        writer.object {
            $0.key(text: "a\"b\n")
            $0.value(1)
        }
        #expect(writer.text == #"{"a\"b\n":1}"#)
    }

    /// The writer copies into room it made ahead in its array: what it hands back is the text
    /// alone, however often the room grew (past the array's kept capacity, past a zero block),
    /// after what the buffer held, with every string written the way the escaping form writes it.
    @Test func aLongTextGrowsItsRoomAndHandsBackOnlyTheText() {
        let pieces = [
            "plain", "a\"quote", "back\\slash", "line\nend", "\u{1}\u{1F}", "é😀", String(repeating: "x", count: 700),
        ]
        var expected = Array("kept:".utf8)
        expected.append(UInt8(ascii: "["))
        var buffer = Array("kept:".utf8)
        buffer.reserveCapacity(100)
        var writer = JSONWriter(appendingTo: &buffer)
        writer.array { list in
            for index in 0..<300 {
                let text = pieces[index % pieces.count]
                list.value(text)
                if index > 0 { expected.append(UInt8(ascii: ",")) }
                JSONWriter.appendQuoted(text, to: &expected)
            }
        }
        expected.append(UInt8(ascii: "]"))
        #expect(writer.bytes == expected)
        #expect(writer.text == String(decoding: expected, as: UTF8.self))
        writer.finish(into: &buffer)
        #expect(buffer == expected)
        #expect(buffer.count > 30_000)  // grown past the kept capacity and past many zero blocks

        var fresh = JSONWriter(capacity: 0)
        fresh.object { $0.field("k", String(repeating: "y", count: 3000)) }
        let finished = fresh.finished()
        #expect(finished.count == 3000 + 8)
        #expect(String(decoding: finished, as: UTF8.self) == #"{"k":""# + String(repeating: "y", count: 3000) + #""}"#)
    }

    /// A value known to need no escape is written as `field(_:_: String?)` writes it, after a
    /// member or first in an object.
    @Test func aPlainFieldWritesWhatTheScannedFieldWrites() {
        for value in ["", "pass", "rich-alert", "aps.mutable-content.outside-aps", String(repeating: "x", count: 40)] {
            var plain = JSONWriter()
            plain.object {
                $0.field("verdict", plain: value)
                $0.field("code", plain: value)
            }
            var scanned = JSONWriter()
            scanned.object {
                $0.field("verdict", value)
                $0.field("code", value)
            }
            #expect(plain.text == scanned.text)
            #expect(plain.text == #"{"verdict":"\#(value)","code":"\#(value)"}"#)
        }
    }

    /// A string is read where it is: a literal, a small string, a long native one and a
    /// substring made a string give the same bytes as `withUTF8` on a copy.
    @Test func aStringIsReadInPlaceAsWithUTF8ReadsIt() {
        let long = String(repeating: "é", count: 40)
        for text in ["", "aps", "mutable-content", "content-available", long, String(long.dropFirst(3))] {
            var copy = text
            #expect(text.withUTF8InPlace { Array($0) } == copy.withUTF8 { Array($0) })
        }
    }

    /// The short copy writes exactly `count` bytes, the same ones, for every count from 0 to 40
    /// at unaligned places, and nothing around them.
    @Test func aShortCopyWritesExactlyItsBytes() {
        let source = (0..<64).map { UInt8(truncatingIfNeeded: $0 &* 29 &+ 7) }
        for count in 0...40 {
            for offset in [0, 1, 3, 7] {
                var target = [UInt8](repeating: 0xEE, count: 64)
                source.withUnsafeBufferPointer { from in
                    target.withUnsafeMutableBufferPointer { to in
                        JSONWriter.copy(from.baseAddress! + offset, to: to.baseAddress! + offset + 2, count: count)
                    }
                }
                #expect(Array(target[(offset + 2)..<(offset + 2 + count)]) == Array(source[offset..<(offset + count)]))
                #expect(target[..<(offset + 2)].allSatisfy { $0 == 0xEE }, "count \(count), offset \(offset)")
                #expect(target[(offset + 2 + count)...].allSatisfy { $0 == 0xEE }, "count \(count), offset \(offset)")
            }
        }
    }

    /// A writer over room (a kept answer's buffer, its bytes another answer's) writes its text
    /// from the start, and what is left of the room is cut from what it hands back: shorter
    /// and longer texts than the room, and an empty room.
    @Test func aWriterOverRoomHandsBackOnlyItsText() {
        for (roomCount, text) in [(100, "x"), (5, String(repeating: "y", count: 300)), (0, "z"), (40, "")] {
            var bytes = [UInt8](repeating: UInt8(ascii: "#"), count: roomCount)
            var writer = JSONWriter(room: &bytes)
            #expect(bytes.isEmpty)
            writer.object { $0.field("s", text) }
            #expect(writer.text == #"{"s":"\#(text)"}"#)
            var back: [UInt8] = []
            writer.finish(into: &back)
            #expect(String(decoding: back, as: UTF8.self) == #"{"s":"\#(text)"}"#, "room \(roomCount)")
        }
        var room = [UInt8](repeating: UInt8(ascii: "#"), count: 64)
        var writer = JSONWriter(room: &room)
        writer.value(7)
        #expect(writer.finished() == Array("7".utf8))
    }

    /// A batch's answer reserves room for all its reports after the first: over a kept buffer
    /// whose capacity holds them, the text is written in that buffer, not moved to a larger one
    /// (the room was made by filling zeros past the capacity, some 160 KB a batch).
    @Test func reservingWithinAKeptBuffersCapacityKeepsTheBuffer() {
        var room = [UInt8](repeating: UInt8(ascii: "#"), count: 90_000)
        room.reserveCapacity(131_072)
        let capacity = room.capacity
        let base = room.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
        var writer = JSONWriter(room: &room)
        let text = String(repeating: "r", count: 998)
        writer.beginArray()
        writer.value(text)
        writer.reserve(100_000)
        for _ in 1..<95 { writer.value(text) }
        writer.endArray()
        var back: [UInt8] = []
        writer.finish(into: &back)
        #expect(back.count == 2 + 95 * 1000 + 94)
        #expect(back.capacity == capacity)
        #expect(back.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) } == base)
    }
}
