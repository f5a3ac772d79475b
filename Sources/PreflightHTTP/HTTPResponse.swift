/// A complete response: status, headers and the body bytes.
public struct HTTPResponse: Sendable {
    public var status: Int
    public var headers: [(String, String)]
    public var body: [UInt8]
    /// When set, the body is this file's bytes instead of `body`.
    /// (Spelled `Optional`: initialized once, with no implicit nil to assign over first.)
    public var file: Optional<ResponseFile>

    public init(status: Int, headers: [(String, String)] = [], body: [UInt8] = [], file: ResponseFile? = nil) {
        self.status = status
        self.headers = headers
        self.body = body
        self.file = file
    }

    /// A JSON response from already encoded text.
    public static func json(_ status: Int, _ text: String) -> HTTPResponse {
        json(status, bytes: Array(text.utf8))
    }

    /// A JSON response from already encoded bytes.
    public static func json(_ status: Int, bytes: [UInt8]) -> HTTPResponse {
        HTTPResponse(status: status, headers: [("Content-Type", "application/json")], body: bytes)
    }

    /// The protocol error body: `{"error":{"code":"...","message":"..."}}`.
    ///
    /// Written here rather than with the product's JSON writer: the HTTP layer knows nothing
    /// of the product, and two strings are all it ever writes.
    public static func error(_ status: Int, code: String, message: String) -> HTTPResponse {
        var body: [UInt8] = []
        body.reserveCapacity(48 + code.utf8.count + message.utf8.count)
        body += #"{"error":{"code":"#.utf8
        appendJSONString(code, to: &body)
        body += #","message":"#.utf8
        appendJSONString(message, to: &body)
        body += "}}".utf8
        return json(status, bytes: body)
    }

    /// `text` as a JSON string literal (RFC 8259 section 7: quote, backslash and control characters escaped).
    static func appendJSONString(_ text: String, to bytes: inout [UInt8]) {
        let hex = Array("0123456789abcdef".utf8)
        bytes.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes += #"\""#.utf8
            case UInt8(ascii: "\\"): bytes += #"\\"#.utf8
            case UInt8(ascii: "\n"): bytes += #"\n"#.utf8
            case UInt8(ascii: "\r"): bytes += #"\r"#.utf8
            case UInt8(ascii: "\t"): bytes += #"\t"#.utf8
            case 0..<0x20:
                bytes += #"\u00"#.utf8
                bytes.append(hex[Int(byte >> 4)])
                bytes.append(hex[Int(byte & 0xF)])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
