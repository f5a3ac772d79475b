import PreflightHTTP
import Testing

/// The HTTP layer joins a repeated header's values and says which names were repeated; what a
/// repeat means is the product's business.
@Suite struct HTTPRequestTests {
    @Test func repeatedNamesAreExposedWhateverTheirCase() throws {
        var router = Router()
        router.add(
            "GET", "/headers",
            sync: { request in
                let names = request.repeatedHeaders.sorted().joined(separator: " ")
                return .json(200, "\"\(names)|\(request.headers["x-a"] ?? "-")\"")
            })
        try withServer(router: router) { server in
            let connection = try TestConnection(port: server.port)
            connection.send("GET /headers HTTP/1.1\r\nHost: x\r\nX-A: 1\r\nx-a: 2\r\nX-B: 3\r\nx-a: 4\r\n\r\n")
            let repeated = try connection.readResponse()
            #expect(repeated.status == 200)
            #expect(repeated.text == "\"x-a|1, 2, 4\"")
            connection.send("GET /headers HTTP/1.1\r\nHost: x\r\nX-A: 1\r\n\r\n")
            #expect(try connection.readResponse().text == "\"|1\"")
        }
    }
}
