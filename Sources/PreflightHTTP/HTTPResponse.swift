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
        var text = "{\"error\":{\"code\":"
        appendQuoted(code, to: &text)
        text += ",\"message\":"
        appendQuoted(message, to: &text)
        text += "}}"
        return json(status, text)
    }

    private static func appendQuoted(_ string: String, to text: inout String) {
        text += "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case _ where scalar.value < 0x20:
                text += "\\u00" + (scalar.value < 0x10 ? "0" : "") + String(scalar.value, radix: 16)
            default: text.unicodeScalars.append(scalar)
            }
        }
        text += "\""
    }
}
