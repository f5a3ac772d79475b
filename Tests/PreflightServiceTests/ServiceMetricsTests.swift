import Foundation
import PreflightCore
import PreflightHTTP
import Testing

@testable import PreflightService

/// `ServiceMetrics`: the series made at start, those outside the start tables, the exposition text.
@Suite struct ServiceMetricsTests {
    /// A route or status the tables made at start do not hold is still counted (under a
    /// lock), in the same series and histogram as the others.
    @Test func seriesOutsideTheStartTablesAreCounted() {
        let metrics = ServiceMetrics(version: "test", routes: ["/known"])
        let record = { (route: String, status: Int) in
            AccessRecord(
                requestID: "r", method: "GET", path: route, route: route, status: status, bytes: 0, duration: 0.002,
                startedAt: 0)
        }
        metrics.record(record("/known", 200))
        metrics.record(record("/known", 418))
        metrics.record(record("/added-later", 200))
        // Longer than every label named at start, and as long as one of them.
        metrics.record(record("/a-route-longer-than-every-label", 200))
        metrics.record(record("/other", 200))
        let text = metrics.render(ServiceMetrics.Gauges())
        #expect(text.contains(#"preflight_http_requests_total{route="/known",method="GET",status="200"} 1"#))
        #expect(text.contains(#"preflight_http_requests_total{route="/known",method="GET",status="418"} 1"#))
        #expect(text.contains(#"preflight_http_requests_total{route="/added-later",method="GET",status="200"} 1"#))
        #expect(
            text.contains(
                #"preflight_http_requests_total{route="/a-route-longer-than-every-label",method="GET",status="200"} 1"#)
        )
        #expect(text.contains(#"preflight_http_requests_total{route="/other",method="GET",status="200"} 1"#))
        #expect(text.contains(#"preflight_http_request_duration_seconds_count{route="/added-later"} 1"#))
        #expect(text.contains(#"preflight_http_request_duration_seconds_bucket{route="/known",le="0.0025"} 2"#))
    }

    /// A catalog code is counted in its own counter, found by its hash; a code the catalog does
    /// not list (a provider's, made from its name) under the lock; both come out in one series each.
    @Test func findingsAreCountedByCodeInAndOutsideTheCatalog() {
        let metrics = ServiceMetrics(version: "test", routes: [])
        let finding = { (code: FindingCode) in Finding(code, .info, path: nil, message: "m", fix: "f") }
        let payload = PayloadSummary(bytes: 10, limit: 4096, pushType: "alert")
        let unknown = FindingCode(rawValue: "provider.something")
        metrics.record(Report(findings: [finding(.alertTruncated), finding(unknown)], payload: payload))
        metrics.record(Report(findings: [finding(FindingCode(rawValue: "aps.alert.truncated"))], payload: payload))
        let text = metrics.render(ServiceMetrics.Gauges())
        #expect(text.contains(#"preflight_findings_total{code="aps.alert.truncated"} 2"#))
        #expect(text.contains(#"preflight_findings_total{code="provider.something"} 1"#))
        #expect(!text.contains(#"preflight_findings_total{code="aps.missing"}"#))
    }

    @Test func metricsCountRequestsByRouteAndStatus() throws {
        try withService { service in
            for _ in 0..<3 { _ = try httpRequest(port: service.port, "GET", "/healthz") }
            _ = try httpRequest(port: service.port, "GET", "/missing")
            let scrape = try httpRequest(port: service.port, "GET", "/metrics")
            #expect(scrape.status == 200)
            #expect(scrape.headers["content-type"] == "text/plain; version=0.0.4; charset=utf-8")
            let text = try metrics(
                port: service.port,
                containing: [#"preflight_http_requests_total{route="unmatched",method="GET",status="404"} 1"#])
            #expect(text.contains(#"preflight_http_requests_total{route="/healthz",method="GET",status="200"} 3"#))
            #expect(text.contains(#"preflight_http_requests_total{route="unmatched",method="GET",status="404"} 1"#))
            #expect(text.contains(#"preflight_http_request_duration_seconds_count{route="/healthz"} 3"#))
            // The scrape itself is in flight (an earlier one may still be finishing).
            let inFlight = text.split(separator: "\n").first { $0.hasPrefix("preflight_http_requests_in_flight ") }
            #expect(inFlight.flatMap { Int($0.split(separator: " ")[1]) }.map { $0 >= 1 } == true)
            #expect(text.contains("preflight_build_info{version=\"\(PreflightService.version)\"} 1"))
        }
    }

    /// The parked-request cap is exported beside the parked gauge: the configured figure, or
    /// three quarters of `server.max_connections` when it is 0 (the alert rules divide by it).
    @Test(arguments: [(maxParked: 0, exported: 3072), (7, 7)])
    func theParkedCapIsExported(maxParked: Int, exported: Int) throws {
        var configuration = testConfiguration()
        configuration.server.maxConnections = 4096
        configuration.server.maxParkedRequests = maxParked
        try withService(configuration) { service in
            let text = try httpRequest(port: service.port, "GET", "/metrics").text
            #expect(text.contains("# TYPE preflight_http_requests_parked_max gauge\n"))
            #expect(text.contains("\npreflight_http_requests_parked_max \(exported)\n"))
        }
    }

    @Test func promtoolAcceptsTheMetrics() throws {
        try withService { service in
            _ = try httpRequest(port: service.port, "GET", "/healthz")
            _ = try httpRequest(
                port: service.port, "POST", "/v1/preflight", body: Array(#"{"aps":{}}"#.utf8))
            let metrics = try httpRequest(port: service.port, "GET", "/metrics")
            let result = try runProcess("/usr/bin/promtool", ["check", "metrics"], input: metrics.body)
            #expect(result.status == 0, "promtool: \(result.output)")
        }
    }
}
