import PreflightCore

/// A complete response: status, headers and the body bytes.
public struct HTTPResponse: Sendable {
    public var status: Int
    public var headers: [(String, String)]
    public var body: [UInt8]

    public init(status: Int, headers: [(String, String)] = [], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A JSON response from already encoded text.
    public static func json(_ status: Int, _ text: String) -> HTTPResponse {
        json(status, bytes: Array(text.utf8))
    }

    /// A JSON response from already encoded bytes.
    public static func json(_ status: Int, bytes: [UInt8]) -> HTTPResponse {
        HTTPResponse(status: status, headers: [("Content-Type", "application/json")], body: bytes)
    }

    /// The protocol error body of DESIGN.md: `{"error":{"code":"...","message":"..."}}`.
    public static func error(_ status: Int, code: String, message: String) -> HTTPResponse {
        var writer = JSONWriter(capacity: 128)
        writer.object { body in
            body.key("error")
            body.object { error in
                error.field("code", code)
                error.field("message", message)
            }
        }
        return json(status, bytes: writer.bytes)
    }
}
