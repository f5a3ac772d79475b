import Glibc
import Synchronization
import Testing

@testable import PreflightHTTP

/// The server's kept large buffers: which it keeps, which it hands out, and, over a real socket,
/// that a large body and its answer are kept after one request and reused by the next on
/// another connection, each answer its own request's bytes.
@Suite(.timeLimit(.minutes(1))) struct BufferShelfTests {
    static func buffer(capacity: Int) -> [UInt8] {
        var buffer = [UInt8](repeating: 7, count: 10)
        buffer.reserveCapacity(capacity)
        return buffer
    }

    @Test func handsOutTheSmallestBufferThatHoldsTheCountEmptied() throws {
        let shelf = BufferShelf(limitBytes: 1 << 20)
        shelf.put(Self.buffer(capacity: 200_000))
        shelf.put(Self.buffer(capacity: 50_000))
        shelf.put(Self.buffer(capacity: 100_000))
        #expect(shelf.contents.count == 3)
        let taken = try #require(shelf.take(atLeast: 60_000))
        #expect(taken.isEmpty)
        #expect(taken.capacity >= 100_000 && taken.capacity < 200_000)
        #expect(shelf.take(atLeast: 300_000) == nil)
        #expect(shelf.contents.count == 2)
    }

    @Test func keepsOnlyLargeBuffersWithinItsBounds() {
        let shelf = BufferShelf(limitBytes: 400_000)
        // A connection's to keep: too small for the shelf.
        shelf.put(Self.buffer(capacity: 1000))
        // Over a quarter of the whole.
        shelf.put(Self.buffer(capacity: 120_000))
        #expect(shelf.contents.count == 0)
        for _ in 0..<5 { shelf.put(Self.buffer(capacity: 90_000)) }
        // Four fit in 400,000 bytes (malloc may round each up a little, so at least three).
        #expect((3...4).contains(shelf.contents.count))
        #expect(shelf.contents.bytes <= 400_000)
    }

    @Test func keepsOneStorageOnce() {
        let shelf = BufferShelf(limitBytes: 1 << 20)
        let body = Self.buffer(capacity: 100_000)
        shelf.put(body)
        shelf.put(body)
        #expect(shelf.contents.count == 1)
    }

    /// A buffer a connection can keep is not lent from the shelf, however large the ones it holds.
    @Test func aSmallCountIsNotLentALargeBuffer() {
        let shelf = BufferShelf(limitBytes: 1 << 20)
        shelf.put(Self.buffer(capacity: 100_000))
        #expect(shelf.take(atLeast: 1024) == nil)
        #expect(shelf.take(atLeast: BufferShelf.smallestBytes) == nil)
        #expect(shelf.contents.count == 1)
        #expect(shelf.take(atLeast: BufferShelf.smallestBytes + 1)?.capacity ?? 0 >= 100_000)
    }

    /// A buffer someone still holds is copied when it is taken and emptied: their bytes stay.
    @Test func aBufferStillHeldElsewhereIsNotChangedUnderItsHolder() throws {
        let shelf = BufferShelf(limitBytes: 1 << 20)
        let held = Self.buffer(capacity: 100_000)
        shelf.put(held)
        var taken = try #require(shelf.take(atLeast: 100_000))
        taken.append(contentsOf: [1, 2, 3])
        #expect(held == [UInt8](repeating: 7, count: 10))
        #expect(taken == [1, 2, 3])
    }

    @Test func aLargeBodyAndItsAnswerAreKeptAndReusedByTheNextRequest() throws {
        let buffers = Mutex<[(body: UInt, answer: UInt)]>([])
        let capacitiesSeen = Mutex<[(body: Int, answer: Int)]>([])
        var router = Router()
        router.add("POST", "/copy", maxBodyBytes: 1 << 20) { request, responder in
            var answer = responder.takeBodyBuffer(atLeast: request.body.count)
            answer.append(contentsOf: request.body.reversed())
            let addresses = (
                request.body.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) },
                answer.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
            )
            buffers.withLock { $0.append(addresses) }
            capacitiesSeen.withLock { $0.append((request.body.capacity, answer.capacity)) }
            responder.respond(HTTPResponse(status: 200, body: answer))
        }
        try BodyStreamTests.withServer(router) { server in
            for round in 0..<3 {
                let body = (0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ round) }
                let response = try RawClient.exchange(
                    port: server.port, "POST /copy", headers: ["Content-Length: \(body.count)"], body: body)
                #expect(response.status == 200)
                #expect(response.body == Array(body.reversed()), "round \(round)")
                // Given back when libmicrohttpd calls the request complete, just after it sent the answer.
                for _ in 0..<200 where server.shelf.contents.count < 2 { usleep(5000) }
                #expect(server.shelf.contents.count == 2, "round \(round)")
            }
        }
        // A small request on a new connection after them: its body and answer are its own
        // small buffers, made for it, not the kept large ones (lent, they came back at its end,
        // so the count alone would not tell).
        try BodyStreamTests.withServer(router) { server in
            let large = [UInt8](repeating: 1, count: 100_000)
            _ = try RawClient.exchange(
                port: server.port, "POST /copy", headers: ["Content-Length: \(large.count)"], body: large)
            for _ in 0..<200 where server.shelf.contents.count < 2 { usleep(5000) }
            let small = [UInt8](repeating: 2, count: 1000)
            let response = try RawClient.exchange(
                port: server.port, "POST /copy", headers: ["Content-Length: \(small.count)"], body: small)
            #expect(response.status == 200)
            #expect(response.body == small)
        }
        let capacities = capacitiesSeen.withLock { $0 }
        #expect(capacities.count == 5)
        if let last = capacities.last {
            #expect(last.body <= BufferShelf.smallestBytes, "the small body's buffer: \(last.body) bytes")
            #expect(last.answer <= BufferShelf.smallestBytes, "the small answer's buffer: \(last.answer) bytes")
        }
        // The second and third requests were served from the first's two buffers.
        let seen = buffers.withLock { $0 }.prefix(3)
        let first = Set([seen[0].body, seen[0].answer])
        #expect(first.count == 2)
        for later in seen.dropFirst() {
            #expect(Set([later.body, later.answer]) == first)
        }
    }
}
