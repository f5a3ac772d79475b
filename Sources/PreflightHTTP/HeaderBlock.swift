/// The checks on a request's header block that libmicrohttpd 0.9.75 does not make: what it
/// reads leniently could be framed differently by a proxy in front (request smuggling), or hide
/// a header from the product. Each refusal closes the connection.
///
/// Seen with 0.9.75: two different `Content-Length`s (the first wins, the rest of the body is
/// read as a second request); `Content-Length : 69` (a header named "Content-Length " that
/// frames nothing); an obs-folded line (its text is glued to the header's *name*: a folded
/// `Content-Length` frames nothing, a folded `X-Request-Id` becomes `X-Request-Idextra`);
/// `Transfer-Encoding: gzip` (never answered); a NUL in a value (cut there); HTTP/1.1 without
/// `Host` (served).
enum HeaderBlock {
    /// What is wrong with one header's name, or nil: `name` is its bytes as sent, `position`
    /// where `headers` stored it. A name under the configured reserved prefix that the family
    /// does not define is refused: a misspelling, or a folded line, would otherwise be silently
    /// ignored. `headers` and `reserved` are `inout` only to be read in place: the server's
    /// table and family are reached through a pointer, and passed by value each was copied for
    /// every header (four retains for the table, one for the family).
    static func problem(
        name: UnsafeRawBufferPointer, at position: Int, in headers: inout HeaderFields,
        reserved: inout ReservedHeaders?
    ) -> String? {
        guard !name.isEmpty, name.allSatisfy(isTokenByte) else {
            let text = String(decoding: name, as: UTF8.self)
            return "the header name \(quoted(text)) is not a token (whitespace before the colon, or a folded line)"
        }
        // Asked through the optional in place: `if let` bound a copy, a retain of the table every
        // worker shares for each header of each request.
        if reserved?.refuses(position, in: headers) == true, let kind = reserved?.kind {
            return "\(quoted(String(decoding: name, as: UTF8.self))) is not \(kind) (a misspelling, or a folded line)"
        }
        return nil
    }

    /// The problem of a header line that `lineEnds` finds cut short.
    static let cutLine = "a header line is cut short: a NUL byte inside a value, or a folded line"

    /// Whether the header value ending at `end` (the NUL libmicrohttpd wrote over its CR or LF)
    /// is followed by the next header's name at `next`, one or two bytes on, or (for the last
    /// header) by the rest of the line end. Anything else is the rest of a line cut by a NUL.
    static func lineEnds(at end: UnsafeRawPointer, before next: UnsafePointer<CChar>?) -> Bool {
        if let next {
            let gap = UnsafeRawPointer(next) - end
            return gap == 1 || gap == 2
        }
        let following = end.load(fromByteOffset: 1, as: UInt8.self)
        return following == 0 || following == 0x0D || following == 0x0A
    }

    /// The answer for a request whose framing or headers cannot be trusted, or nil. `length` is
    /// the request's `Content-Length` (its repeats joined), looked up once by the caller.
    static func refusal(
        method: String, version: String, headers: HeaderFields, length: String?, problem: String?
    ) -> HTTPResponse? {
        if let problem { return badRequest(problem) }
        if let length, hasComma(length) {
            let values = Set(length.split(separator: ",").map { $0.trimmingSpaces })
            if values.count > 1 {
                return badRequest("Content-Length is sent more than once with different values (\(length))")
            }
        }
        let coding = headers[.transferEncoding]
        if let coding {
            guard coding.lowercased() == "chunked" else {
                var response = HTTPResponse.error(
                    501, code: "unsupported-transfer-coding",
                    message: "Transfer-Encoding \(quoted(coding)) is not supported; send chunked, or a Content-Length")
                response.headers.append(("Connection", "close"))
                return response
            }
            if length != nil { return badRequest("Content-Length and Transfer-Encoding are both sent") }
        }
        if version == "HTTP/1.1" {
            guard let hostHasComma = headers.valueHasComma(.host) else {
                return badRequest("an HTTP/1.1 request needs a Host header")
            }
            if hostHasComma { return badRequest("Host is sent more than once") }
        }
        let hasBody = method == "POST" || method == "PUT" || method == "PATCH"
        if hasBody, length == nil, coding == nil {
            return badRequest(
                "a \(method) needs Content-Length or Transfer-Encoding: chunked (a folded Content-Length frames nothing)"
            )
        }
        return nil
    }

    /// Whether `value` has a comma, looked for among its bytes: `String.contains` walks
    /// characters, and even `utf8.contains` costs some 30 instructions a byte, on every request.
    /// `withUTF8` of a copy, not `withContiguousStorageIfAvailable`: a small string's bytes are
    /// copied out either way, and the copy is the cheaper road to them.
    private static func hasComma(_ value: String) -> Bool {
        var value = value
        return value.withUTF8 { $0.contains(UInt8(ascii: ",")) }
    }

    private static func badRequest(_ message: String) -> HTTPResponse {
        var response = HTTPResponse.error(400, code: "bad-request", message: message)
        response.headers.append(("Connection", "close"))
        return response
    }

    /// RFC 9110 section 5.6.2: tchar.
    static func isTokenByte(_ byte: UInt8) -> Bool {
        // RFC 9110 5.6.2's tchar (DIGIT, ALPHA and "!#$%&'*+-.^_`|~") as a bit per ASCII byte:
        // bytes 0-63 in the low mask, 64-127 in the high one. One shift and test per byte; a
        // search of the symbols' string cost more than a hundred instructions for each `-` of
        // every header name. `ReservedHeadersTests` checks the masks against the definition.
        let low: UInt64 = 0x03FF_6CFA_0000_0000
        let high: UInt64 = 0x57FF_FFFF_C7FF_FFFE
        switch byte {
        case 0..<64: return low & (1 << UInt64(byte)) != 0
        case 64..<128: return high & (1 << UInt64(byte - 64)) != 0
        default: return false
        }
    }

    /// A header name or value for a message: quoted, control bytes shown as `\u{..}`, at most 64 characters.
    private static func quoted(_ text: String) -> String {
        let shown = text.unicodeScalars.prefix(64).map { scalar in
            scalar.value < 0x20 || scalar.value == 0x7F ? "\\u{\(String(scalar.value, radix: 16))}" : String(scalar)
        }.joined()
        return "\"" + shown + (text.unicodeScalars.count > 64 ? "..." : "") + "\""
    }
}

extension Substring {
    /// Without leading and trailing spaces and tabs.
    var trimmingSpaces: String {
        var text = self
        while text.first == " " || text.first == "\t" { text.removeFirst() }
        while text.last == " " || text.last == "\t" { text.removeLast() }
        return String(text)
    }
}
