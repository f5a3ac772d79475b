import Glibc

/// A plain TCP client for tests: sends exact bytes and reads one HTTP/1.1 response,
/// so bodies, chunking and timing are under the test's control.
final class TestConnection {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// -1 once closed. A failed `init` closes it itself and sets -1: `deinit` still runs for an
    /// initializer that throws after every property is set, and a second `close` of the same
    /// number would close whatever descriptor the process opened in between (the test server's
    /// accepted socket, once: libmicrohttpd then aborted with "Failed to remove FD from epoll set").
    private var fd: Int32
    private var buffer: [UInt8] = []

    /// - Parameter source: an IPv4 loopback address to connect from (127.0.0.2, say), so the
    ///   server sees another client address.
    init(port: Int, host: String = "127.0.0.1", source: String? = nil, timeoutSeconds: Int = 15) throws {
        let isIPv6 = host.contains(":")
        fd = socket(isIPv6 ? AF_INET6 : AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "socket failed: errno \(errno)") }
        var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        if let source, !isIPv6 {
            var local = sockaddr_in()
            local.sin_family = sa_family_t(AF_INET)
            inet_pton(AF_INET, source, &local.sin_addr)
            let bound = withUnsafePointer(to: &local) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            guard bound == 0 else {
                let error = errno
                close(fd)
                fd = -1
                throw Failure(description: "bind to \(source) failed: errno \(error)")
            }
        }
        let result: Int32
        if isIPv6 {
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = UInt16(port).bigEndian
            inet_pton(AF_INET6, host, &address.sin6_addr)
            result = Self.connect(fd, to: &address)
        } else {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = UInt16(port).bigEndian
            inet_pton(AF_INET, host, &address.sin_addr)
            result = Self.connect(fd, to: &address)
        }
        guard result == 0 else {
            let error = errno
            close(fd)
            fd = -1
            throw Failure(description: "connect to \(host):\(port) failed: errno \(error)")
        }
    }

    deinit {
        if fd >= 0 { close(fd) }
    }

    /// `connect` with a `sockaddr_in` or `sockaddr_in6`.
    private static func connect<Address>(_ fd: Int32, to address: inout Address) -> Int32 {
        withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(fd, $0, socklen_t(MemoryLayout<Address>.size))
            }
        }
    }

    /// Sends bytes; false when the peer closed the connection.
    @discardableResult
    func send(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes {
                Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            if sent <= 0 { return false }
            offset += sent
        }
        return true
    }

    @discardableResult
    func send(_ text: String) -> Bool { send(Array(text.utf8)) }

    /// Sends a request with a Content-Length body.
    func sendRequest(_ method: String, _ path: String, headers: [(String, String)] = [], body: [UInt8] = []) {
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if !body.isEmpty || method == "POST" { head += "Content-Length: \(body.count)\r\n" }
        head += "\r\n"
        send(Array(head.utf8) + body)
    }

    /// Reads one response; throws when the peer closes first or the read times out.
    func readResponse() throws -> TestResponse {
        while true {
            if let response = try parse() { return response }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count <= 0 {
                throw Failure(
                    description: count == 0 ? "connection closed before a response" : "read failed: errno \(errno)")
            }
            buffer += chunk[0..<count]
        }
    }

    /// Whether the server closed the connection (reads until EOF, reset or timeout).
    func isClosedByPeer() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count == 0 { return true }
            if count < 0 { return errno == ECONNRESET }
        }
    }

    private func parse() throws -> TestResponse? {
        guard let headerEnd = find([13, 10, 13, 10]) else { return nil }
        let head = String(decoding: buffer[0..<headerEnd], as: UTF8.self)
        var lines = head.split(separator: "\r\n", omittingEmptySubsequences: false).map(String.init)
        let statusLine = lines.removeFirst()
        let parts = statusLine.split(separator: " ")
        guard parts.count >= 2, let status = Int(parts[1]) else {
            throw Failure(description: "bad status line \(statusLine)")
        }
        var headers: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].lowercased()
            headers[name] = line[line.index(after: colon)...].trimmingSpaces
        }
        let bodyStart = headerEnd + 4
        if status == 100 {
            buffer.removeFirst(bodyStart)
            return try parse()
        }
        var body: [UInt8]
        if let length = headers["content-length"].flatMap({ Int($0) }) {
            guard buffer.count - bodyStart >= length else { return nil }
            body = Array(buffer[bodyStart..<bodyStart + length])
            buffer.removeFirst(bodyStart + length)
        } else if headers["transfer-encoding"]?.lowercased() == "chunked" {
            guard let (decoded, consumed) = decodeChunked(from: bodyStart) else { return nil }
            body = decoded
            buffer.removeFirst(consumed)
        } else {
            body = Array(buffer[bodyStart...])
            buffer.removeAll()
        }
        return TestResponse(status: status, headers: headers, body: body)
    }

    private func decodeChunked(from start: Int) -> ([UInt8], Int)? {
        var index = start
        var body: [UInt8] = []
        while true {
            guard let lineEnd = find([13, 10], from: index) else { return nil }
            let sizeText = String(decoding: buffer[index..<lineEnd], as: UTF8.self)
            guard let size = Int(sizeText.split(separator: ";")[0], radix: 16) else { return nil }
            index = lineEnd + 2
            if size == 0 {
                guard let end = find([13, 10], from: index) else { return nil }
                return (body, end + 2)
            }
            guard buffer.count >= index + size + 2 else { return nil }
            body += buffer[index..<index + size]
            index += size + 2
        }
    }

    private func find(_ pattern: [UInt8], from start: Int = 0) -> Int? {
        guard buffer.count >= pattern.count + start else { return nil }
        for index in start...(buffer.count - pattern.count) where buffer[index] == pattern[0] {
            if Array(buffer[index..<index + pattern.count]) == pattern { return index }
        }
        return nil
    }
}

/// One HTTP response as the test client read it.
struct TestResponse {
    var status: Int
    /// Lowercased header names.
    var headers: [String: String]
    var body: [UInt8]

    var text: String { String(decoding: body, as: UTF8.self) }
}

extension Substring {
    var trimmingSpaces: String {
        var text = self
        while text.first == " " { text.removeFirst() }
        while text.last == " " || text.last == "\r" { text.removeLast() }
        return String(text)
    }
}

/// Sends one request on a new connection and reads the response.
func httpRequest(
    port: Int, _ method: String, _ path: String, headers: [(String, String)] = [], body: [UInt8] = []
) throws -> TestResponse {
    let connection = try TestConnection(port: port)
    connection.sendRequest(method, path, headers: headers, body: body)
    return try connection.readResponse()
}
