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

    // MARK: - The admin listener

    func adminConfiguration() -> PreflightConfiguration {
        var configuration = testConfiguration()
        var admin = PreflightConfiguration.Listen()
        admin.port = 0
        configuration.server.adminListen = admin
        return configuration
    }

    /// 64 slow connections from 127.0.0.1 (a request line and one header line, never ended)
    /// take the admin listener's 8 per address, not its 64 slots: `/healthz` from 127.0.0.2
    /// still answers 200 (without a per-address limit the 64 take every slot and the probe's
    /// connection is closed unanswered).
    @Test func slowConnectionsFromOneAddressLeaveTheAdminListenerToOthers() throws {
        try withService(adminConfiguration()) { service in
            let adminPort = try #require(service.adminPort)
            var slow: [TestConnection] = []
            for _ in 0..<64 {
                let connection = try TestConnection(port: adminPort, timeoutSeconds: 5)
                connection.send("GET /healthz HTTP/1.1\r\nHost: x\r\n")
                slow.append(connection)
            }
            // Asked while the 64 are held (they stay for the 3 idle seconds; the probe waits 2).
            let probe = try TestConnection(port: adminPort, source: "127.0.0.2", timeoutSeconds: 2)
            probe.sendRequest("GET", "/healthz")
            let response = try probe.readResponse()
            #expect(response.status == 200)
            #expect(response.text == #"{"status":"ok"}"#)
            // The last of them was turned away: its address held its 8 already.
            #expect(slow[63].isClosedByPeer())
        }
    }

    /// A connection that sends part of its header block and then nothing is closed after the
    /// admin listener's 3 idle seconds: within the 5 s this client waits, not the API listener's 10 s.
    @Test func anIdleAdminConnectionIsClosedSoon() throws {
        try withService(adminConfiguration()) { service in
            let adminPort = try #require(service.adminPort)
            let connection = try TestConnection(port: adminPort, timeoutSeconds: 5)
            connection.send("GET /healthz HTTP/1.1\r\nHost: x\r\n")
            #expect(connection.isClosedByPeer())
        }
    }

    // MARK: - The request target

    /// An encoded NUL in the path or the query is 400 `bad-request`: libmicrohttpd cuts the
    /// decoded path there, so `/v1/preflight%00` would be served as `/v1/preflight`.
    @Test(arguments: ["/v1/preflight%00", "/v1/preflight%00.json", "/v1/preflight?fetch=false%00"])
    func anEncodedNULIsRefused(target: String) throws {
        try withService { service in
            let response = try httpRequest(
                port: service.port, "POST", target, body: Array(#"{"aps":{"alert":"a"}}"#.utf8))
            #expect(response.status == 400)
            #expect(response.errorCode == "bad-request")
        }
    }

    /// A query argument given twice is 400 `invalid-query` naming it: were the last value to
    /// win, `?fetch=false&fetch=true` would download.
    @Test(arguments: ["fetch=false&fetch=true", "fetch=true&fetch=true", "profile=a&fetch=false&profile=b"])
    func aRepeatedQueryArgumentIsRefused(query: String) throws {
        try withService { service in
            let response = try httpRequest(
                port: service.port, "POST", "/v1/preflight?" + query, body: Array(#"{"aps":{"alert":"a"}}"#.utf8))
            #expect(response.status == 400)
            #expect(response.errorCode == "invalid-query")
            let name = query.hasPrefix("profile") ? "profile" : "fetch"
            let message = response.json?["error"]?["message"]?.string ?? ""
            #expect(message.contains("\"\(name)\" is given more than once"), "\(message)")
        }
    }
}
