import Dispatch
import Foundation
import Glibc
import PreflightCore
import PreflightService
import Synchronization
import Testing

/// How downloads share the server: suspended connections, a bounded number at once, a drain.
@Suite(.serialized) struct FetchConcurrencyTests {
    let origins: Origins

    init() throws {
        origins = try Origins.load()
    }

    @Test func aDownloadHoldsNoWorkerThread() throws {
        var configuration = origins.configuration()
        configuration.server.threads = 1
        let service = try PreflightService(configuration: configuration, accessLogDescriptor: nil)
        try service.start()
        defer { service.shutdown() }
        let done = Gate()
        let status = Mutex(0)
        DispatchQueue.global().async {
            let result = try? checkMedia(service, url: origins.origin + "/wait/hold.jpg?ms=1500")
            status.withLock { $0 = result?.status ?? -1 }
            done.open()
        }
        // With one worker thread, health answers while the download is in progress only if
        // the request waiting for it does not hold that thread.
        let deadline = ContinuousClock.now + .seconds(5)
        while try origins.hits("/wait/hold.jpg") == 0, ContinuousClock.now < deadline { usleep(10_000) }
        let started = ContinuousClock.now
        #expect(try httpRequest(port: service.port, "GET", "/healthz").status == 200)
        #expect(ContinuousClock.now - started < .milliseconds(1000), "health waited for the download")
        #expect(done.wait())
        #expect(status.withLock { $0 } == 200)
    }

    @Test func maxConcurrentQueuesTheRest() throws {
        var configuration = origins.configuration()
        configuration.fetch.maxConcurrent = 2
        let service = try PreflightService(configuration: configuration, accessLogDescriptor: nil)
        try service.start()
        defer { service.shutdown() }
        let statuses = Mutex<[Int]>([])
        DispatchQueue.concurrentPerform(iterations: 6) { index in
            let result = try? checkMedia(service, url: origins.origin + "/wait/q\(index).jpg?ms=300&group=queue")
            statuses.withLock { $0.append(result?.status ?? -1) }
        }
        #expect(statuses.withLock { $0 } == [200, 200, 200, 200, 200, 200])
        #expect(try httpRequest(port: origins.originPort, "GET", "/_waiting?group=queue").text == "2")
    }

    @Test func theWholeDownloadHasATimeBudget() throws {
        var configuration = origins.configuration()
        configuration.fetch.timeoutMs = 700
        let service = try PreflightService(configuration: configuration, accessLogDescriptor: nil)
        try service.start()
        defer { service.shutdown() }
        let result = try checkMedia(service, url: origins.origin + "/wait/budget.jpg?ms=1500")
        #expect(result.codes == ["media.fetch.timeout"])
        #expect(result.finding("media.fetch.timeout")?["message"]?.string?.contains("Operation timed out") == true)
    }

    @Test func fetchFalseSkipsTheDownload() throws {
        let service = try PreflightService(configuration: origins.configuration(), accessLogDescriptor: nil)
        try service.start()
        defer { service.shutdown() }
        let body = #"{"aps":{"alert":"a","mutable-content":1},"image":"\#(origins.origin)/jpeg/skipped.jpg"}"#
        let response = try httpRequest(
            port: service.port, "POST", "/v1/preflight?fetch=false", headers: [("apns-push-type", "alert")],
            body: Array(body.utf8))
        #expect(response.status == 200)
        #expect(response.json?["media"] == nil)
        #expect(response.text.contains("media.not-fetched"))
        #expect(try origins.hits("/jpeg/skipped.jpg") == 0)
    }

    @Test func disabledFetchSaysSo() throws {
        var configuration = origins.configuration()
        configuration.fetch.enabled = false
        let service = try PreflightService(configuration: configuration, accessLogDescriptor: nil)
        try service.start()
        defer { service.shutdown() }
        let result = try checkMedia(service, url: origins.origin + "/jpeg/disabled.jpg")
        #expect(result.codes == ["media.not-fetched"])
        #expect(result.finding("media.not-fetched")?["message"]?.string?.contains("fetch.enabled: false") == true)
        #expect(try origins.hits("/jpeg/disabled.jpg") == 0)
    }

    @Test func shutdownWaitsForADownloadInFlight() throws {
        let service = try PreflightService(configuration: origins.configuration(), accessLogDescriptor: nil)
        try service.start()
        let result = Mutex<TestResponse?>(nil)
        let done = Gate()
        let body = #"{"aps":{"alert":"a","mutable-content":1},"image":"\#(origins.origin)/wait/drain.jpg?ms=800"}"#
        let port = service.port
        DispatchQueue.global().async {
            let response = try? httpRequest(
                port: port, "POST", "/v1/preflight", headers: [("apns-push-type", "alert")], body: Array(body.utf8))
            result.withLock { $0 = response }
            done.open()
        }
        let deadline = ContinuousClock.now + .seconds(5)
        while try origins.hits("/wait/drain.jpg") == 0, ContinuousClock.now < deadline { usleep(10_000) }
        service.shutdown()
        #expect(done.wait())
        let probed = try #require(result.withLock { $0 }, "the request in flight did not complete")
        #expect(probed.status == 200)
        #expect(probed.json?["verdict"]?.string == "pass")
        #expect(probed.json?["media"]?["http_status"]?.integer == 200)
    }

    @Test func checkCommandDownloadsUnlessToldNot() throws {
        let directory = try scratchDirectory("check")
        defer { try? FileManager.default.removeItem(at: directory) }
        let config = directory.appendingPathComponent("config.json")
        let text = """
            {"fetch": {"ca_file": "\(origins.caFile)", "resolve": ["media.test:\(origins.httpsPort):127.0.0.1"]},
             "egress": {"allow_cidrs": ["127.0.0.0/8"], "allowed_ports": [\(origins.httpsPort)]}}
            """
        try Data(text.utf8).write(to: config)
        let payload = #"{"aps":{"alert":"a","mutable-content":1},"image":"\#(origins.https)/media/image.png"}"#
        let fetched = try runProcess(
            preflightBinary, ["check", "--config", config.path, "--format", "json", "-"], input: Array(payload.utf8))
        #expect(fetched.status == 0, "\(fetched.output)")
        let report = try JSONParser.parse(Array(fetched.output.utf8)).value
        #expect(report["media"]?["sniffed_type"]?.string == "image/png")
        #expect(report["attachment"]?["uti"]?.string == "public.png")

        let broken = #"{"aps":{"alert":"a","mutable-content":1},"image":"\#(origins.https)/media/image.webp"}"#
        let failed = try runProcess(
            preflightBinary, ["check", "--config", config.path, "-"], input: Array(broken.utf8))
        #expect(failed.status == 1)
        #expect(failed.output.contains("media.type.unsupported"))

        let skipped = try runProcess(
            preflightBinary, ["check", "--config", config.path, "--no-fetch", "--format", "json", "-"],
            input: Array(broken.utf8))
        // The generic profile names the file from the URL: a .webp name is untyped without a download.
        #expect(skipped.status == 1)
        #expect(skipped.output.contains("attachment.untyped"))
        #expect(!skipped.output.contains("\"media\":"))
    }
}
