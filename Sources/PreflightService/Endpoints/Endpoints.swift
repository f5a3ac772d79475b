import PreflightCore
import PreflightFetch
import PreflightHTTP

/// The routes of both listeners, with what they read from the rest of the service: made once
/// by `PreflightService`, each route's closure holding a copy.
struct Endpoints: Sendable {
    var metrics: ServiceMetrics
    var check: PreflightCheck
    var apiKeys: APIKeyCheck
    var readiness: Readiness
    var cache: DownloadCache?
    var fetcher: MediaFetcher?
    var accessLog: AccessLog?
    var batchBodyBytes: Int
    /// The bulk requests running (`bulk.max_concurrent`).
    var bulkAdmission = BulkAdmission(limit: PreflightConfiguration.Bulk().maxConcurrent)

    /// The router of the API listener: the health probes, the documents and `/v1/*`.
    func makeRouter() -> Router {
        let bulkBodyBytes = check.inspector.configuration.bulk.maxBodyBytes
        var router = Router()
        addProbeRoutes(to: &router)
        let openAPI = OpenAPIDocument.response
        router.add("GET", "/openapi.json", sync: { _ in openAPI })
        Playground.addRoutes(to: &router)
        let apiKeys = self.apiKeys
        router.group("/v1", middleware: [{ request in Self.authenticate(request, apiKeys) }]) { v1 in
            let version = BuildInfo.current.json
            v1.add("GET", "/version") { _, responder in responder.respond(.json(200, bytes: version)) }
            addProfileRoutes(to: &v1)
            v1.add("POST", "/preflight") { request, responder in preflight(request, responder: responder) }
            v1.add("POST", "/preflight/batch", maxBodyBytes: batchBodyBytes) { request, responder in
                batch(request, responder: responder)
            }
            v1.add("POST", "/preflight/bulk", maxBodyBytes: bulkBodyBytes) { request, waker in
                openBulk(request, waker: waker)
            }
        }
        return router
    }

    /// The router of the admin listener: the health probes only.
    func makeAdminRouter() -> Router {
        var router = Router()
        addProbeRoutes(to: &router)
        return router
    }

    /// `/healthz`, `/readyz` and `/metrics`: on the API port, and alone on the admin listener.
    func addProbeRoutes(to router: inout Router) {
        let readiness = self.readiness
        // Answered from responses made here, once: a kubelet probes every few seconds, and a
        // probe must cost no allocation.
        let ok = FixedResponse(.json(200, #"{"status":"ok"}"#))
        let ready = FixedResponse(.json(200, #"{"status":"ready"}"#))
        let draining = FixedResponse(.json(503, #"{"status":"draining"}"#))
        router.add("GET", "/healthz", fixed: { ok })
        router.add("GET", "/readyz", fixed: { readiness.isDraining ? draining : ready })
        router.add("GET", "/metrics", sync: { _ in metricsResponse() })
    }

    /// The metrics in Prometheus text format, the gauges read now.
    private func metricsResponse() -> HTTPResponse {
        var gauges = ServiceMetrics.Gauges()
        gauges.inFlight = readiness.inFlight
        gauges.parked = readiness.parked
        gauges.parkedMax = readiness.parkedMax
        gauges.cache = cache?.statistics
        if let fetcher {
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
        gauges.accessLogDropped = accessLog?.dropped ?? 0
        gauges.accessLogLost = accessLog?.lost ?? 0
        var response = HTTPResponse(status: 200, body: Array(metrics.render(gauges).utf8))
        response.headers = [("Content-Type", "text/plain; version=0.0.4; charset=utf-8")]
        return response
    }

    private static let authorization: HeaderName = "authorization"

    /// The 401 answer when `/v1/*` needs a key and the request has none that matches.
    static func authenticate(_ request: HTTPRequest, _ apiKeys: APIKeyCheck) -> HTTPResponse? {
        if apiKeys.allows(authorization: request.headers[authorization]) { return nil }
        var response = HTTPResponse.error(
            401, code: "unauthorized", message: "send Authorization: Bearer <key> with one of auth.api_keys")
        response.headers.append(("WWW-Authenticate", "Bearer"))
        return response
    }

    /// `POST /v1/preflight`: the body checked with the request's options and APNs headers.
    func preflight(_ request: HTTPRequest, responder: Responder) {
        let options: RequestOptions
        switch RequestOptions.parse(request, configuration: check.inspector.configuration) {
        case .success(let parsed): options = parsed
        case .failure(let refusal): return responder.respond(refusal.response)
        }
        let headers = APNsHeaders(request: request)
        // An Expo request with several messages: each judged as a batch item, answered as a batch;
        // 422 when any fails, as for one payload (the request is one send, and `preflight check`
        // exits 1 for it).
        let expo = BatchRequest.expoBody(request.body, format: options.format, headers: headers)
        if let messages = expo?.messages {
            return run(messages, options: options, failStatus: 422, responder: responder)
        }
        let metrics = self.metrics
        let wantsText = options.wantsText
        let scratch = WorkerScratch.current
        let step = check.begin(
            body: request.body, headers: headers, fetch: options.fetch, profile: options.profile,
            format: options.format, expectMedia: options.expectMedia, parsed: expo?.parsed,
            findings: scratch.takeFindings())
        // The step is taken apart, not copied: its outcome holds the report and the configuration.
        switch consume step {
        case .finished(let outcome):
            // Without a download the outcome comes at once, on the connection's worker: answered
            // here, with no closure made (its captures would be a heap block a request); the
            // report's findings array is the worker's next check's. The outcome is consumed: its
            // report is moved out, where a borrowed outcome's was copied.
            let report = (consume outcome).report()
            responder.respond(Self.answer(report, metrics: metrics, wantsText: wantsText, responder: responder))
            scratch.keep(report.findings)
        case .downloading(let downloads):
            downloads.start { outcome in
                // After a download: judged and written on the connection's worker when it resumes.
                responder.respond {
                    Self.answer(outcome.report(), metrics: metrics, wantsText: wantsText, responder: responder)
                }
            }
        }
    }

    /// The answer for a check's report: as JSON (or as text), 422 for a fail verdict.
    private static func answer(
        _ report: Report, metrics: ServiceMetrics, wantsText: Bool, responder: Responder
    ) -> HTTPResponse {
        metrics.record(report)
        let status = report.verdict == .fail ? 422 : 200
        guard wantsText else {
            // Over the connection's kept buffer: a report about the last one's size allocates
            // nothing, and makes no room first.
            var body = responder.takeBodyRoom()
            report.writeJSON(over: &body)
            return .json(status, bytes: body)
        }
        return HTTPResponse(
            status: status, headers: [("Content-Type", "text/plain; charset=utf-8")],
            body: Array((TextReport(report: report).text + "\n").utf8))
    }
}
