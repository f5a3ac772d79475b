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

    /// A server whose `POST /copy` answers the body reversed, in the buffer
    /// `takeBodyBuffer(atLeast:)` gives, telling `record` the request's body and that answer.
    static func copyRouter(_ record: @escaping @Sendable (_ body: [UInt8], _ answer: [UInt8]) -> Void) -> Router {
        var router = Router()
        router.add("POST", "/copy", maxBodyBytes: 1 << 20) { request, responder in
            var answer = responder.takeBodyBuffer(atLeast: request.body.count)
            answer.append(contentsOf: request.body.reversed())
            record(request.body, answer)
            responder.respond(HTTPResponse(status: 200, body: answer))
        }
        return router
    }

    @Test func aLargeBodyAndItsAnswerAreKeptAndReusedByTheNextRequest() throws {
        let buffers = Mutex<[(body: UInt, answer: UInt)]>([])
        let router = Self.copyRouter { body, answer in
            let addresses = (
                body.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) },
                answer.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
            )
            buffers.withLock { $0.append(addresses) }
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
        // The second and third requests were served from the first's two buffers.
        let seen = buffers.withLock { $0 }
        let first = Set([seen[0].body, seen[0].answer])
        #expect(first.count == 2)
        for later in seen.dropFirst() {
            #expect(Set([later.body, later.answer]) == first)
        }
    }

    /// A small request on a new connection after a large one: its body and answer are small
    /// buffers made for it, not the shelf's large ones (lent, they came back at its end, so the
    /// shelf's count alone would not tell).
    @Test func aSmallRequestAfterALargeOneIsNotLentTheLargeBuffers() throws {
        let capacities = Mutex<[(body: Int, answer: Int)]>([])
        let router = Self.copyRouter { body, answer in
            capacities.withLock { $0.append((body.capacity, answer.capacity)) }
        }
        try BodyStreamTests.withServer(router) { server in
            let large = [UInt8](repeating: 1, count: 100_000)
            _ = try RawClient.exchange(
                port: server.port, "POST /copy", headers: ["Content-Length: \(large.count)"], body: large)
            for _ in 0..<200 where server.shelf.contents.count < 2 { usleep(5000) }
            #expect(server.shelf.contents.count == 2)
            let small = [UInt8](repeating: 2, count: 1000)
            let response = try RawClient.exchange(
                port: server.port, "POST /copy", headers: ["Content-Length: \(small.count)"], body: small)
            #expect(response.status == 200)
            #expect(response.body == small)
        }
        let seen = capacities.withLock { $0 }
        #expect(seen.count == 2)
        if let small = seen.last {
            #expect(small.body <= BufferShelf.smallestBytes, "the small body's buffer: \(small.body) bytes")
            #expect(small.answer <= BufferShelf.smallestBytes, "the small answer's buffer: \(small.answer) bytes")
        }
    }
}
