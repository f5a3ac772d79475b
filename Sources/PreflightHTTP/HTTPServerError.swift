/// Why the server could not start.
public struct HTTPServerError: Error, Sendable, CustomStringConvertible {
    private enum Code: Sendable {
        case invalidAddress
        case startFailed
        case alreadyStarted
    }

    private let code: Code
    public let message: String

    private init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }

    static func invalidAddress(_ host: String) -> HTTPServerError {
        HTTPServerError(.invalidAddress, "listen.host \"\(host)\" is not a numeric IPv4 or IPv6 address")
    }

    static func startFailed(_ host: String, _ port: Int) -> HTTPServerError {
        HTTPServerError(.startFailed, "cannot listen on \(host):\(port) (address in use, or not permitted)")
    }

    static let alreadyStarted = HTTPServerError(.alreadyStarted, "the server is already started")
}
