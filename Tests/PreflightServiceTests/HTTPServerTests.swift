import Dispatch
import Glibc
import PreflightCore
import PreflightHTTP
import Synchronization
import Testing

@Suite struct HTTPServerTests {
    /// A server whose bodies are capped at 1024 bytes.
    static let smallBodies = HTTPServer.Configuration(port: 0, threads: 2, maxBodyBytes: 1024)

    private func router(_ extra: (inout Router) -> Void = { _ in }) -> Router {
        var router = Router()
        router.add("GET", "/hello", sync: { _ in .json(200, #"{"hello":"world"}"#) })
        router.add("POST", "/echo", sync: { request in HTTPResponse(status: 200, body: request.body) })
        router.add("GET", "/query", sync: { request in .json(200, "\"\(request.query["name"] ?? "-")\"") })
        extra(&router)
        return router
    }

    @Test func routesByMethodAndPath() throws {
        try withServer(router: router()) { server in
            let hello = try httpRequest(port: server.port, "GET", "/hello")
            #expect(hello.status == 200)
            #expect(hello.text == #"{"hello":"world"}"#)
            #expect(hello.headers["content-type"] == "application/json")

            let missing = try httpRequest(port: server.port, "GET", "/nowhere")
            #expect(missing.status == 404)
            #expect(missing.errorCode == "not-found")

            let wrongMethod = try httpRequest(port: server.port, "DELETE", "/hello")
            #expect(wrongMethod.status == 405)
            #expect(wrongMethod.errorCode == "method-not-allowed")
            #expect(wrongMethod.headers["allow"] == "GET")

            let echo = try httpRequest(port: server.port, "POST", "/echo", body: Array("ping".utf8))
            #expect(echo.text == "ping")

            let query = try httpRequest(port: server.port, "GET", "/query?name=a%20b")
            #expect(query.text == "\"a b\"")
        }
    }

    /// One connection serves answers decided with the headers (a fixed route's, a 404 or 405
    /// with no body) and after a body (a 404 whose body is read and dropped) alike: none closes it.
    @Test func keepsConnectionsAliveAcrossRequestsAndErrors() throws {
        let fixed = FixedResponse(.json(200, #"{"fixed":true}"#))
        try withServer(router: router { $0.add("GET", "/fixed", fixed: { fixed }) }) { server in
            let connection = try TestConnection(port: server.port)
            let requests: [(method: String, path: String, body: [UInt8], status: Int)] = [
                ("GET", "/nowhere", [], 404), ("GET", "/fixed", [], 200), ("POST", "/nowhere", Array("{}".utf8), 404),
                ("DELETE", "/hello", [], 405), ("GET", "/fixed", [], 200), ("GET", "/hello", [], 200),
            ]
            for request in requests {
                connection.sendRequest(request.method, request.path, body: request.body)
                let response = try connection.readResponse()
                #expect(response.status == request.status, "\(request.method) \(request.path)")
                #expect(response.headers["connection"] == nil, "\(request.method) \(request.path)")
            }
        }
    }

    @Test func rejectsLargeBodyFromContentLength() throws {
        try withServer(Self.smallBodies, router: router()) { server in
            let connection = try TestConnection(port: server.port)
            // Only the headers are sent: the answer must come from Content-Length alone.
            connection.send("POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 2000\r\n\r\n")
            let response = try connection.readResponse()
            #expect(response.status == 413)
            #expect(response.errorCode == "body-too-large")

            let atLimit = try httpRequest(port: server.port, "POST", "/echo", body: [UInt8](repeating: 65, count: 1024))
            #expect(atLimit.status == 200)
            #expect(atLimit.body.count == 1024)
        }
    }

    @Test func rejectsLargeChunkedBody() throws {
        try withServer(Self.smallBodies, router: router()) { server in
            let connection = try TestConnection(port: server.port)
            connection.send("POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n")
            for _ in 0..<3 { connection.send("200\r\n" + String(repeating: "a", count: 512) + "\r\n") }
            connection.send("0\r\n\r\n")
            let response = try connection.readResponse()
            #expect(response.status == 413)
            #expect(response.errorCode == "body-too-large")

            let small = try TestConnection(port: server.port)
            small.send("POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n")
            small.send("200\r\n" + String(repeating: "b", count: 512) + "\r\n0\r\n\r\n")
            let accepted = try small.readResponse()
            #expect(accepted.status == 200)
            #expect(accepted.body.count == 512)
        }
    }

    @Test func closesEndlessChunkedBodyAndStaysHealthy() throws {
        try withServer(Self.smallBodies, router: router()) { server in
            let connection = try TestConnection(port: server.port)
            connection.send("POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n")
            let chunk = "400\r\n" + String(repeating: "c", count: 1024) + "\r\n"
            var sent = 0
            while sent < 8 << 20, connection.send(chunk) { sent += 1024 }
            #expect(sent < 8 << 20, "the server kept reading an endless body")
            #expect(connection.isClosedByPeer())
            #expect(try httpRequest(port: server.port, "GET", "/hello").status == 200)
        }
    }

    @Test func echoesOrMakesRequestIDs() throws {
        try withServer(router: router()) { server in
            let echoed = try httpRequest(port: server.port, "GET", "/hello", headers: [("X-Request-Id", "abc-123")])
            #expect(echoed.headers["x-request-id"] == "abc-123")

            let made = try httpRequest(port: server.port, "GET", "/hello")
            let first = try #require(made.headers["x-request-id"])
            let again = try httpRequest(port: server.port, "GET", "/hello")
            // The server's eight hex digits, a dash, and its count of requests: the next one's is one more.
            let match = try #require(first.wholeMatch(of: /([0-9a-f]{8})-([0-9]+)/))
            let next = try #require(UInt64(match.2)) + 1
            #expect(again.headers["x-request-id"] == "\(match.1)-\(next)")

            let unsafe = try httpRequest(port: server.port, "GET", "/hello", headers: [("X-Request-Id", "a b{}")])
            #expect(unsafe.headers["x-request-id"] != "a b{}")
            #expect(unsafe.headers["x-request-id"]?.isEmpty == false)
        }
    }

    /// A fixed route answers from responses made at start, chosen per request; the
    /// shared answer has no request id, the ordinary one (the client sent its id) has it.
    @Test func fixedRoutesAnswerFromResponsesMadeAtStart() throws {
        let up = FixedResponse(.json(200, #"{"up":true}"#))
        let down = FixedResponse(HTTPResponse(status: 503, headers: [("Retry-After", "1")], body: Array("down".utf8)))
        let isDown = Atomic<Bool>(false)
        var router = Router()
        router.add("GET", "/state", fixed: { isDown.load(ordering: .relaxed) ? down : up })
        try withServer(router: router) { server in
            let connection = try TestConnection(port: server.port)
            for _ in 0..<3 {
                connection.sendRequest("GET", "/state")
                let answer = try connection.readResponse()
                #expect(answer.status == 200)
                #expect(answer.text == #"{"up":true}"#)
                #expect(answer.headers["content-type"] == "application/json")
                #expect(answer.headers["x-request-id"] == nil)
            }
            isDown.store(true, ordering: .relaxed)
            let shared = try httpRequest(port: server.port, "GET", "/state")
            #expect(shared.status == 503)
            #expect(shared.text == "down")
            #expect(shared.headers["retry-after"] == "1")
            let traced = try httpRequest(port: server.port, "GET", "/state", headers: [("X-Request-Id", "probe-7")])
            #expect(traced.status == 503)
            #expect(traced.text == "down")
            #expect(traced.headers["retry-after"] == "1")
            #expect(traced.headers["x-request-id"] == "probe-7")
            // A body sent along is read and dropped; the connection goes on.
            connection.send("GET /state HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello")
            #expect(try connection.readResponse().status == 503)
        }
    }

    @Test func answersFromAnotherThreadWithoutHoldingAWorker() throws {
        let gate = Gate()
        let handlerThread = Mutex<UInt64>(0)
        let answerThread = Mutex<UInt64>(0)
        let routes = router { router in
            router.add("GET", "/later") { _, responder in
                handlerThread.withLock { $0 = UInt64(pthread_self()) }
                DispatchQueue.global().async {
                    _ = gate.wait()
                    answerThread.withLock { $0 = UInt64(pthread_self()) }
                    responder.respond(.json(200, #"{"later":true}"#))
                }
            }
        }
        // One worker thread: if the deferred request held it, /hello could not be answered.
        try withServer(HTTPServer.Configuration(port: 0, threads: 1), router: routes) { server in
            let pending = try TestConnection(port: server.port)
            pending.sendRequest("GET", "/later")
            let deadline = ContinuousClock.now + .seconds(5)
            while server.inFlight == 0, ContinuousClock.now < deadline { usleep(1000) }
            #expect(server.inFlight == 1)

            let meanwhile = try httpRequest(port: server.port, "GET", "/hello")
            #expect(meanwhile.status == 200)

            gate.open()
            let later = try pending.readResponse()
            #expect(later.status == 200)
            #expect(later.text == #"{"later":true}"#)
            #expect(handlerThread.withLock { $0 } != answerThread.withLock { $0 })
        }
    }

    @Test func shutdownAnswersSuspendedRequests() throws {
        let gate = Gate()
        let routes = router { router in
            router.add("GET", "/never") { _, responder in
                DispatchQueue.global().async {
                    _ = gate.wait(seconds: 30)
                    responder.respond(.json(200, "{}"))
                }
            }
        }
        let server = HTTPServer(configuration: HTTPServer.Configuration(port: 0, threads: 2), router: routes)
        try server.start()
        let pending = try TestConnection(port: server.port)
        pending.sendRequest("GET", "/never")
        let deadline = ContinuousClock.now + .seconds(5)
        while server.inFlight == 0, ContinuousClock.now < deadline { usleep(1000) }

        server.shutdown(drainTimeout: .milliseconds(200))
        let response = try pending.readResponse()
        #expect(response.status == 503)
        #expect(response.errorCode == "shutting-down")
        #expect(server.inFlight == 0)
        gate.open()
    }

    /// One worker, and two: each its own daemon on the port.
    @Test(arguments: [1, 2])
    func servesIPv6Loopback(threads: Int) throws {
        try withServer(HTTPServer.Configuration(host: "::1", port: 0, threads: threads), router: router()) { server in
            let connection = try TestConnection(port: server.port, host: "::1")
            connection.sendRequest("GET", "/hello")
            #expect(try connection.readResponse().status == 200)
        }
    }

    /// Connections opened at once are spread over the workers: each worker's daemon has a
    /// listening socket of its own on the port, and the kernel picks one per connection. With one
    /// socket shared by a pool, the first worker to wake took every connection waiting, and a
    /// client that opened its connections together had one core of two serving it.
    @Test func connectionsOpenedAtOnceAreSpreadOverTheWorkers() throws {
        let routes = router { router in
            router.add(
                "GET", "/thread", sync: { _ in .json(200, "\(UInt(bitPattern: Int(bitPattern: pthread_self())))") })
        }
        try withServer(HTTPServer.Configuration(port: 0, threads: 2), router: routes) { server in
            let connections = try (0..<32).map { _ in try TestConnection(port: server.port) }
            var served: [String: Int] = [:]
            for connection in connections {
                connection.sendRequest("GET", "/thread")
                served[try connection.readResponse().text, default: 0] += 1
            }
            // Spread by the kernel's hash: fewer than 4 of 32 on one of two sockets happens
            // about twice in a million runs.
            #expect(served.count == 2)
            #expect(served.values.allSatisfy { $0 >= 4 }, "\(served)")
        }
    }

    /// A second server on a port one listens on fails to start, though each worker's socket
    /// lets the others share the port.
    @Test func aSecondServerOnTheSamePortIsRefused() throws {
        try withServer(HTTPServer.Configuration(port: 0, threads: 2), router: router()) { server in
            let second = HTTPServer(
                configuration: HTTPServer.Configuration(port: server.port, threads: 2), router: router())
            #expect(throws: HTTPServerError.self) { try second.start() }
            let first = try httpRequest(port: server.port, "GET", "/hello")
            #expect(first.status == 200)
        }
    }

    @Test func refusesAHostThatIsNotAnAddress() {
        let server = HTTPServer(configuration: HTTPServer.Configuration(host: "example.com", port: 0), router: Router())
        #expect(throws: HTTPServerError.self) { try server.start() }
    }
}
