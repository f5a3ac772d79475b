public import PreflightCore
import PreflightHTTP

extension PreflightService {
    static func makeRouter(
        metrics: ServiceMetrics, inspector: PayloadInspector, apiKeys: APIKeyCheck, readiness: Readiness
    ) -> Router {
        var router = Router()
        router.add("GET", "/healthz", sync: { _ in .json(200, #"{"status":"ok"}"#) })
        router.add("GET", "/readyz") { _, responder in
            responder.respond(
                readiness.isDraining ? .json(503, #"{"status":"draining"}"#) : .json(200, #"{"status":"ready"}"#))
        }
        router.add("GET", "/metrics") { _, responder in
            var response = HTTPResponse(status: 200, body: Array(metrics.render(inFlight: readiness.inFlight).utf8))
            response.headers = [("Content-Type", "text/plain; version=0.0.4; charset=utf-8")]
            responder.respond(response)
        }
        router.add("POST", "/v1/preflight") { request, responder in
            if let denied = authenticate(request, apiKeys) { return responder.respond(denied) }
            responder.respond(preflight(request, inspector: inspector, metrics: metrics))
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

    static func preflight(_ request: HTTPRequest, inspector: PayloadInspector, metrics: ServiceMetrics) -> HTTPResponse
    {
        let fetchRequested: Bool
        switch request.query["fetch"] {
        case nil, "true", "1": fetchRequested = inspector.configuration.fetch.enabled
        case "false", "0": fetchRequested = false
        case let other?:
            return .error(400, code: "invalid-query", message: "fetch must be true or false, got \"\(other)\"")
        }
        let inspection = inspector.inspect(body: request.body, headers: APNsHeaders(lowercased: request.headers))
        var report = inspection.report
        if let media = inspection.media {
            report.findings.append(notFetched(media, requested: fetchRequested))
        }
        metrics.record(verdict: report.verdict.rawValue, findingCodes: report.findings.map(\.code.rawValue))
        return .json(report.verdict == .fail ? 422 : 200, bytes: report.jsonBytes)
    }

    /// Says plainly that the media was not downloaded, and why.
    public static func notFetched(_ media: MediaReference, requested: Bool) -> Finding {
        let reason =
            requested
            ? "this build does not download media yet, so only the payload and the URL were checked"
            : "the download was skipped (fetch=false), so only the payload and the URL were checked"
        return Finding(
            .mediaNotFetched, path: media.key, message: reason,
            fix: "none needed; the media's type and size are only checked when it is downloaded")
    }
}
