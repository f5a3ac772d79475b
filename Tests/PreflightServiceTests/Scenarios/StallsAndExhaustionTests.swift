import Dispatch
import Foundation
import Glibc
import PreflightCore
import PreflightFetch
import PreflightHTTP
import PreflightHost
import PreflightService
import Synchronization
import Testing

/// Stalls and exhaustions a slow resolver, abandoning clients, a full cache or a lost reference could
/// cause, each against the real server and the loopback origins: the server keeps answering.
@Suite(.serialized) struct StallsAndExhaustionTests {
    let origins: Origins

    init() throws {
        origins = try Origins.load()
    }

    /// A rich push whose media is `url`, as raw request bytes.
    func downloadRequest(_ url: String) -> [UInt8] {
        let body = #"{"aps":{"alert":"hi","mutable-content":1},"image":"\#(url)"}"#
        return Array(
            "POST /v1/preflight HTTP/1.1\r\nHost: x\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)".utf8)
    }

    /// The value of an unlabelled metric.
    func gauge(_ name: String, port: Int) throws -> Int? {
        let text = try httpRequest(port: port, "GET", "/metrics").text
        let line = text.split(separator: "\n").first { $0.hasPrefix(name + " ") }
        return line.flatMap { Int($0.split(separator: " ")[1]) }
    }

    // MARK: - A resolver that never answers

    /// A name whose resolver never answers must not stall the fetch thread: joining curl's
    /// resolver thread once the lookup timed out would hold it until getaddrinfo gives up (10 s
    /// here), and every other download with it. The lookup ends at `connect_timeout_ms` and a
    /// download started after that moment is not held up. (With the join, the lookup answered
    /// after 10.0 s and a 30 ms download started at 1.3 s answered after 8.7 s.)
    @Test func aResolverThatNeverAnswersStallsNoOtherDownload() throws {
        try #require(origins.blackholeDNS, "run through make test: the DNS server is set up in the namespace")
        var configuration = origins.configuration()
        configuration.fetch.connectTimeoutMs = 1000
        try withService(configuration) { service in
            let results = Mutex<[String: (result: MediaCheckResult?, took: Duration)]>([:])
            let group = DispatchGroup()
            // Threads of their own: a busy Dispatch pool could delay a client itself.
            func client(_ name: String, _ url: String) {
                group.enter()
                Thread.detachNewThread {
                    let start = ContinuousClock.now
                    let result = try? checkMedia(service, url: url)
                    results.withLock { $0[name] = (result, .now - start) }
                    group.leave()
                }
            }
            client("blackhole", "http://never.blackhole.test:\(origins.originPort)/jpeg/a.jpg")
            usleep(1_300_000)  // past the lookup's timeout: where a joining fetch thread would sit in pthread_join
            client("beside", origins.origin + "/wait/beside.jpg?ms=30")
            #expect(group.wait(timeout: .now() + 20) == .success)
            let blackhole = try #require(results.withLock { $0["blackhole"] })
            #expect(blackhole.result?.codes == ["media.fetch.dns"])
            #expect(blackhole.took < .seconds(3), "the lookup outlived connect_timeout_ms (1 s): \(blackhole.took)")
            let beside = try #require(results.withLock { $0["beside"] })
            #expect(beside.result?.status == 200)
            #expect(beside.took < .seconds(1), "a 30 ms download waited for the dead lookup: \(beside.took)")
        }
    }

    // MARK: - Abandoned requests, the parked cap, the admin listener

    /// Requests past `server.max_parked_requests` are answered 503 `overloaded` instead of
    /// holding a connection slot each; parked requests whose clients hang up are closed within
    /// about a second, before their download ends; `/healthz` answers throughout.
    @Test func abandonedAndExcessRequestsCannotHoldEveryConnection() throws {
        var configuration = origins.configuration()
        configuration.server.maxConnections = 24
        configuration.server.maxParkedRequests = 8
        try withService(configuration) { service in
            var parked: [TestConnection] = []
            var overloaded = 0
            for index in 0..<20 {
                let connection = try TestConnection(port: service.port, timeoutSeconds: 5)
                connection.send(downloadRequest(origins.origin + "/wait/abandon.jpg?ms=6000&n=\(index)"))
                if index < 8 {
                    parked.append(connection)
                    // Let it park before the next one comes, so the first eight are the parked ones.
                    let deadline = ContinuousClock.now + .seconds(3)
                    while try gauge("preflight_http_requests_parked", port: service.port) != index + 1,
                        ContinuousClock.now < deadline
                    {
                        usleep(5000)
                    }
                } else {
                    let response = try connection.readResponse()
                    #expect(response.status == 503)
                    #expect(response.errorCode == "overloaded")
                    #expect(response.headers["retry-after"] == "1")
                    overloaded += 1
                }
            }
            #expect(overloaded == 12)
            #expect(try gauge("preflight_http_requests_parked", port: service.port) == 8)
            #expect(try httpRequest(port: service.port, "GET", "/healthz").status == 200)

            parked.removeAll()  // the clients hang up
            let deadline = ContinuousClock.now + .seconds(4)
            var left = try gauge("preflight_http_requests_parked", port: service.port)
            while left != 0, ContinuousClock.now < deadline {
                usleep(50_000)
                left = try gauge("preflight_http_requests_parked", port: service.port)
            }
            #expect(left == 0, "parked requests of clients that hung up were kept")
            // The downloads (6 s) are still running: the slots were freed before they ended.
            #expect(try gauge("preflight_downloads_active", port: service.port) ?? 0 > 0)
            #expect(try httpRequest(port: service.port, "GET", "/healthz").status == 200)
        }
    }

    /// `server.admin_listen` serves the probe endpoints alone, and keeps answering when every
    /// connection slot of the API port is taken.
    @Test func theAdminListenerAnswersWhenTheAPIPortIsFull() throws {
        var configuration = origins.configuration()
        // One worker: libmicrohttpd splits the connection limit between its workers, and with
        // two the six connections below could leave a slot free on one of them.
        configuration.server.threads = 1
        configuration.server.maxConnections = 6
        configuration.server.maxParkedRequests = 4
        var admin = PreflightConfiguration.Listen()
        admin.port = 0
        configuration.server.adminListen = admin
        try withService(configuration) { service in
            let adminPort = try #require(service.adminPort)
            #expect(adminPort != service.port)
            #expect(try httpRequest(port: adminPort, "GET", "/healthz").status == 200)
            #expect(try httpRequest(port: adminPort, "GET", "/readyz").text == #"{"status":"ready"}"#)
            let metrics = try httpRequest(port: adminPort, "GET", "/metrics")
            #expect(metrics.status == 200)
            #expect(metrics.text.contains("preflight_http_requests_parked 0\n"))
            #expect(try httpRequest(port: adminPort, "POST", "/v1/preflight", body: Array("{}".utf8)).status == 404)
            #expect(try httpRequest(port: adminPort, "GET", "/openapi.json").status == 404)

            // Six idle connections take every slot of the API port.
            let hogs = try (0..<6).map { _ in try TestConnection(port: service.port, timeoutSeconds: 2) }
            // Held to the end: `_ = hogs` is no use an optimized build keeps, and a connection
            // closes when it is freed.
            try withExtendedLifetime(hogs) {
                usleep(100_000)
                let waiting = try TestConnection(port: service.port, timeoutSeconds: 1)
                waiting.sendRequest("GET", "/healthz")
                #expect((try? waiting.readResponse()) == nil, "the API port still had a free slot")
                #expect(try httpRequest(port: adminPort, "GET", "/healthz").status == 200)
            }
        }
    }

    // MARK: - The cache's byte budget and the URL cap

    /// Entries are counted in bytes, URLs included, and the least recently used go once
    /// `cache.max_bytes` is passed (counted by entries alone, 10,000 long URLs took 1.2 GB).
    @Test func theCacheKeepsToItsByteBudget() throws {
        var configuration = origins.configuration()
        configuration.cache.maxBytes = 40_000
        try withService(configuration) { service in
            let padding = String(repeating: "p", count: 3000)
            for index in 0..<10 {
                let result = try checkMedia(service, url: origins.origin + "/jpeg/budget\(index).jpg?pad=\(padding)")
                #expect(result.status == 200)
            }
            let statistics = try #require(service.cache?.statistics)
            // Each entry counts 512 + 4 x ~3,050 URL bytes (key, entry, outcome, final URL) + its other strings: ~13 KB.
            #expect(statistics.bytes <= 40_000)
            #expect(statistics.bytes > 20_000)
            #expect(statistics.entries == 3)
            #expect(try gauge("preflight_cache_bytes", port: service.port) == statistics.bytes)
            #expect(try gauge("preflight_cache_max_bytes", port: service.port) == 40_000)
            // The newest is kept, the oldest is gone.
            let newest = try checkMedia(service, url: origins.origin + "/jpeg/budget9.jpg?pad=\(padding)")
            #expect(newest.media?["cached"] == .bool(true))
            let oldest = try checkMedia(service, url: origins.origin + "/jpeg/budget0.jpg?pad=\(padding)")
            #expect(oldest.media?["cached"] == .bool(false))
        }
    }

    /// A URL over `payload.max_url_bytes` is a finding, never a download or a cache entry.
    @Test func anOverlongURLIsAFindingNotADownload() throws {
        try withService(origins.configuration()) { service in
            let url = origins.origin + "/jpeg/overlong-url.jpg?pad=" + String(repeating: "q", count: 5000)
            let result = try checkMedia(service, url: url)
            #expect(result.status == 422)
            #expect(result.codes == ["payload.too-large", "media.url.too-long"])
            #expect(result.media == nil)
            #expect(try origins.hits("/jpeg/overlong-url.jpg") == 0)
            #expect(service.cache?.statistics.entries == 0)
        }
    }

    // MARK: - The curl thread moves bytes only

    /// A download's completion runs off the fetch thread: run on it, the media rules and the
    /// report of every coalesced waiter would hold every other transfer.
    @Test func completionsRunOffTheFetchThread() throws {
        let fetcher = try PreflightCheck.makeFetcher(configuration: origins.configuration())
        defer { fetcher.shutdown() }
        let names = Mutex<[String]>([])
        let done = DispatchSemaphore(value: 0)
        for index in 0..<3 {
            fetcher.fetch(origins.origin + "/jpeg/thread\(index).jpg") { outcome in
                names.withLock { $0.append(Thread.current.name ?? "") }
                #expect(outcome.sha256?.count == 64)
                done.signal()
            }
        }
        for _ in 0..<3 { #expect(done.wait(timeout: .now() + 10) == .success) }
        #expect(names.withLock { $0.count } == 3)
        #expect(!names.withLock { $0 }.contains("preflight-fetch"))
    }

    /// `respond(building:)` hands the work to the connection's worker: the closure runs after
    /// the calling thread has moved on, on another thread.
    @Test func deferredAnswersAreBuiltOnTheConnectionsWorker() throws {
        let callers = Mutex<(caller: pthread_t?, builder: pthread_t?)>((nil, nil))
        var router = Router()
        router.add("GET", "/later") { _, responder in
            Thread.detachNewThread {
                usleep(50_000)  // after the connection has parked
                callers.withLock { $0.caller = pthread_self() }
                responder.respond {
                    callers.withLock { $0.builder = pthread_self() }
                    return .json(200, #"{"built":true}"#)
                }
            }
        }
        try withServer(router: router) { server in
            let response = try httpRequest(port: server.port, "GET", "/later")
            #expect(response.text == #"{"built":true}"#)
        }
        let (caller, builder) = callers.withLock { $0 }
        let callerThread = try #require(caller)
        let builderThread = try #require(builder)
        #expect(pthread_equal(callerThread, builderThread) == 0)
    }

    // MARK: - Lifetimes and the shutdown state machine

    /// A started server keeps itself alive for libmicrohttpd's callbacks: with an unretained
    /// pointer, dropping the server would stop or free it under them.
    @Test func aStartedServerOutlivesItsLastReference() throws {
        var router = Router()
        router.add("GET", "/hello", sync: { _ in .json(200, "1") })
        weak var weakServer: HTTPServer?
        var port = 0
        do {
            let server = HTTPServer(configuration: HTTPServer.Configuration(port: 0, threads: 2), router: router)
            try server.start()
            weakServer = server
            port = server.port
        }
        let server = try #require(weakServer, "the running server was released")
        #expect(try httpRequest(port: port, "GET", "/hello").status == 200)
        server.shutdown(drainTimeout: .seconds(1))
    }

    /// A second `shutdown` waits for the first instead of cutting its drain short: the request
    /// in flight still gets its answer, and when either call returns the port is closed (a second
    /// caller that stopped the daemon would cut the first one's drain short).
    @Test func aSecondShutdownWaitsForTheFirst() throws {
        var router = Router()
        router.add("POST", "/echo", sync: { request in HTTPResponse(status: 200, body: request.body) })
        let server = HTTPServer(configuration: HTTPServer.Configuration(port: 0, threads: 2), router: router)
        try server.start()
        let port = server.port
        // A request in flight, its body half sent, keeps the first drain busy.
        let slow = try TestConnection(port: port)
        slow.send("POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\nabc")
        usleep(100_000)
        let closedWhenReturned = Mutex<[Bool]>([])
        let group = DispatchGroup()
        for (delay, drain) in [(0, Duration.seconds(3)), (200_000, Duration.zero)] {
            DispatchQueue.global().async(group: group) {
                usleep(UInt32(delay))
                server.shutdown(drainTimeout: drain)
                let refused = (try? TestConnection(port: port, timeoutSeconds: 1)) == nil
                closedWhenReturned.withLock { $0.append(refused) }
            }
        }
        usleep(500_000)
        slow.send("defghij")
        let response = try slow.readResponse()
        #expect(response.status == 200)
        #expect(response.text == "abcdefghij")
        #expect(group.wait(timeout: .now() + 10) == .success)
        #expect(closedWhenReturned.withLock { $0 } == [true, true])
    }

    @Test(
        arguments: [
            ("max 100000", nil), ("150000 100000", 2), ("200000 100000\n", 2), ("50000 100000", 1), ("", nil),
            ("junk", nil),
        ] as [(String, Int?)])
    func cgroupQuota(text: String, expected: Int?) {
        #expect(HostCPU.quotaCPUs(text) == expected)
    }

    @Test func cpuBudgetIsTheSmallestSource() {
        #expect(HostCPU.maskCPUs("\tff") == 8)
        #expect(HostCPU.maskCPUs("00000000,00000003") == 2)
        #expect(HostCPU.budget(online: 64, affinity: 64, quota: 2) == 2)
        #expect(HostCPU.budget(online: 64, affinity: 3, quota: nil) == 3)
        #expect(HostCPU.budget(online: 4, affinity: nil, quota: nil) == 4)
    }
}
