extension ExchangeStateMachine {
    /// The answer for a request target that cannot be read one way only, or nil: a `%00`
    /// (libmicrohttpd decodes it and the path or value ends there, so `/v1/preflight%00` would
    /// be served as `/v1/preflight`), or a query argument given twice (libmicrohttpd lists both;
    /// a framework that keeps the first would read another request than one keeping the last).
    static func targetRefusal(_ head: RequestHead) -> HTTPResponse? {
        // A window of the last three bytes, over the target's bytes as the exchange keeps them.
        var last: (UInt8, UInt8) = (0, 0)
        for byte in head.target {
            if last == (UInt8(ascii: "%"), UInt8(ascii: "0")) && byte == UInt8(ascii: "0") {
                var response = HTTPResponse.error(
                    400, code: "bad-request", message: "the request target holds an encoded NUL byte (%00)")
                response.headers.append(("Connection", "close"))
                return response
            }
            last = (last.1, byte)
        }
        if let name = head.repeatedQuery {
            let shown = name.unicodeScalars.prefix(64).map { $0.value < 0x20 || $0.value == 0x7F ? "?" : String($0) }
            return .error(
                400, code: "invalid-query",
                message: "the query argument \"\(shown.joined())\" is given more than once; give it once")
        }
        return nil
    }

    /// A client's request id is echoed when it is short and plain; otherwise one is made.
    static func acceptableRequestID(_ value: String?) -> String? {
        guard let value, !value.isEmpty, value.utf8.count <= 128 else { return nil }
        let plain = value.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".")
                || byte == UInt8(ascii: ":")
        }
        return plain ? value : nil
    }
}
