import Glibc
import PreflightCore
import PreflightService
import Testing

/// Reports written into the buffer a kept-alive connection keeps from its last answer: each
/// answer is byte for byte the one a fresh connection gets, whatever came before it.
@Suite struct PreflightEndpointKeptBufferTests {
    /// A push with 30 unknown `aps` keys: ten findings kept, the rest counted, a report of a few KiB.
    static let large: [UInt8] = {
        let keys = (0..<30).map { #""unknown-key-\#($0)":1"# }.joined(separator: ",")
        return Array(
            #"{"aps":{"alert":"a","mutable-content":1,\#(keys)},"image":"https://cdn.example.com/a.jpg"}"#.utf8)
    }()
    static let small = Array(
        #"{"aps":{"alert":{"title":"Sale","body":"50% off"},"mutable-content":1},"image":"https://cdn.example.com/a.jpg"}"#
            .utf8)
    static let headers = [("apns-push-type", "alert")]

    /// The answer a new connection gets for `body`: nothing kept from an earlier request.
    private static func fresh(_ service: PreflightService, _ body: [UInt8]) throws -> TestResponse {
        try httpRequest(port: service.port, "POST", "/v1/preflight?fetch=false", headers: headers, body: body)
    }

    @Test func aSmallReportAfterALargeOneIsTheOneAFreshConnectionGets() throws {
        try withService { service in
            let expectedLarge = try Self.fresh(service, Self.large)
            let expectedSmall = try Self.fresh(service, Self.small)
            #expect(expectedLarge.body.count > 2 * expectedSmall.body.count)
            #expect(expectedSmall.json?["verdict"]?.string == "pass")
            let connection = try TestConnection(port: service.port)
            for body in [Self.large, Self.small, Self.large, Self.small] {
                connection.sendRequest("POST", "/v1/preflight?fetch=false", headers: Self.headers, body: body)
                let response = try connection.readResponse()
                let expected = body == Self.large ? expectedLarge : expectedSmall
                #expect(response.status == expected.status)
                #expect(response.body == expected.body)
                #expect(response.headers["content-length"] == String(expected.body.count))
            }
        }
    }

    @Test func pipelinedRequestsEachGetTheirOwnReport() throws {
        try withService { service in
            let expected = [try Self.fresh(service, Self.large), try Self.fresh(service, Self.small)]
            let connection = try TestConnection(port: service.port)
            var both: [UInt8] = []
            for body in [Self.large, Self.small, Self.large, Self.small] {
                var head = "POST /v1/preflight?fetch=false HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                head += "apns-push-type: alert\r\nContent-Length: \(body.count)\r\n\r\n"
                both += Array(head.utf8) + body
            }
            // Four requests in one write: libmicrohttpd reads the next from what follows the last.
            #expect(connection.send(both))
            for index in 0..<4 {
                let response = try connection.readResponse()
                #expect(response.body == expected[index % 2].body, "answer \(index)")
            }
        }
    }
}
