import Testing

@testable import PreflightHTTP

/// The request state machine driven without a socket: each test feeds the events libmicrohttpd
/// would, and the outcomes the server would report, and asserts every action in order.
struct ExchangeStateMachineTests {
    typealias Machine = ExchangeStateMachine

    static let okBody = #"{"ok":true}"#

    /// The routes: an echo with a 16-byte cap, one that answers later, a fixed health answer.
    static func router() -> Router {
        var router = Router()
        router.add("POST", "/echo", maxBodyBytes: 16) { request, responder in
            responder.respond(.json(200, bytes: request.body))
        }
        router.add("GET", "/hello", sync: { _ in .json(200, okBody) })
        router.add("POST", "/later") { _, _ in }
        router.add("GET", "/healthz", fixed: { healthz })
        return router
    }

    static let healthz = FixedResponse(.json(200, #"{"status":"ok"}"#))

    static func head(_ method: String, _ path: String, headers: [String: String] = [:]) -> RequestHead {
        var all = ["host": "x"]
        all.merge(headers) { $1 }
        return RequestHead(
            method: method, path: path, target: path, headers: HeaderFields(all.sorted { $0.key < $1.key }))
    }

    /// An action as text: its kind, and for an answer its status, its extra headers and its body.
    static func text(_ action: Machine.Action) -> String {
        switch action {
        case .proceed: return "proceed"
        case .close: return "close"
        case .answer(let response): return "answer " + text(response)
        case .answerShared(let fixed): return "shared " + text(fixed.response)
        case .runHandler(_, let request):
            return "run \(request.method) \(request.path) " + String(decoding: request.body, as: UTF8.self)
        case .takeAnswer: return "take"
        case .openStream(_, let request): return "open \(request.method) \(request.path)"
        case .stream: return "stream"
        case .cancelStream: return "cancel"
        case .finishStream: return "finish"
        }
    }

    static func text(_ response: HTTPResponse) -> String {
        let headers = response.headers.filter { $0.0 != "Content-Type" }.map { "\($0.0): \($0.1) " }.joined()
        return "\(response.status) " + headers + String(decoding: response.body, as: UTF8.self)
    }

    static func body(_ text: String, _ machine: inout Machine) -> String {
        Self.text(Array(text.utf8).withUnsafeBytes { machine.bodyReceived($0) })
    }

    /// A responder that never reaches libmicrohttpd: the server behind it never starts, and
    /// nothing is parked in its lot, so answering resumes nothing.
    static func responder() -> Responder {
        let server = HTTPServer(configuration: .init(port: 0), router: Router())
        return Responder(connection: ConnectionHandle(pointer: OpaquePointer(bitPattern: 0x10)!), server: server)
    }

    // MARK: - Normal paths

    @Test func getIsRunAndAnsweredAtOnce() throws {
        var machine = Machine(requestID: "s-1", maxBodyBytes: 1024)
        #expect(Self.text(machine.headersReceived(Self.head("GET", "/hello"), router: Self.router())) == "proceed")
        let run = machine.bodyEnded(isDraining: false)
        #expect(Self.text(run) == "run GET /hello ")
        guard case .runHandler(let handler, let request) = run else { return }
        let responder = Self.responder()
        handler(request, responder)
        let answer = try #require(responder.takeAnswer())
        #expect(Self.text(machine.handlerReturned(.answered(answer))) == "answer 200 \(Self.okBody)")
        #expect(machine.route == "/hello")
        #expect(machine.closed() == Machine.Ending(mayBeParked: false, unsentStatus: 499))
    }

    @Test func postBodyIsGatheredThenAnswered() throws {
        var machine = Machine(requestID: "s-1", maxBodyBytes: 1024)
        let head = Self.head("POST", "/echo", headers: ["content-length": "10"])
        #expect(Self.text(machine.headersReceived(head, router: Self.router())) == "proceed")
        #expect(Self.body("hello", &machine) == "proceed")
        #expect(Self.body("world", &machine) == "proceed")
        let run = machine.bodyEnded(isDraining: false)
        #expect(Self.text(run) == "run POST /echo helloworld")
        guard case .runHandler(let handler, let request) = run else { return }
        let responder = Self.responder()
        handler(request, responder)
        let answer = try #require(responder.takeAnswer())
        #expect(Self.text(machine.handlerReturned(.answered(answer))) == "answer 200 helloworld")
        // Nothing more happens to an answered request.
        #expect(Self.text(machine.bodyEnded(isDraining: false)) == "proceed")
    }

    /// A declared body gets its room when the headers are in, from the server's `bodyRoom` (its
    /// kept large buffers), so it is not grown as it comes; a body over the cap, or of no
    /// declared length, asks for none.
    @Test func aDeclaredBodyGetsItsRoomWhenTheHeadersAreIn() throws {
        var asked: [Int] = []
        let room = { (count: Int) -> [UInt8] in
            asked.append(count)
            return Machine.newBodyRoom(count + 100)
        }
        var machine = Machine(requestID: "s-1", maxBodyBytes: 1024)
        let head = Self.head("POST", "/echo", headers: ["content-length": "10"])
        #expect(Self.text(machine.headersReceived(head, router: Self.router(), bodyRoom: room)) == "proceed")
        #expect(asked == [10])
        #expect(Self.body("hello", &machine) == "proceed")
        #expect(Self.body("world", &machine) == "proceed")
        guard case .runHandler(_, let request) = machine.bodyEnded(isDraining: false) else {
            Issue.record("the handler was not run")
            return
        }
        #expect(request.body == Array("helloworld".utf8))
        #expect(request.body.capacity >= 110)

        var over = Machine(requestID: "s-2", maxBodyBytes: 1024)
        let tooLong = Self.head("POST", "/echo", headers: ["content-length": "17"])
        #expect(Self.text(over.headersReceived(tooLong, router: Self.router(), bodyRoom: room)).hasPrefix("answer 413"))
        var chunked = Machine(requestID: "s-3", maxBodyBytes: 1024)
        let unknown = Self.head("POST", "/echo", headers: ["transfer-encoding": "chunked"])
        #expect(Self.text(chunked.headersReceived(unknown, router: Self.router(), bodyRoom: room)) == "proceed")
        #expect(asked == [10])
    }

    @Test func parkedRequestIsAnsweredOnResume() {
        var machine = Machine(requestID: "s-1", maxBodyBytes: 1024)
        let head = Self.head("POST", "/later", headers: ["content-length": "0"])
        #expect(Self.text(machine.headersReceived(head, router: Self.router())) == "proceed")
        #expect(Self.text(machine.bodyEnded(isDraining: false)) == "run POST /later ")
        #expect(Self.text(machine.handlerReturned(.parked)) == "proceed")
        #expect(Self.text(machine.bodyEnded(isDraining: false)) == "take")
        let resumed = machine.resumed(.deferred({ .json(200, Self.okBody) }))
        #expect(Self.text(resumed) == "answer 200 \(Self.okBody)")
        #expect(machine.closed() == Machine.Ending(mayBeParked: false, unsentStatus: 499))
    }

    // MARK: - Answers decided for the handler

    @Test func declaredBodyOverTheCapIsRefusedBeforeItIsRead() {
        var machine = Machine(requestID: "s-1", maxBodyBytes: 1024)
        let head = Self.head("POST", "/echo", headers: ["content-length": "17"])
        #expect(
            Self.text(machine.headersReceived(head, router: Self.router()))
                == #"answer 413 {"error":{"code":"body-too-large","message":"the request body is over the 16-byte limit of /echo"}}"#
        )
        #expect(Self.body("more", &machine) == "proceed")
        #expect(Self.text(machine.bodyEnded(isDraining: false)) == "proceed")
    }

    @Test func streamedBodyOverTheCapIsDroppedAndRefusedAtItsEnd() {
        var machine = Machine(requestID: "s-1", maxBodyBytes: 1024)
        let head = Self.head("POST", "/echo", headers: ["transfer-encoding": "chunked"])
        #expect(Self.text(machine.headersReceived(head, router: Self.router())) == "proceed")
        #expect(Self.body("0123456789", &machine) == "proceed")
        #expect(Self.body("0123456789", &machine) == "proceed")
        #expect(
            Self.text(machine.bodyEnded(isDraining: false))
                == #"answer 413 {"error":{"code":"body-too-large","message":"the request body is over the 16-byte limit of /echo"}}"#
        )
    }

    @Test func bodyThatNeverEndsIsClosedPastTheDiscardBound() {
        var machine = Machine(requestID: "s-1", maxBodyBytes: 1024)
        let head = Self.head("POST", "/echo", headers: ["transfer-encoding": "chunked"])
        #expect(Self.text(machine.headersReceived(head, router: Self.router())) == "proceed")
        #expect(machine.discardLimit == 1 << 20)
        let chunk = [UInt8](repeating: 0x61, count: 1 << 19)
        #expect(Self.text(chunk.withUnsafeBytes { machine.bodyReceived($0) }) == "proceed")
        #expect(Self.text(chunk.withUnsafeBytes { machine.bodyReceived($0) }) == "proceed")
        #expect(Self.text([0x61].withUnsafeBytes { machine.bodyReceived($0) }) == "close")
        // Closed before its answer went out: logged as the 413 it was refused with.
        #expect(machine.closed() == Machine.Ending(mayBeParked: false, unsentStatus: 413))
    }

    /// An encoded NUL is found anywhere in the target, after other percent signs too; a `%0`
    /// cut short by the end, or `%0` followed by another digit, is not one.
    @Test func anEncodedNULIsFoundAnywhereInTheTarget() {
        for target in ["%00", "/a%00", "/a%00b", "/%%00", "/a%0%00", "/?q=1%00", "/%2F%00%41"] {
            #expect(Machine.hasEncodedNUL(Array(target.utf8)), "\(target)")
        }
        for target in ["", "/", "%", "%0", "/a%0", "/a%01", "/a%10", "/%2500x", "/a%0a0", "/a0%"] {
            #expect(!Machine.hasEncodedNUL(Array(target.utf8)), "\(target)")
        }
    }

    @Test func fixedRouteDropsItsBodyAndAnswersShared() {
        var machine = Machine(requestID: "s-1", maxBodyBytes: 1024)
        let head = Self.head("GET", "/healthz", headers: ["content-length": "5"])
        #expect(Self.text(machine.headersReceived(head, router: Self.router())) == "proceed")
        #expect(Self.body("hello", &machine) == "proceed")
        #expect(Self.text(machine.bodyEnded(isDraining: false)) == #"shared 200 {"status":"ok"}"#)
        #expect(machine.route == "/healthz")
    }

    @Test func fixedRouteAnswersOrdinarilyForAClientIDOrADrain() {
        var client = Machine(requestID: "s-1", maxBodyBytes: 1024)
        let head = Self.head("GET", "/healthz", headers: ["x-request-id": "mine-1"])
        #expect(Self.text(client.headersReceived(head, router: Self.router())) == "proceed")
        #expect(Self.text(client.bodyEnded(isDraining: false)) == #"answer 200 {"status":"ok"}"#)
        #expect(client.requestID == "mine-1")

        var draining = Machine(requestID: "s-2", maxBodyBytes: 1024)
        #expect(Self.text(draining.headersReceived(Self.head("GET", "/healthz"), router: Self.router())) == "proceed")
        #expect(Self.text(draining.bodyEnded(isDraining: true)) == #"answer 200 {"status":"ok"}"#)
        #expect(draining.requestID == "s-2")
    }

    @Test func parkRefusedWhenFull() {
        var machine = Machine(requestID: "s-1", maxBodyBytes: 1024)
        let head = Self.head("POST", "/later", headers: ["content-length": "0"])
        #expect(Self.text(machine.headersReceived(head, router: Self.router())) == "proceed")
        #expect(Self.text(machine.bodyEnded(isDraining: false)) == "run POST /later ")
        #expect(
            Self.text(machine.handlerReturned(.full(limit: 3)))
                == #"answer 503 Retry-After: 1 {"error":{"code":"overloaded","message":"3 requests already wait for downloads; retry shortly"}}"#
        )
        #expect(machine.closed() == Machine.Ending(mayBeParked: false, unsentStatus: 499))
    }

    @Test func parkRefusedWhileClosing() {
        var machine = Machine(requestID: "s-1", maxBodyBytes: 1024)
        let head = Self.head("POST", "/later", headers: ["content-length": "0"])
        #expect(Self.text(machine.headersReceived(head, router: Self.router())) == "proceed")
        #expect(Self.text(machine.bodyEnded(isDraining: true)) == "run POST /later ")
        #expect(
            Self.text(machine.handlerReturned(.shuttingDown))
                == #"answer 503 {"error":{"code":"shutting-down","message":"the server is shutting down; retry on another instance"}}"#
        )
    }

    @Test func resumeWithoutAnAnswerIsAnInternalError() {
        var machine = Machine(requestID: "s-1", maxBodyBytes: 1024)
        let head = Self.head("POST", "/later", headers: ["content-length": "0"])
        #expect(Self.text(machine.headersReceived(head, router: Self.router())) == "proceed")
        #expect(Self.text(machine.bodyEnded(isDraining: false)) == "run POST /later ")
        #expect(Self.text(machine.handlerReturned(.parked)) == "proceed")
        #expect(Self.text(machine.bodyEnded(isDraining: false)) == "take")
        #expect(
            Self.text(machine.resumed(nil))
                == #"answer 500 {"error":{"code":"internal","message":"resumed without an answer"}}"#)
    }

    @Test func clientGoneWhileParked() {
        var abandoned = Machine(requestID: "s-1", maxBodyBytes: 1024)
        let head = Self.head("POST", "/later", headers: ["content-length": "0"])
        #expect(Self.text(abandoned.headersReceived(head, router: Self.router())) == "proceed")
        #expect(Self.text(abandoned.bodyEnded(isDraining: false)) == "run POST /later ")
        #expect(Self.text(abandoned.handlerReturned(.parked)) == "proceed")
        // The hang-up check resumed it to be closed: an empty 499 that closes the connection.
        #expect(Self.text(abandoned.bodyEnded(isDraining: false)) == "take")
        #expect(Self.text(abandoned.resumed(.abandon)) == "answer 499 Connection: close ")

        // Closed while still suspended: it may hold a place in the parking lot.
        var closed = Machine(requestID: "s-2", maxBodyBytes: 1024)
        #expect(Self.text(closed.headersReceived(head, router: Self.router())) == "proceed")
        #expect(Self.text(closed.bodyEnded(isDraining: false)) == "run POST /later ")
        #expect(Self.text(closed.handlerReturned(.parked)) == "proceed")
        #expect(closed.closed() == Machine.Ending(mayBeParked: true, unsentStatus: 499))
    }

    // MARK: - Refusals on the head

    @Test func unknownPathAndWrongMethodWaitForTheBodyEnd() {
        var missing = Machine(requestID: "s-1", maxBodyBytes: 1024)
        #expect(Self.text(missing.headersReceived(Self.head("GET", "/nope"), router: Self.router())) == "proceed")
        #expect(
            Self.text(missing.bodyEnded(isDraining: false))
                == #"answer 404 {"error":{"code":"not-found","message":"no endpoint at /nope"}}"#)
        #expect(missing.route == "unmatched")

        var wrong = Machine(requestID: "s-2", maxBodyBytes: 1024)
        #expect(Self.text(wrong.headersReceived(Self.head("DELETE", "/echo"), router: Self.router())) == "proceed")
        #expect(
            Self.text(wrong.bodyEnded(isDraining: false))
                == #"answer 405 Allow: POST {"error":{"code":"method-not-allowed","message":"/echo does not accept DELETE; use POST"}}"#
        )
        #expect(wrong.route == "/echo")
    }

    @Test func headerProblemIsRefusedAtOnce() {
        var machine = Machine(requestID: "s-1", maxBodyBytes: 1024)
        var head = Self.head("GET", "/hello")
        head.headerProblem = "the header name \"a b\" is not a token"
        #expect(
            Self.text(machine.headersReceived(head, router: Self.router()))
                == #"answer 400 Connection: close {"error":{"code":"bad-request","message":"the header name \"a b\" is not a token"}}"#
        )
    }

    @Test func admissionRefusesBeforeTheBody() {
        var router = Router()
        router.group("/v1", middleware: [{ _ in .error(401, code: "unauthorized", message: "no key") }]) { v1 in
            v1.add("POST", "/check") { _, _ in }
        }
        var machine = Machine(requestID: "s-1", maxBodyBytes: 1024)
        let head = Self.head("POST", "/v1/check", headers: ["content-length": "5"])
        #expect(
            Self.text(machine.headersReceived(head, router: router))
                == #"answer 401 {"error":{"code":"unauthorized","message":"no key"}}"#)
        #expect(Self.body("hello", &machine) == "proceed")
    }
}
