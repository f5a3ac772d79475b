import Glibc

/// `preflight healthcheck [--host H] [--port N]`: exits 0 when `GET /healthz` answers 200
/// within two seconds, 1 otherwise. For container health checks, without curl in the image.
enum HealthcheckCommand {
    static func run(_ arguments: [String]) -> Int32 {
        var host = "127.0.0.1"
        var port = 8080
        var index = 0
        while index < arguments.count {
            switch arguments[index] {
            case "--host" where index + 1 < arguments.count:
                host = arguments[index + 1]
            case "--port" where index + 1 < arguments.count:
                guard let value = Int(arguments[index + 1]), (1...65535).contains(value) else {
                    printError("preflight: --port: expected a port number, got \"\(arguments[index + 1])\"")
                    return 2
                }
                port = value
            default:
                printError("preflight: healthcheck: unknown argument \(arguments[index])")
                return 2
            }
            index += 2
        }
        guard let status = healthStatus(host: host, port: port) else {
            printError("preflight: healthcheck: no answer from \(host):\(port)")
            return 1
        }
        if status != 200 { printError("preflight: healthcheck: /healthz answered \(status)") }
        return status == 200 ? 0 : 1
    }

    /// The status of `GET /healthz`, nil when there is no answer in time.
    private static func healthStatus(host: String, port: Int) -> Int? {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        guard inet_pton(AF_INET, host, &address.sin_addr) == 1 else { return nil }
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var timeout = timeval(tv_sec: 2, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
        guard connected else { return nil }
        let request = Array("GET /healthz HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n\r\n".utf8)
        guard send(descriptor, request, request.count, Int32(MSG_NOSIGNAL)) == request.count else { return nil }
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = recv(descriptor, &buffer, buffer.count, 0)
        guard count >= 12 else { return nil }
        // "HTTP/1.1 200 ..."
        return Int(String(decoding: buffer[9..<12], as: UTF8.self))
    }
}
