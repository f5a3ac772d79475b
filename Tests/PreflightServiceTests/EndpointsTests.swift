import PreflightCore
import PreflightHTTP
import Testing

@testable import PreflightService

/// `Endpoints`: which routes each listener gets, and the key check in front of `/v1/*`.
@Suite struct EndpointsTests {
    func endpoints(keys: [String] = []) -> Endpoints {
        let configuration = PreflightConfiguration()
        return Endpoints(
            metrics: ServiceMetrics(version: PreflightService.version, routes: PreflightService.routePaths),
            check: PreflightCheck(configuration: configuration, media: nil), apiKeys: APIKeyCheck(keys: keys),
            readiness: Readiness(), cache: nil, fetcher: nil, accessLog: nil, batchBodyBytes: 1024)
    }

    @Test func theAPIListenerServesEveryRoute() {
        #expect(endpoints().makeRouter().paths == PreflightService.routePaths.sorted())
    }

    @Test func theAdminListenerServesTheHealthProbesAndMetricsAlone() {
        #expect(endpoints().makeAdminRouter().paths == ["/healthz", "/metrics", "/readyz"])
    }

    @Test func aRequestWithoutTheKeyIsRefusedWith401() throws {
        let request = HTTPRequest(method: "POST", path: "/v1/preflight", headers: ["authorization": "Bearer wrong"])
        let refused = try #require(Endpoints.authenticate(request, APIKeyCheck(keys: ["secret"])))
        #expect(refused.status == 401)
        #expect(refused.headers.contains { $0.0 == "WWW-Authenticate" && $0.1 == "Bearer" })
        #expect(
            String(decoding: refused.body, as: UTF8.self)
                == #"{"error":{"code":"unauthorized","message":"send Authorization: Bearer <key> with one of auth.api_keys"}}"#
        )
        let allowed = HTTPRequest(method: "POST", path: "/v1/preflight", headers: ["authorization": "Bearer secret"])
        #expect(Endpoints.authenticate(allowed, APIKeyCheck(keys: ["secret"])) == nil)
    }
}
