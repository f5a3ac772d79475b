import PreflightCore
import PreflightHTTP
import Synchronization
import Testing

/// A kept-alive connection lends the buffer its last answer was sent from to its next request
/// (`Responder.takeBodyBuffer`): the next answer written into it carries its own bytes only, and
/// a buffer past `ConnectionContext.keptAnswerBytes` is not kept.
@Suite struct ConnectionContextAnswerBufferTests {
    /// The capacity of the buffer each request was lent, and whether it came empty.
    private final class Lent: Sendable {
        let seen = Mutex<[(capacity: Int, empty: Bool)]>([])
    }

    /// A router whose `/write?n=N` answers N bytes (`a`, then `b` for the last) written into the
    /// lent buffer, and `/echo` the request's body written into it.
    private static func router(_ lent: Lent) -> Router {
        var router = Router()
        router.add("GET", "/write") { request, responder in
            var body = responder.takeBodyBuffer()
            lent.seen.withLock { $0.append((body.capacity, body.isEmpty)) }
            let count = Int(request.query["n"] ?? "") ?? 0
            body.append(contentsOf: repeatElement(UInt8(ascii: "a"), count: max(count - 1, 0)))
            if count > 0 { body.append(UInt8(ascii: "b")) }
            responder.respond(HTTPResponse(status: 200, body: body))
        }
        router.add("GET", "/room") { request, responder in
            // Written over the kept answer's bytes (`takeBodyRoom`), as the reports are.
            var body = responder.takeBodyRoom()
            lent.seen.withLock { $0.append((body.count, body.isEmpty)) }
            var writer = JSONWriter(room: &body)
            writer.object { $0.field("s", request.query["s"] ?? "") }
            writer.finish(into: &body)
            responder.respond(.json(200, bytes: body))
        }
        router.add("POST", "/echo") { request, responder in
            var body = responder.takeBodyBuffer()
            lent.seen.withLock { $0.append((body.capacity, body.isEmpty)) }
            body += request.body
            responder.respond(HTTPResponse(status: 200, body: body))
        }
        return router
    }

    @Test func aSmallAnswerAfterALargeOneCarriesOnlyItsOwnBytes() throws {
        let lent = Lent()
        try withServer(router: Self.router(lent)) { server in
            let connection = try TestConnection(port: server.port)
            connection.sendRequest("GET", "/write?n=3000")
            let large = try connection.readResponse()
            #expect(large.body.count == 3000)
            #expect(large.headers["content-length"] == "3000")

            connection.sendRequest("POST", "/echo", body: Array("short".utf8))
            let small = try connection.readResponse()
            #expect(small.text == "short")
            #expect(small.headers["content-length"] == "5")

            connection.sendRequest("POST", "/echo", body: Array("another body".utf8))
            #expect(try connection.readResponse().text == "another body")
        }
        let seen = lent.seen.withLock { $0 }
        #expect(seen.map(\.empty) == [true, true, true])
        // The first request's buffer is new; the next ones are the 3000-byte answer's, kept.
        #expect(seen.map(\.capacity).first == 0)
        #expect(seen.dropFirst().allSatisfy { $0.capacity >= 3000 })
    }

    /// An answer written over the kept buffer's bytes (`takeBodyRoom`, `JSONWriter(room:)`)
    /// carries its own bytes only: after a 3000-byte answer, a short one is its JSON alone, with
    /// the length of that JSON; the room came with the large answer's bytes in it.
    @Test func anAnswerWrittenOverTheRoomCarriesOnlyItsOwnBytes() throws {
        let lent = Lent()
        try withServer(router: Self.router(lent)) { server in
            let connection = try TestConnection(port: server.port)
            connection.sendRequest("GET", "/write?n=3000")
            #expect(try connection.readResponse().body.count == 3000)
            connection.sendRequest("GET", "/room?s=short")
            let small = try connection.readResponse()
            #expect(small.text == #"{"s":"short"}"#)
            #expect(small.headers["content-length"] == "13")
            connection.sendRequest("GET", "/room?s=" + String(repeating: "l", count: 40))
            #expect(try connection.readResponse().text == #"{"s":""# + String(repeating: "l", count: 40) + #""}"#)
        }
        // The count each request's buffer came with: none, the 3000-byte answer's, the 13 bytes'.
        #expect(lent.seen.withLock { $0.map(\.capacity) } == [0, 3000, 13])
    }

    @Test func anAnswerOverTheBoundIsNotKeptForTheNextRequest() throws {
        let lent = Lent()
        try withServer(router: Self.router(lent)) { server in
            let connection = try TestConnection(port: server.port)
            for count in [3000, 20000, 10] {
                connection.sendRequest("GET", "/write?n=\(count)")
                let response = try connection.readResponse()
                #expect(response.body.count == count)
                #expect(response.body.last == UInt8(ascii: "b"))
            }
        }
        let capacities = lent.seen.withLock { $0.map(\.capacity) }
        #expect(capacities.count == 3)
        // The 3000-byte answer's buffer is lent to the second request, which grows it past 16 KiB:
        // that one is let go, so the third request starts from nothing.
        #expect(capacities[1] >= 3000)
        #expect(capacities[1] <= 16384)
        #expect(capacities[2] == 0)
    }

    @Test func aBufferTheHandlerDidNotTakeStaysTheConnections() throws {
        let lent = Lent()
        var router = Self.router(lent)
        router.add("GET", "/plain") { _, responder in responder.respond(.json(200, #""plain""#)) }
        try withServer(router: router) { server in
            let connection = try TestConnection(port: server.port)
            connection.sendRequest("GET", "/write?n=2000")
            #expect(try connection.readResponse().body.count == 2000)
            // Answered from an array of its own: the lent buffer is given back, not dropped.
            connection.sendRequest("GET", "/plain")
            #expect(try connection.readResponse().text == #""plain""#)
            connection.sendRequest("GET", "/write?n=1")
            #expect(try connection.readResponse().text == "b")
        }
        let capacities = lent.seen.withLock { $0.map(\.capacity) }
        #expect(capacities.count == 2)
        #expect(capacities.last.map { $0 >= 2000 } == true)
    }
}
