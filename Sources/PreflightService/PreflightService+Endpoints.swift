import PreflightCore
import PreflightFetch
import PreflightHTTP

extension PreflightService {
    static func makeRouter(
        metrics: ServiceMetrics, probe: PreflightProbe, apiKeys: APIKeyCheck, readiness: Readiness,
        cache: MediaProbeCache?, fetcher: MediaFetcher?, batchBodyBytes: Int
    ) -> Router {
        var router = Router()
        router.add("GET", "/healthz", sync: { _ in .json(200, #"{"status":"ok"}"#) })
        router.add("GET", "/readyz") { _, responder in
            responder.respond(
                readiness.isDraining ? .json(503, #"{"status":"draining"}"#) : .json(200, #"{"status":"ready"}"#))
        }
        router.add("GET", "/metrics") { _, responder in
            var gauges = ServiceMetrics.Gauges()
            gauges.inFlight = readiness.inFlight
            gauges.cache = cache?.statistics
            if let load = fetcher?.load {
                gauges.downloadsActive = load.active
                gauges.downloadsQueued = load.queued
            }
            var response = HTTPResponse(status: 200, body: Array(metrics.render(gauges).utf8))
            response.headers = [("Content-Type", "text/plain; version=0.0.4; charset=utf-8")]
            responder.respond(response)
        }
        let openAPI = OpenAPIDocument.response
        router.add("GET", "/openapi.json", sync: { _ in openAPI })
        router.add("POST", "/v1/preflight") { request, responder in
            if let denied = authenticate(request, apiKeys) { return responder.respond(denied) }
            preflight(request, probe: probe, metrics: metrics, responder: responder)
        }
        router.add("POST", "/v1/preflight/batch", maxBodyBytes: batchBodyBytes) { request, responder in
            if let denied = authenticate(request, apiKeys) { return responder.respond(denied) }
            batch(request, probe: probe, metrics: metrics, responder: responder)
        }
        return router
    }

    /// The 401 answer when `/v1/*` needs a key and the request has none that matches.
    static func authenticate(_ request: HTTPRequest, _ apiKeys: APIKeyCheck) -> HTTPResponse? {
        if apiKeys.allows(authorization: request.header("authorization")) { return nil }
        var response = HTTPResponse.error(
            401, code: "unauthorized", message: "send Authorization: Bearer <key> with one of auth.api_keys")
        response.headers.append(("WWW-Authenticate", "Bearer"))
        return response
    }

    /// A 400 answer for a bad query.
    struct QueryError: Error {
        var response: HTTPResponse
    }

    /// The `fetch` query argument: absent or true downloads, false does not.
    static func fetchMode(_ request: HTTPRequest) -> Result<Bool, QueryError> {
        switch request.query["fetch"] {
        case nil, "true", "1": .success(true)
        case "false", "0": .success(false)
        case let other?:
            .failure(
                QueryError(
                    response: .error(
                        400, code: "invalid-query", message: "fetch must be true or false, got \"\(other)\"")))
        }
    }

    static func preflight(
        _ request: HTTPRequest, probe: PreflightProbe, metrics: ServiceMetrics, responder: Responder
    ) {
        let fetch: Bool
        switch fetchMode(request) {
        case .success(let mode): fetch = mode
        case .failure(let error): return responder.respond(error.response)
        }
        probe.run(body: request.body, headers: APNsHeaders(lowercased: request.headers), fetch: fetch) { report in
            metrics.record(report)
            responder.respond(.json(report.verdict == .fail ? 422 : 200, bytes: report.jsonBytes))
        }
    }
}
