internal import Glibc

extension ExchangeStateMachine {
    /// The answer for a request target that cannot be read one way only, or nil: a `%00`
    /// (libmicrohttpd decodes it and the path or value ends there, so `/v1/preflight%00` would
    /// be served as `/v1/preflight`), or a query argument given twice (libmicrohttpd lists both;
    /// a framework that keeps the first would read another request than one keeping the last).
    static func targetRefusal(_ head: RequestHead) -> HTTPResponse? {
        if hasEncodedNUL(head.target) {
            var response = HTTPResponse.error(
                400, code: "bad-request", message: "the request target holds an encoded NUL byte (%00)")
            response.headers.append(("Connection", "close"))
            return response
        }
        if let name = head.repeatedQuery {
            let shown = name.unicodeScalars.prefix(64).map { $0.value < 0x20 || $0.value == 0x7F ? "?" : String($0) }
            return .error(
                400, code: "invalid-query",
                message: "the query argument \"\(shown.joined())\" is given more than once; give it once")
        }
        return nil
    }

    /// Whether `target` holds `%00`: each `%` found by `memchr`, a few instructions for a short
    /// target where a loop over the array's elements took some ten a byte.
    static func hasEncodedNUL(_ target: [UInt8]) -> Bool {
        target.withUnsafeBufferPointer { bytes in
            guard let base = bytes.baseAddress else { return false }
            var from = 0
            while from + 3 <= bytes.count, let found = memchr(base + from, Int32(UInt8(ascii: "%")), bytes.count - from)
            {
                let at = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                if at + 2 < bytes.count, bytes[at + 1] == UInt8(ascii: "0"), bytes[at + 2] == UInt8(ascii: "0") {
                    return true
                }
                from = at + 1
            }
            return false
        }
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
