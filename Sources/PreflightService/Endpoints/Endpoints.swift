import PreflightCore
import PreflightFetch
import PreflightHTTP

extension PreflightService {
    /// What the endpoints read from the rest of the service.
    struct Parts: Sendable {
        var metrics: ServiceMetrics
        var probe: PreflightProbe
        var apiKeys: APIKeyCheck
        var readiness: Readiness
        var cache: MediaProbeCache?
        var fetcher: MediaFetcher?
        var accessLog: AccessLog?
        var batchBodyBytes: Int
    }

    /// `/healthz`, `/readyz` and `/metrics`: on the API port, and alone on the admin listener.
    static func addProbeRoutes(to router: inout Router, _ parts: Parts) {
        let readiness = parts.readiness
        // Answered from responses made here, once (issue 16): no response is built per probe.
        let ok = FixedResponse(.json(200, #"{"status":"ok"}"#))
        let ready = FixedResponse(.json(200, #"{"status":"ready"}"#))
        let draining = FixedResponse(.json(503, #"{"status":"draining"}"#))
        router.add("GET", "/healthz", fixed: { ok })
        router.add("GET", "/readyz", fixed: { readiness.isDraining ? draining : ready })
        router.add(
            "GET", "/metrics",
            sync: { _ in
                var gauges = ServiceMetrics.Gauges()
                gauges.inFlight = readiness.inFlight
                gauges.parked = readiness.parked
                gauges.cache = parts.cache?.statistics
                if let fetcher = parts.fetcher {
                    let load = fetcher.load
                    gauges.downloadsActive = load.active
                    gauges.downloadsQueued = load.queued
                    gauges.fetchLoopErrors = fetcher.loopErrors
                    gauges.moovBytesKept = fetcher.moovBudget.kept
                    gauges.moovBudgetBytes = fetcher.moovBudget.limit
                    gauges.moovRefused = fetcher.moovBudget.refused
                    let lookups = fetcher.lookupLoad
                    gauges.lookupsActive = lookups.resolving
                    gauges.lookupsQueued = lookups.queued
                    gauges.lookupsAbandoned = lookups.abandoned
                }
                gauges.accessLogDropped = parts.accessLog?.dropped ?? 0
                gauges.accessLogLost = parts.accessLog?.lost ?? 0
                var response = HTTPResponse(status: 200, body: Array(parts.metrics.render(gauges).utf8))
                response.headers = [("Content-Type", "text/plain; version=0.0.4; charset=utf-8")]
                return response
            })
    }

    static func makeRouter(_ parts: Parts) -> Router {
        var router = Router()
        addProbeRoutes(to: &router, parts)
        let openAPI = OpenAPIDocument.response
        router.add("GET", "/openapi.json", sync: { _ in openAPI })
        Playground.addRoutes(to: &router)
        let apiKeys = parts.apiKeys
        router.group("/v1", middleware: [{ request in authenticate(request, apiKeys) }]) { v1 in
            let version = BuildInfo.current.json
            v1.add("GET", "/version") { _, responder in responder.respond(.json(200, bytes: version)) }
            v1.add("POST", "/preflight") { request, responder in
                preflight(request, probe: parts.probe, metrics: parts.metrics, responder: responder)
            }
            v1.add("POST", "/preflight/batch", maxBodyBytes: parts.batchBodyBytes) { request, responder in
                batch(request, probe: parts.probe, metrics: parts.metrics, responder: responder)
            }
        }
        return router
    }

    /// The router of the admin listener: the probe routes only.
    static func makeAdminRouter(_ parts: Parts) -> Router {
        var router = Router()
        addProbeRoutes(to: &router, parts)
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
        case nil, "true": .success(true)
        case "false": .success(false)
        case let other?:
            .failure(
                QueryError(
                    response: .error(
                        400, code: "invalid-query", message: "fetch must be true or false, got \"\(other)\"")))
        }
    }

    /// Whether the request expects media (`?expect=media` over `Preflight-Expect: media`); 400
    /// `invalid-query` for another value.
    static func expectsMedia(_ request: HTTPRequest) -> Result<Bool, QueryError> {
        let query = request.query["expect"]
        let header = request.header("preflight-expect")
        // The first value given that is not `media`, the query's before the header's.
        let notMedia = { (value: String?) in value == "media" ? nil : value }
        if let value = notMedia(query) ?? notMedia(header) {
            return .failure(
                QueryError(
                    response: .error(400, code: "invalid-query", message: "expect must be media, got \"\(value)\"")))
        }
        return .success(query != nil || header != nil)
    }

    /// The profile named `name`, if a name is given; 400 `unknown-profile` for a name with no
    /// profile. Without one the inspector picks: `apps` for the push's `apns-topic`, else the
    /// envelope's preset, else `default_profile`.
    static func profile(
        named name: String?, configuration: PreflightConfiguration
    ) -> Result<ExtensionProfile?, QueryError> {
        guard let name else { return .success(nil) }
        if let profile = configuration.profiles[name] { return .success(profile) }
        return .failure(unknownProfile(name, configuration))
    }

    /// The envelope format a request names (`?format=` over `Preflight-Format`), nil to detect it;
    /// 400 `unknown-format` for any other value (each given one must be valid).
    static func requestedFormat(_ request: HTTPRequest) -> Result<EnvelopeFormat?, QueryError> {
        let query = request.query["format"]
        let header = request.header("preflight-format")
        for name in [query, header] {
            if let name, EnvelopeFormat(rawValue: name) == nil { return .failure(unknownFormat(name)) }
        }
        return .success((query ?? header).flatMap(EnvelopeFormat.init(rawValue:)))
    }

    static func unknownFormat(_ name: String) -> QueryError {
        QueryError(
            response: .error(
                400, code: "unknown-format",
                message:
                    "no envelope format \"\(name)\"; known: \(EnvelopeFormat.allCases.map(\.rawValue).joined(separator: ", "))"
            ))
    }

    /// The name the request gives (`?profile=` over `Preflight-Profile`); each given one must exist,
    /// so a wrong header is not hidden by a right query argument.
    static func requestedProfile(
        _ request: HTTPRequest, configuration: PreflightConfiguration
    ) -> Result<String?, QueryError> {
        let query = request.query["profile"]
        let header = request.header("preflight-profile")
        if let name = query, configuration.profiles[name] == nil {
            return .failure(unknownProfile(name, configuration))
        }
        if let name = header, configuration.profiles[name] == nil {
            return .failure(unknownProfile(name, configuration))
        }
        return .success(query ?? header)
    }

    private static func unknownProfile(_ name: String, _ configuration: PreflightConfiguration) -> QueryError {
        QueryError(
            response: .error(
                400, code: "unknown-profile",
                message: "no profile \"\(name)\"; known: \(configuration.profileNames)"))
    }

    /// Whether an `Accept` value starts with `text/plain` (any case), read without copying it.
    static func acceptsTextFirst(_ accept: String) -> Bool {
        let wanted = "text/plain".utf8
        guard accept.utf8.count >= wanted.count else { return false }
        return zip(accept.utf8, wanted).allSatisfy { $0 | 0x20 == $1 | 0x20 }
    }

    static func preflight(
        _ request: HTTPRequest, probe: PreflightProbe, metrics: ServiceMetrics, responder: Responder
    ) {
        let fetch: Bool
        switch fetchMode(request) {
        case .success(let mode): fetch = mode
        case .failure(let error): return responder.respond(error.response)
        }
        var headers = APNsHeaders(lowercased: request.headers)
        // Sorted: the findings come in one order whatever the set's.
        for name in request.repeatedHeaders.sorted() { headers.markRepeated(name) }
        let configuration = probe.inspector.configuration
        let chosen: ExtensionProfile?
        switch requestedProfile(request, configuration: configuration).flatMap({
            profile(named: $0, configuration: configuration)
        }) {
        case .success(let found): chosen = found
        case .failure(let error): return responder.respond(error.response)
        }
        let format: EnvelopeFormat?
        switch requestedFormat(request) {
        case .success(let named): format = named
        case .failure(let error): return responder.respond(error.response)
        }
        let expectMedia: Bool
        switch expectsMedia(request) {
        case .success(let expected): expectMedia = expected
        case .failure(let error): return responder.respond(error.response)
        }
        // `Accept: text/plain` (and no JSON asked for first): the report as `preflight check` prints it.
        let wantsText = request.header("accept").map(acceptsTextFirst) ?? false
        probe.run(
            body: request.body, headers: headers, fetch: fetch, profile: chosen, format: format,
            expectMedia: expectMedia
        ) { outcome in
            // Without a download the outcome comes at once, on the connection's worker: answered
            // here (no closure holding the outcome, whose configuration is 2 KB, is made).
            guard outcome.downloaded else {
                return responder.respond(answer(outcome, metrics: metrics, wantsText: wantsText))
            }
            // After a download: judged and written on the connection's worker when it resumes.
            responder.respond { answer(outcome, metrics: metrics, wantsText: wantsText) }
        }
    }

    /// The answer for a probe's outcome: the report as JSON (or as text), 422 for a fail verdict.
    private static func answer(_ outcome: ProbeOutcome, metrics: ServiceMetrics, wantsText: Bool) -> HTTPResponse {
        let report = outcome.report()
        metrics.record(report)
        let status = report.verdict == .fail ? 422 : 200
        guard wantsText else { return .json(status, bytes: report.jsonBytes) }
        return HTTPResponse(
            status: status, headers: [("Content-Type", "text/plain; charset=utf-8")],
            body: Array((TextReport(report: report).text + "\n").utf8))
    }
}
