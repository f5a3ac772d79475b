import PreflightCore
import Testing

@Suite struct ReorderBufferTests {
    @Test func resultsComeBackInOrderWithoutGaps() {
        var buffer = ReorderBuffer<String>(capacity: 3)
        buffer.insert("c", at: 2)
        buffer.insert("b", at: 1)
        #expect(buffer.popReady() == nil, "0 is not in yet")
        buffer.insert("a", at: 0)
        #expect(buffer.count == 3)
        #expect([buffer.popReady(), buffer.popReady(), buffer.popReady()] == ["a", "b", "c"])
        #expect(buffer.popReady() == nil)
        #expect(buffer.next == 3 && buffer.count == 0)
    }

    /// The slots are reused: a long run through a small ring, each window filled newest first (the
    /// worst order), gives every result once, in order, and nothing before its turn.
    @Test func aLongRunThroughASmallRing() {
        var buffer = ReorderBuffer<Int>(capacity: 4)
        var given: [Int] = []
        for block in 0..<250 {
            for sequence in (block * 4..<block * 4 + 4).reversed() {
                buffer.insert(sequence * 10, at: sequence)
                while let value = buffer.popReady() { given.append(value) }
                #expect(given.count == (sequence % 4 == 0 ? block * 4 + 4 : block * 4))
            }
        }
        #expect(given == (0..<1000).map { $0 * 10 })
    }
}
