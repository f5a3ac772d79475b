import Dispatch
import Foundation
import Glibc
import PreflightCore
import PreflightHTTP
import PreflightService
import Testing

/// What a stranger can hold on the listeners before the server knows whether to serve them:
/// bodies before the key check, the admin listener's connections, the request target.
@Suite(.serialized) struct ServerAdmissionTests {
    // MARK: - API keys are checked on the headers

    /// With auth on, a request without a key that announces a 1 MiB batch body is answered 401
    /// on its headers alone: the test sends no body byte, so any other answer than 401 (or
    /// none until the connection timeout, as when the key was checked once the whole body had
    /// arrived) fails. The connection is then closed: the body is never read.
    @Test(arguments: [nil, "Bearer wrong-key"])
    func aRequestWithoutTheKeyIsRefusedBeforeItsBody(authorization: String?) throws {
        var configuration = testConfiguration()
        configuration.auth.apiKeys = ["admission-key"]
        configuration.server.maxBatchBodyBytes = 2 << 20
        try withService(configuration) { service in
            let connection = try TestConnection(port: service.port, timeoutSeconds: 5)
            var head = "POST /v1/preflight/batch HTTP/1.1\r\nHost: x\r\nContent-Length: \(1 << 20)\r\n"
            if let authorization { head += "Authorization: \(authorization)\r\n" }
            connection.send(head + "\r\n")
            let response = try connection.readResponse()
            #expect(response.status == 401)
            #expect(response.errorCode == "unauthorized")
            #expect(response.headers["www-authenticate"] == "Bearer")
            #expect(connection.isClosedByPeer())

            // The same request with the key is let through to its body.
            let body = Array(#"{"items":[{"payload":{"aps":{"alert":"a","mutable-content":1}}}]}"#.utf8)
            let allowed = try httpRequest(
                port: service.port, "POST", "/v1/preflight/batch?fetch=false",
                headers: [("Authorization", "Bearer admission-key")], body: body)
            #expect(allowed.status == 200)
        }
    }
}
