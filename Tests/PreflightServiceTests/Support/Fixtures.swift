import Dispatch
import Foundation
import Glibc
import PreflightCore
import PreflightHTTP
import PreflightService
import Synchronization

extension TestResponse {
    /// The body read as JSON by Preflight's own parser.
    var json: JSONValue? { try? JSONParser.parse(body).value }
    /// `error.code` of a protocol error body.
    var errorCode: String? { json?["error"]?["code"]?.string }
}

/// A configuration for in-process tests: an ephemeral port and two worker threads.
func testConfiguration() -> PreflightConfiguration {
    var configuration = PreflightConfiguration()
    configuration.listen.port = 0
    configuration.server.threads = 2
    configuration.server.drainTimeoutSeconds = 5
    // Nothing but loopback is ever reached from tests; origin tests open it explicitly.
    configuration.egress.allowedPorts = []
    // Tests of downloads, caching and the server judge media with a forgiving extension (the
    // generic keys, the file named from the path with a type hint from the response, on disk);
    // the profiles themselves are tested in ProfileTests.
    configuration.profiles["test"] = testProfile
    configuration.defaultProfile = "test"
    return configuration
}

/// Runs `body` against a started service and stops it afterwards.
func withService<T>(
    _ configuration: PreflightConfiguration = testConfiguration(), accessLogDescriptor: Int32? = nil,
    _ body: (PreflightService) throws -> T
) throws -> T {
    let service = try PreflightService(configuration: configuration, accessLogDescriptor: accessLogDescriptor)
    try service.start()
    defer { service.shutdown() }
    return try body(service)
}

/// Runs `body` against a bare HTTP server with the given routes.
func withServer<T>(
    _ configuration: HTTPServer.Configuration = HTTPServer.Configuration(port: 0, threads: 2),
    router: Router, _ body: (HTTPServer) throws -> T
) throws -> T {
    let server = HTTPServer(configuration: configuration, router: router)
    try server.start()
    defer { server.shutdown(drainTimeout: .seconds(2)) }
    return try body(server)
}

/// A one-shot signal between threads, for handlers that must wait for the test.
final class Gate: Sendable {
    private let semaphore = DispatchSemaphore(value: 0)
    func open() { semaphore.signal() }
    func wait(seconds: Int = 10) -> Bool { semaphore.wait(timeout: .now() + .seconds(seconds)) == .success }
}

/// The metrics text once it contains every line in `expected` (a request is counted when
/// libmicrohttpd reports it complete, just after the client has read the answer), or after 2 s.
func metrics(port: Int, containing expected: [String]) throws -> String {
    let deadline = ContinuousClock.now + .seconds(2)
    while true {
        let text = try httpRequest(port: port, "GET", "/metrics").text
        if expected.allSatisfy({ text.contains($0) }) || ContinuousClock.now > deadline { return text }
        usleep(5000)
    }
}

/// Everything readable from `descriptor` until its writer closes it.
func readToEnd(_ descriptor: Int32) -> [UInt8] {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
        let count = read(descriptor, &chunk, chunk.count)
        if count <= 0 { return bytes }
        bytes += chunk[0..<count]
    }
}

/// The extension most service tests judge for: generic's keys, `sniffed` naming, disk download.
let testProfile = ExtensionProfile(
    name: "test", mediaKeys: ExtensionProfile.generic.mediaKeys, naming: .sniffed, download: .disk)

/// The same for configuration files given to the binary.
let testProfileJSON = #""profiles": {"test": {"naming": "sniffed", "download": "disk"}}, "default_profile": "test""#

/// A directory of this test process under the temporary directory, `preflight-NAME-PID`, made if
/// it is not there yet and removed, with what the test left in it, when the process exits.
func scratchDirectory(_ name: String) throws -> URL {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("preflight-\(name)-\(getpid())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let first = scratchDirectories.withLock { $0.insert(directory.path).inserted && $0.count == 1 }
    if first { atexit { removeScratchDirectories() } }
    return directory
}

/// The directories `scratchDirectory` made: servers the tests start write logs and configuration
/// into them after the test has returned, so they go when the process does, not when a test ends.
private let scratchDirectories = Mutex<Set<String>>([])

private func removeScratchDirectories() {
    for path in scratchDirectories.withLock({ $0 }) { try? FileManager.default.removeItem(atPath: path) }
}
