internal import CMicroHTTPD
internal import CPreflightShims

/// A response body lent to libmicrohttpd (`HTTPServer.makeResponse`).
final class BodyBox {
    let bytes: [UInt8]
    init(_ bytes: [UInt8]) { self.bytes = bytes }
}

/// libmicrohttpd frees a response made by `makeResponse`: the body's box is released.
private let releaseBody: MHD_ContentReaderFreeCallback = { cls in
    guard let cls else { return }
    Unmanaged<BodyBox>.fromOpaque(cls).release()
}

// MARK: - libmicrohttpd responses

extension HTTPServer {
    /// Adds `response`'s headers to `answer`, the request's id, and while draining
    /// `Connection: close` (keep-alive clients are told to go elsewhere so the drain can end);
    /// false when libmicrohttpd refuses one.
    func decorate(_ answer: OpaquePointer, like response: HTTPResponse, requestID: String) -> Bool {
        response.headers.allSatisfy { Self.addHeader(answer, $0.0, $0.1) }
            && Self.addHeader(answer, "X-Request-Id", requestID)
            && (!isDraining || Self.addHeader(answer, "Connection", "close"))
    }

    /// Adds a header to `response` without a C string made on the heap for each (Swift makes one
    /// for a short string passed as `const char *`); false when libmicrohttpd refuses it.
    static func addHeader(_ response: OpaquePointer, _ name: String, _ value: String) -> Bool {
        var name = name
        var value = value
        return name.withUTF8 { name in
            value.withUTF8 { value in
                name.withMemoryRebound(to: CChar.self) { name in
                    value.withMemoryRebound(to: CChar.self) { value in
                        CPreflightShims_MHD_add_header(
                            response, name.baseAddress, name.count, value.baseAddress, value.count)
                    }
                }
            }
        } == .YES
    }

    /// A libmicrohttpd response for one request, sending `body` where it is, with no copy and no
    /// box: `exchange` keeps the array until libmicrohttpd's completion callback releases the
    /// exchange. libmicrohttpd reads a response's bytes only while sending it, and calls the
    /// completion callback once the last byte is sent or the connection is closed, never before
    /// (0.9.75 `src/microhttpd/connection.c`: `MHD_CONNECTION_FOOTERS_SENT` and
    /// `MHD_connection_close_` call `notify_completed` after the send ends; destroying a
    /// `MHD_RESPMEM_PERSISTENT` response does not touch its bytes).
    static func makeResponse(_ body: [UInt8], keptBy exchange: Exchange) -> OpaquePointer? {
        exchange.responseBody = body
        guard !body.isEmpty else {
            return MHD_create_response_from_buffer(0, nil, .RESPMEM_PERSISTENT)
        }
        return exchange.responseBody.withUnsafeBufferPointer { bytes in
            // Valid after the closure: the exchange's reference keeps the storage, and nothing
            // mutates `responseBody` before the exchange is released.
            MHD_create_response_from_buffer(
                bytes.count, UnsafeMutableRawPointer(mutating: bytes.baseAddress), .RESPMEM_PERSISTENT)
        }
    }

    /// A libmicrohttpd response sending `body` where it is, without a copy: the array's storage
    /// is kept alive by a retained box until libmicrohttpd frees the response (the last
    /// connection sending it is done), which releases it.
    static func makeResponse(_ body: [UInt8]) -> OpaquePointer? {
        guard !body.isEmpty else {
            return MHD_create_response_from_buffer(0, nil, .RESPMEM_PERSISTENT)
        }
        let box = Unmanaged.passRetained(BodyBox(body))
        let response = box.takeUnretainedValue().bytes.withUnsafeBufferPointer { bytes in
            // The pointer stays valid after the closure: the box holds the only reference to the
            // array, which is never mutated, so its storage neither moves nor is freed.
            MHD_create_response_from_buffer_with_free_callback_cls(
                bytes.count, UnsafeMutableRawPointer(mutating: bytes.baseAddress), releaseBody, box.toOpaque())
        }
        if response == nil { box.release() }
        return response
    }
}
