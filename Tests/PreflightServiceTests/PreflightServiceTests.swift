import Dispatch
import Foundation
import Glibc
import PreflightCore
import PreflightHTTP
import Testing

@testable import PreflightService

/// `PreflightService` over real HTTP: the health probes, the drain, the OpenAPI document, the keys.
@Suite struct PreflightServiceTests {
    @Test func healthAndReadiness() throws {
        try withService { service in
            let health = try httpRequest(port: service.port, "GET", "/healthz")
            #expect(health.status == 200)
            #expect(health.text == #"{"status":"ok"}"#)
            let ready = try httpRequest(port: service.port, "GET", "/readyz")
            #expect(ready.status == 200)
            #expect(ready.text == #"{"status":"ready"}"#)
        }
    }

    @Test func readinessTurnsToDrainingAndInFlightRequestsFinish() throws {
        let service = try PreflightService(configuration: testConfiguration(), accessLogDescriptor: nil)
        try service.start()
        let port = service.port
        // A keep-alive connection opened before shutdown can still ask; new ones are refused.
        let probe = try TestConnection(port: port)
        probe.sendRequest("GET", "/readyz")
        #expect(try probe.readResponse().status == 200)

        // A request in flight: headers and half of the body sent.
        let body = Array(#"{"aps":{"alert":"hi","mutable-content":1},"image":"https://cdn.example.com/a.jpg"}"#.utf8)
        let slow = try TestConnection(port: port)
        slow.send("POST /v1/preflight?fetch=false HTTP/1.1\r\nHost: x\r\nContent-Length: \(body.count)\r\n\r\n")
        slow.send(Array(body[0..<10]))
        let probeDeadline = ContinuousClock.now + .seconds(5)
        // Scrapes on one keep-alive connection: each is the only one of its own in flight,
        // so two means the slow request is in.
        while ContinuousClock.now < probeDeadline {
            probe.sendRequest("GET", "/metrics")
            if try probe.readResponse().text.contains("preflight_http_requests_in_flight 2\n") { break }
            usleep(1000)
        }

        let stopped = Gate()
        DispatchQueue.global().async {
            service.shutdown()
            stopped.open()
        }
        // Readiness turns as soon as shutdown begins.
        var draining = try readyz(on: probe)
        let drainDeadline = ContinuousClock.now + .seconds(5)
        while draining.status == 200, ContinuousClock.now < drainDeadline {
            usleep(2000)
            draining = try readyz(on: probe)
        }
        #expect(draining.status == 503)
        #expect(draining.text == #"{"status":"draining"}"#)
        #expect(draining.headers["connection"] == "close")
        // A new connection is closed unserved.
        #expect(throws: (any Error).self) { _ = try httpRequest(port: port, "GET", "/healthz") }

        slow.send(Array(body[10...]))
        let finished = try slow.readResponse()
        #expect(finished.status == 200)
        #expect(finished.json?["verdict"]?.string == "pass")
        #expect(stopped.wait())
    }

    private func readyz(on connection: TestConnection) throws -> TestResponse {
        connection.sendRequest("GET", "/readyz")
        return try connection.readResponse()
    }

    /// The metric series are made at start from `routePaths`; a route missing there
    /// would still be counted, but under a lock.
    @Test func everyRouteHasItsSeriesMadeAtStart() throws {
        var configuration = testConfiguration()
        var admin = PreflightConfiguration.Listen()
        admin.port = 0
        configuration.server.adminListen = admin
        let service = try PreflightService(configuration: configuration, accessLogDescriptor: nil)
        #expect(service.servedPaths == Set(PreflightService.routePaths))
    }

    @Test func servesTheCommittedOpenAPIDocument() throws {
        try withService { service in
            let response = try httpRequest(port: service.port, "GET", "/openapi.json")
            #expect(response.status == 200)
            #expect(response.headers["content-type"] == "application/json")
            let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent()
            let committed = try Data(
                contentsOf: root.appendingPathComponent("Sources/PreflightService/Resources/openapi.json"))
            #expect(response.body == Array(committed))
            #expect(response.json?["openapi"]?.string == "3.1.0")
        }
    }

    @Test func bearerKeysGuardTheAPIButNotHealth() throws {
        var configuration = testConfiguration()
        configuration.auth.apiKeys = ["k-one", "k-two"]
        try withService(configuration) { service in
            let body = Array(#"{"aps":{"alert":"a","mutable-content":1},"image":"https://x.example/a.png"}"#.utf8)
            let anonymous = try httpRequest(port: service.port, "POST", "/v1/preflight?fetch=false", body: body)
            #expect(anonymous.status == 401)
            #expect(anonymous.errorCode == "unauthorized")
            let wrong = try httpRequest(
                port: service.port, "POST", "/v1/preflight?fetch=false", headers: [("Authorization", "Bearer k-on")],
                body: body)
            #expect(wrong.status == 401)
            let basic = try httpRequest(
                port: service.port, "POST", "/v1/preflight?fetch=false", headers: [("Authorization", "Basic k-two")],
                body: body)
            #expect(basic.status == 401)
            let right = try httpRequest(
                port: service.port, "POST", "/v1/preflight?fetch=false", headers: [("Authorization", "Bearer k-two")],
                body: body)
            #expect(right.status == 200)
            #expect(try httpRequest(port: service.port, "GET", "/healthz").status == 200)
            #expect(try httpRequest(port: service.port, "GET", "/metrics").status == 200)
        }
    }
}
