import PreflightCore
import PreflightHTTP
import PreflightHost

extension Endpoints {
    /// `POST /v1/preflight/bulk`: an NDJSON body, one push per line, judged as
    /// `preflight check --ndjson` judges a file, with the batch endpoint's query and headers for
    /// every line; the answer is that command's output (`BulkUpload`). Refused before the body
    /// is read: a bad option (400), `bulk.max_concurrent` requests already running (503), no
    /// spool file (503).
    func openBulk(_ request: HTTPRequest, waker: BodyWaker) -> BodyStreamStart {
        let configuration = check.inspector.configuration
        let options: RequestOptions
        switch RequestOptions.parse(request, configuration: configuration) {
        case .success(let parsed): options = parsed
        case .failure(let refusal): return .refuse(refusal.response)
        }
        let admission = bulkAdmission
        guard admission.enter() else {
            var response = HTTPResponse.error(
                503, code: "overloaded",
                message: "\(admission.limit) bulk requests already run (bulk.max_concurrent); retry shortly")
            response.headers.append(("Retry-After", "1"))
            return .refuse(response)
        }
        let spool: BulkSpool
        switch BulkSpool.open(
            directory: admission.spoolDirectory, limit: configuration.bulk.maxSpoolBytes)
        {
        case .success(let opened): spool = opened
        case .failure(let refusal):
            admission.leave()
            return .refuse(refusal.response)
        }
        var bulkOptions = BulkCheck.Options()
        bulkOptions.headers = APNsHeaders(request: request)
        bulkOptions.profile = options.profile
        bulkOptions.format = options.format
        bulkOptions.fetch = options.fetch && cache != nil
        bulkOptions.expectMedia = options.expectMedia
        let workers = HostCPU.count
        let bulk = BulkCheck(
            check: check, options: bulkOptions, workers: workers,
            window: BulkCheck.window(
                workers: workers, fetching: bulkOptions.fetch, maxConcurrent: configuration.fetch.maxConcurrent),
            output: spool.write)
        return .stream(
            BulkUpload(
                bulk: bulk, spool: spool, waker: waker, maxLineBytes: configuration.server.maxBodyBytes,
                release: admission.leave))
    }
}
