import Dispatch
import Glibc
import Synchronization
import Testing

@testable import PreflightHTTP

/// A streaming route over a real socket: the sink parks the connection by taking fewer bytes
/// than offered, is woken from another thread, and gets every byte in order; the answer is a
/// file libmicrohttpd reads itself; a refusal, the body cap and a client gone mid-body.
// A time limit: a connection that parks and is never resumed hangs its client, not the run.
@Suite(.serialized, .timeLimit(.minutes(1))) struct BodyStreamTests {
    /// Takes at most `step` bytes a call and, every other call, none. Whenever it takes fewer
    /// bytes than offered it wakes the connection, as `HTTPBodySink.take` requires: 2 ms later
    /// from another thread, or (`wakesAtOnce`) before it returns, so the server sees the wake as
    /// it decides to park. Answers with the bytes it got, from a file.
    final class EchoSink: HTTPBodySink {
        let waker: BodyWaker
        let step: Int
        let wakesAtOnce: Bool
        let received = Mutex<[UInt8]>([])
        let shortTakes = Atomic<Int>(0)
        let cancelled = Atomic<Bool>(false)
        private let calls = Atomic<Int>(0)

        init(waker: BodyWaker, step: Int, wakesAtOnce: Bool) {
            self.waker = waker
            self.step = step
            self.wakesAtOnce = wakesAtOnce
        }

        func take(_ bytes: UnsafeRawBufferPointer) -> Int {
            let count = calls.add(1, ordering: .relaxed).newValue % 2 == 1 ? 0 : min(step, bytes.count)
            received.withLock { $0 += bytes[..<count] }
            guard count < bytes.count else { return count }
            // Fewer bytes than offered: the connection parks until this wake. A short take that
            // woke nobody would hang the client whenever no earlier wake was still pending.
            shortTakes.add(1, ordering: .relaxed)
            if wakesAtOnce {
                waker.wake()
            } else {
                let waker = self.waker
                DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(2)) { waker.wake() }
            }
            return count
        }

        func finish(_ responder: Responder) {
            let bytes = received.withLock { $0 }
            DispatchQueue.global().async { responder.respond(Self.fileAnswer(bytes)) }
        }

        func cancel() { cancelled.store(true, ordering: .relaxed) }

        /// `bytes` in an unnamed file, answered from its descriptor.
        static func fileAnswer(_ bytes: [UInt8]) -> HTTPResponse {
            var template = Array("/tmp/body-stream-XXXXXX".utf8CString)
            let descriptor = mkstemp(&template)
            guard descriptor >= 0 else { return .error(500, code: "test", message: "mkstemp: errno \(errno)") }
            unlink(template)
            let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            guard written == bytes.count else { return .error(500, code: "test", message: "write: \(written)") }
            return HTTPResponse(status: 200, file: ResponseFile(descriptor: descriptor, size: bytes.count))
        }
    }

    /// The last sink opened, for the test to read.
    final class Opened: Sendable {
        let sink = Mutex<EchoSink?>(nil)
    }

    static func router(_ opened: Opened, step: Int = 700, wakesAtOnce: Bool = false) -> Router {
        var router = Router()
        router.add("POST", "/stream", maxBodyBytes: 1 << 20) { request, waker in
            if request.header("x-refuse") != nil { return .refuse(.error(403, code: "refused", message: "no")) }
            let sink = EchoSink(waker: waker, step: step, wakesAtOnce: wakesAtOnce)
            opened.sink.withLock { $0 = sink }
            return .stream(sink)
        }
        return router
    }

    static func withServer<T>(_ router: Router, _ body: (HTTPServer) throws -> T) throws -> T {
        let server = HTTPServer(configuration: .init(port: 0, threads: 2), router: router)
        try server.start()
        defer { server.shutdown(drainTimeout: .seconds(2)) }
        return try body(server)
    }

    /// `body` posted with its `Content-Length` to an echo sink: the answer, and the sink.
    static func echo(_ body: [UInt8], wakesAtOnce: Bool) throws -> (RawClient.Response, EchoSink) {
        let opened = Opened()
        let response = try withServer(router(opened, wakesAtOnce: wakesAtOnce)) { server in
            try RawClient.exchange(
                port: server.port, "POST /stream", headers: ["Content-Length: \(body.count)"], body: body)
        }
        return (response, try #require(opened.sink.withLock { $0 }))
    }

    @Test func everyByteArrivesInOrderThroughParksAndTheFileIsTheAnswer() throws {
        let body = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 9) }
        let (response, sink) = try Self.echo(body, wakesAtOnce: false)
        #expect(response.status == 200)
        #expect(response.body == body)
        // 200,000 bytes 700 at a time, every other call none: at least 285 short takes, each one woken.
        #expect(sink.shortTakes.load(ordering: .relaxed) >= 200_000 / 700)
        #expect(sink.cancelled.load(ordering: .relaxed) == false)
    }

    /// A sink that wakes before its short take returns: the server finds the wake as it would
    /// park and offers the rest at once. Were that wake lost, nothing else would resume the
    /// connection and the client would time out.
    @Test func aWakeBeforeTheParkOffersTheRestAtOnce() throws {
        let body = (0..<50_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        let (response, sink) = try Self.echo(body, wakesAtOnce: true)
        #expect(response.status == 200)
        #expect(response.body == body)
        #expect(sink.shortTakes.load(ordering: .relaxed) >= 50_000 / 700)
    }

    @Test func aChunkedBodyStreamsToo() throws {
        let opened = Opened()
        let body = Array(repeating: UInt8(ascii: "x"), count: 50_000)
        let chunked = RawClient.chunked(body, size: 4096)
        let response = try Self.withServer(Self.router(opened)) { server in
            try RawClient.exchange(
                port: server.port, "POST /stream", headers: ["Transfer-Encoding: chunked"], body: chunked)
        }
        #expect(response.status == 200)
        #expect(response.body == body)
    }

    /// Takes every byte at once, but each piece asks for a wake 100 ms later (as a bulk writer's
    /// freed place can come after its line was taken), and answers 300 ms after the body's end.
    final class LateWakeSink: HTTPBodySink {
        let waker: BodyWaker
        let received = Mutex<[UInt8]>([])

        init(waker: BodyWaker) { self.waker = waker }

        func take(_ bytes: UnsafeRawBufferPointer) -> Int {
            received.withLock { $0 += bytes }
            let waker = self.waker
            DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(100)) { waker.wake() }
            return bytes.count
        }

        func finish(_ responder: Responder) {
            let bytes = received.withLock { $0 }
            DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(300)) {
                responder.respond(.init(status: 200, body: bytes))
            }
        }

        func cancel() {}
    }

    /// A wake that comes after the body has ended, while the connection is parked for its answer,
    /// does not resume it: the answer does, and it is the sink's (a resume by the stale wake found
    /// no answer and was a 500 "resumed without an answer").
    @Test func aWakeAfterTheBodyEndsDoesNotResumeTheAnswersPark() throws {
        var router = Router()
        router.add("POST", "/late", maxBodyBytes: 1 << 20) { _, waker in .stream(LateWakeSink(waker: waker)) }
        let body = Array("every byte of a short body".utf8)
        let response = try Self.withServer(router) { server in
            try RawClient.exchange(
                port: server.port, "POST /late", headers: ["Content-Length: \(body.count)"], body: body)
        }
        #expect(response.status == 200)
        #expect(response.body == body)
    }

    @Test func theOpenerMayRefuseBeforeTheBody() throws {
        let opened = Opened()
        let response = try Self.withServer(Self.router(opened)) { server in
            try RawClient.exchange(
                port: server.port, "POST /stream", headers: ["Content-Length: 3", "X-Refuse: 1"],
                body: Array("abc".utf8))
        }
        #expect(response.status == 403)
        #expect(opened.sink.withLock { $0 } == nil)
    }

    @Test func aDeclaredLengthOverTheCapIs413WithoutASink() throws {
        let opened = Opened()
        let response = try Self.withServer(Self.router(opened)) { server in
            try RawClient.exchange(port: server.port, "POST /stream", headers: ["Content-Length: \(2 << 20)"], body: [])
        }
        #expect(response.status == 413)
        #expect(opened.sink.withLock { $0 } == nil)
    }

    @Test func aChunkedBodyOverTheCapCancelsTheSinkAndIs413() throws {
        let opened = Opened()
        let chunked = RawClient.chunked(Array(repeating: UInt8(ascii: "y"), count: (1 << 20) + 10_000), size: 65536)
        let response = try Self.withServer(Self.router(opened, step: 1 << 20)) { server in
            try RawClient.exchange(
                port: server.port, "POST /stream", headers: ["Transfer-Encoding: chunked"], body: chunked)
        }
        #expect(response.status == 413)
        let sink = try #require(opened.sink.withLock { $0 })
        #expect(sink.cancelled.load(ordering: .relaxed) == true)
    }

    @Test func aClientGoneMidBodyCancelsTheSink() throws {
        let opened = Opened()
        try Self.withServer(Self.router(opened)) { server in
            let socket = try RawClient.connect(port: server.port)
            RawClient.send(socket, Array("POST /stream HTTP/1.1\r\nHost: x\r\nContent-Length: 100000\r\n\r\n".utf8))
            RawClient.send(socket, Array(repeating: 0x41, count: 5000))
            // Wait until the server has the sink and part of the body, then hang up.
            for _ in 0..<500 where opened.sink.withLock({ $0 })?.received.withLock({ $0.count }) ?? 0 == 0 {
                usleep(10_000)
            }
            close(socket)
            let sink = try #require(opened.sink.withLock { $0 })
            for _ in 0..<500 where !sink.cancelled.load(ordering: .relaxed) { usleep(10_000) }
            #expect(sink.cancelled.load(ordering: .relaxed) == true)
        }
    }
}

/// A blocking HTTP/1.1 client over a loopback socket, enough for one request per connection.
enum RawClient {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    struct Response {
        var status: Int
        var body: [UInt8]
    }

    static func connect(port: Int) throws -> Int32 {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw Failure(description: "socket: errno \(errno)") }
        var timeout = timeval(tv_sec: 20, tv_usec: 0)
        _ = setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let status = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard status == 0 else {
            close(socket)
            throw Failure(description: "connect: errno \(errno)")
        }
        return socket
    }

    @discardableResult
    static func send(_ socket: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let count = bytes[offset...].withUnsafeBytes {
                Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            if count <= 0 { return false }
            offset += count
        }
        return true
    }

    /// Sends the request (with `Connection: close`) and reads the answer to the end of the stream.
    static func exchange(port: Int, _ requestLine: String, headers: [String], body: [UInt8]) throws -> Response {
        let socket = try connect(port: port)
        defer { close(socket) }
        let head = ([requestLine + " HTTP/1.1", "Host: 127.0.0.1", "Connection: close"] + headers + ["", ""])
            .joined(separator: "\r\n")
        // A refused body may be cut short by the server's close: the answer is read all the same.
        send(socket, Array(head.utf8) + body)
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if count <= 0 { break }
            received += chunk[..<count]
        }
        return try parse(received)
    }

    static func parse(_ bytes: [UInt8]) throws -> Response {
        let separator = Array("\r\n\r\n".utf8)
        guard let end = (0..<max(0, bytes.count - 3)).first(where: { Array(bytes[$0..<$0 + 4]) == separator }) else {
            throw Failure(description: "no response head in \(bytes.count) bytes")
        }
        let head = String(decoding: bytes[..<end], as: UTF8.self)
        let fields = head.split(separator: " ", maxSplits: 2)
        guard fields.count >= 2, let status = Int(fields[1]) else { throw Failure(description: "bad head: \(head)") }
        return Response(status: status, body: Array(bytes[(end + 4)...]))
    }

    /// `body` in chunks of `size`, then the last chunk.
    static func chunked(_ body: [UInt8], size: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        var offset = 0
        while offset < body.count {
            let count = min(size, body.count - offset)
            bytes +=
                Array((String(count, radix: 16) + "\r\n").utf8) + body[offset..<offset + count] + Array("\r\n".utf8)
            offset += count
        }
        return bytes + Array("0\r\n\r\n".utf8)
    }
}
