import Glibc
import PreflightHTTP
import Synchronization
import Testing

/// A kept-alive connection hands its exchange, responder, header and query tables and body
/// buffer to its next request (`ConnectionContext`): that request must see only its own, and
/// an answer meant for the last request must never reach it.
@Suite struct ConnectionContextTests {
    /// What a request carried, as the handler saw it.
    private static func mirror(_ request: HTTPRequest) -> HTTPResponse {
        let text =
            "q=\(request.query["q"] ?? "-") a=\(request.header("x-a") ?? "-") b=\(request.header("x-b") ?? "-") "
            + "repeated=\(request.repeatedHeaders.sorted()) body=\(String(decoding: request.body, as: UTF8.self))"
        return HTTPResponse(status: 200, body: Array(text.utf8))
    }

    @Test func theNextRequestOnAConnectionSeesOnlyItsOwnHeadersQueryAndBody() throws {
        var router = Router()
        router.add("POST", "/mirror", sync: Self.mirror)
        try withServer(router: router) { server in
            let connection = try TestConnection(port: server.port)
            connection.sendRequest(
                "POST", "/mirror?q=1", headers: [("X-A", "one"), ("X-B", "two"), ("X-B", "again")],
                body: Array("a first body, longer than the second".utf8))
            let first = try connection.readResponse()
            #expect(first.text == #"q=1 a=one b=two, again repeated=["x-b"] body=a first body, longer than the second"#)

            connection.sendRequest("POST", "/mirror", headers: [("X-A", "second")], body: Array("short".utf8))
            let second = try connection.readResponse()
            #expect(second.text == "q=- a=second b=- repeated=[] body=short")

            connection.sendRequest("POST", "/mirror?q=3")
            let third = try connection.readResponse()
            #expect(third.text == "q=3 a=- b=- repeated=[] body=")
        }
    }

    /// The next request is read into the same head, in place: a request its handler kept keeps
    /// its own headers, query and body all the same (copy-on-write gives the next one fresh
    /// storage), and the next request sees none of them.
    @Test func aRequestItsHandlerKeptKeepsItsOwnHeadWhenTheNextIsRead() throws {
        let kept = Mutex<HTTPRequest?>(nil)
        var router = Router()
        router.add(
            "POST", "/keep",
            sync: { request in
                kept.withLock { $0 = request }
                return Self.mirror(request)
            })
        router.add("POST", "/mirror", sync: Self.mirror)
        try withServer(router: router) { server in
            let connection = try TestConnection(port: server.port)
            connection.sendRequest(
                "POST", "/keep?q=kept", headers: [("X-A", "kept-a"), ("X-B", "kept-b")], body: Array("kept body".utf8))
            _ = try connection.readResponse()
            connection.sendRequest("POST", "/mirror?q=next", headers: [("X-A", "next-a")], body: Array("next".utf8))
            #expect(try connection.readResponse().text == "q=next a=next-a b=- repeated=[] body=next")
            let first = try #require(kept.withLock { $0 })
            #expect(Self.mirror(first).body == Array("q=kept a=kept-a b=kept-b repeated=[] body=kept body".utf8))
        }
    }

    /// The header table tells a name not seen yet from one seen with an empty value: an empty
    /// header given twice is a repeat, joined as any other.
    @Test func anEmptyHeaderGivenTwiceIsARepeatJoinedAsAnyOther() throws {
        var router = Router()
        router.add("POST", "/mirror", sync: Self.mirror)
        try withServer(router: router) { server in
            let connection = try TestConnection(port: server.port)
            connection.sendRequest("POST", "/mirror", headers: [("X-A", ""), ("X-A", ""), ("X-B", "")])
            #expect(try connection.readResponse().text == #"q=- a=,  b= repeated=["x-a"] body="#)
        }
    }

    @Test func aResponderItsHandlerKeptNeverAnswersTheConnectionsNextRequest() throws {
        let kept = Mutex<Responder?>(nil)
        let waiting = Mutex<Responder?>(nil)
        var router = Router()
        router.add("GET", "/keep") { _, responder in
            kept.withLock { $0 = responder }
            responder.respond(.json(200, #""first""#))
        }
        router.add("GET", "/later") { _, responder in waiting.withLock { $0 = responder } }
        try withServer(router: router) { server in
            let connection = try TestConnection(port: server.port)
            connection.sendRequest("GET", "/keep")
            #expect(try connection.readResponse().text == #""first""#)

            connection.sendRequest("GET", "/later")
            let deadline = ContinuousClock.now + .seconds(5)
            while server.parked == 0, ContinuousClock.now < deadline { usleep(1000) }
            #expect(server.parked == 1)
            // Late, for the first request: dropped, the second request still waits for its own.
            kept.withLock { $0 }?.respond(.json(200, #""stale""#))
            waiting.withLock { $0 }?.respond(.json(200, #""second""#))
            #expect(try connection.readResponse().text == #""second""#)
        }
    }
}
