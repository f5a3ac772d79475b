import Foundation
import Glibc
import PreflightHost
import Synchronization
import Testing

@testable import PreflightService

/// The service's threads carry their names to the kernel, where `top -H`, `ps -T` and the
/// per-thread counters of `bench/process/kernel.sh` read them.
@Suite struct HostThreadTests {
    /// The names of this process's threads, as the kernel has them.
    func threadNames() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: "/proc/self/task").compactMap { task in
            (try? String(contentsOfFile: "/proc/self/task/\(task)/comm", encoding: .utf8))?
                .trimmingCharacters(in: .newlines)
        }
    }

    /// Waits up to a second for a thread named `name` (a thread names itself when it starts).
    func waitForThread(named name: String) throws -> Bool {
        for _ in 0..<100 {
            if try threadNames().contains(name) { return true }
            usleep(10_000)
        }
        return false
    }

    @Test func aThreadStartedByHostThreadRunsUnderItsName() throws {
        let seen = Mutex<String?>(nil)
        let done = DispatchSemaphore(value: 0)
        HostThread.start(named: "pf-test-name") {
            let name = try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)
            seen.withLock { $0 = name?.trimmingCharacters(in: .newlines) }
            done.signal()
        }
        #expect(done.wait(timeout: .now() + 5) == .success)
        #expect(seen.withLock { $0 } == "pf-test-name")
    }

    @Test func theAccessLogWriterIsNamed() throws {
        let descriptor = open("/dev/null", O_WRONLY)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        let log = AccessLog(descriptor: descriptor, bufferBytes: 1 << 16)
        defer { log.close() }
        let found = try waitForThread(named: "pf-access-log")
        #expect(found, "threads: \((try? threadNames()) ?? [])")
    }
}
