import Foundation
import Glibc
import PreflightCore
import PreflightHTTP
import PreflightService
import Testing

/// The access log on an output that refuses bytes: lost lines are counted, the file never ends
/// on a torn line.
@Suite(.serialized) struct AccessLogTests {
    func record(_ index: Int) -> AccessRecord {
        AccessRecord(
            requestID: "test-\(index)", method: "GET", path: "/healthz", route: "/healthz", status: 200, bytes: 15,
            duration: 0.000181, startedAt: 1_764_590_000.5)
    }

    /// /dev/full refuses every write with ENOSPC: each of the 50 lines is counted as lost
    /// (before: none was counted).
    @Test func everyLineRefusedByAFullDeviceIsCounted() throws {
        let descriptor = open("/dev/full", O_WRONLY)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        let log = AccessLog(descriptor: descriptor, bufferBytes: 1 << 20)
        for index in 0..<50 { log.write(record(index)) }
        log.close()
        #expect(log.lost == 50)
        #expect(log.dropped == 0)
    }

    /// A 4 KiB tmpfs takes the first lines of 400 and then refuses the rest (a short write cut a
    /// line in two, then ENOSPC): the file holds whole lines only, each one JSON, and the lines
    /// written plus the lines counted lost are the 400 (before: it ended on a torn line and
    /// nothing was counted).
    @Test func aFullDiskLeavesOnlyWholeLines() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("preflight-full-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let mounted = mount("tmpfs", directory.path, "tmpfs", 0, "size=4k")
        try #require(mounted == 0, "mounting a tmpfs needs root (the tests' namespace has it): errno \(errno)")
        defer { umount(directory.path) }
        let path = directory.appendingPathComponent("access.log").path
        let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        try #require(descriptor >= 0)
        let log = AccessLog(descriptor: descriptor, bufferBytes: 1 << 20)
        for index in 0..<400 { log.write(record(index)) }
        log.close()
        close(descriptor)
        let bytes = try #require(FileManager.default.contents(atPath: path))
        #expect(bytes.last == 0x0A, "the file ends on a torn line: \(bytes.suffix(40))")
        let lines = bytes.split(separator: 0x0A)
        #expect(lines.allSatisfy { (try? JSONParser.parse(Array($0))) != nil })
        #expect(!lines.isEmpty)
        #expect(log.lost > 0)
        #expect(lines.count + log.lost == 400, "\(lines.count) written, \(log.lost) counted lost")
    }
}
