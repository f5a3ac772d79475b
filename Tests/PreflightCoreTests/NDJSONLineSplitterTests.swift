import PreflightCore
import Testing

@Suite struct NDJSONLineSplitterTests {
    /// Every line of `input` fed in chunks of `chunk` bytes.
    func split(_ input: String, chunk: Int, limit: Int = 16) -> [NDJSONLineSplitter.Line] {
        var splitter = NDJSONLineSplitter(maxLineBytes: limit)
        var lines: [NDJSONLineSplitter.Line] = []
        let bytes = Array(input.utf8)
        var start = 0
        while start < bytes.count {
            let end = min(bytes.count, start + chunk)
            splitter.feed(bytes[start..<end]) { lines.append($0) }
            start = end
        }
        splitter.finish { lines.append($0) }
        #expect(splitter.lines == lines.count)
        return lines
    }

    @Test(arguments: [1, 2, 3, 7, 64])
    func linesAreNumberedWhateverTheChunks(chunk: Int) {
        let lines = split("{\"a\":1}\n\n  \t\r\n[2]\r\n{\"b\":2}", chunk: chunk)
        #expect(
            lines == [
                .text(number: 1, bytes: Array(#"{"a":1}"#.utf8)), .blank(number: 2), .blank(number: 3),
                .text(number: 4, bytes: Array("[2]".utf8)), .text(number: 5, bytes: Array(#"{"b":2}"#.utf8)),
            ])
    }

    /// `number` reads the same number from every kind of line.
    @Test func everyKindOfLineSaysItsNumber() {
        let lines = split("[1]\n\n\(String(repeating: "x", count: 20))\n", chunk: 64)
        #expect(lines.map(\.number) == [1, 2, 3])
        #expect(lines.map { if case .oversize = $0 { true } else { false } } == [false, false, true])
    }

    @Test func emptyInputHasNoLines() {
        #expect(split("", chunk: 4).isEmpty)
        #expect(split("\n", chunk: 4) == [.blank(number: 1)])
    }

    /// A line over the limit is counted and skipped; the lines around it are whole.
    @Test(arguments: [1, 5, 40])
    func aLongLineIsCountedNotKept(chunk: Int) {
        let long = String(repeating: "x", count: 30)
        let lines = split("[1]\n\(long)\r\n[2]\n\(long)", chunk: chunk)
        #expect(
            lines == [
                .text(number: 1, bytes: Array("[1]".utf8)), .oversize(number: 2, bytes: 30),
                .text(number: 3, bytes: Array("[2]".utf8)), .oversize(number: 4, bytes: 30),
            ])
    }

    /// The limit counts the line's bytes, its ending (`\r\n` or `\n`) not included.
    @Test(arguments: [1, 3, 40])
    func theLimitIsExact(chunk: Int) {
        let atLimit = String(repeating: "y", count: 16)
        let lines = split("\(atLimit)\r\n\(atLimit)y\n\(atLimit)\n", chunk: chunk)
        #expect(
            lines == [
                .text(number: 1, bytes: Array(atLimit.utf8)), .oversize(number: 2, bytes: 17),
                .text(number: 3, bytes: Array(atLimit.utf8)),
            ])
    }
}
