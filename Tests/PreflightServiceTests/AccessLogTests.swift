import Foundation
import Glibc
import PreflightCore
import PreflightHTTP
import Testing

@testable import PreflightService

/// The access log on an output that refuses bytes: lost lines are counted, the file never ends
/// on a torn line.
@Suite(.serialized) struct AccessLogTests {
    func record(_ index: Int) -> AccessRecord {
        AccessRecord(
            requestID: "test-\(index)", method: "GET", path: "/healthz", route: "/healthz", status: 200, bytes: 15,
            duration: 0.000181, startedAt: 1_764_590_000.5)
    }

    /// /dev/full refuses every write with ENOSPC: each of the 50 lines is counted as lost,
    /// none dropped uncounted.
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
    /// written plus the lines counted lost are the 400 (never a file ending on a torn line
    /// with nothing counted).
    @Test func aFullDiskLeavesOnlyWholeLines() throws {
        let directory = try scratchDirectory("full")
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

// MARK: - The line, written in place

extension AccessLogTests {
    /// What the access line's speller spells, as text.
    private func written(_ spell: (inout AccessLog.LineSpeller) -> Void) -> String {
        AccessLog.LineSpeller.spelling(capacity: 256, spell) { String(decoding: $0, as: UTF8.self) }
    }

    /// The access line's time is written in place (no formatter per request); RFC 3339 UTC with milliseconds.
    @Test func accessLogTimesAreRFC3339WithMilliseconds() {
        #expect(written { $0.timestamp(1_795_984_773.123_4) } == "2026-11-29T20:39:33.123Z")
        #expect(written { $0.timestamp(946_688_461.007) } == "2000-01-01T01:01:01.007Z")
        #expect(written { $0.timestamp(0) } == "1970-01-01T00:00:00.000Z")
        #expect(written { $0.timestamp(951_868_799.999_4) } == "2000-02-29T23:59:59.999Z")
        #expect(written { $0.timestamp(4_107_542_400) } == "2100-03-01T00:00:00.000Z")
    }

    /// A line's date and second are copied from the last line's when they are the same second:
    /// each time reads as it does spelled alone, within a second, into the next, back to an
    /// earlier one, across a day and a year.
    @Test func accessLogTimesReuseTheLastSecondsText() {
        let times: [Double] = [
            1_795_984_773.123, 1_795_984_773.999, 1_795_984_773.000_4, 1_795_984_774.5, 1_795_984_773.2,
            1_795_984_799.999_6, 1_798_761_599.999, 1_798_761_600.001, 1_798_761_600.002, 0, 0.5,
        ]
        var stamp = AccessLog.SecondStamp()
        var reused: [String] = []
        for time in times {
            reused.append(written { $0.timestamp(time, reusing: &stamp) })
        }
        #expect(reused == times.map { time in written { $0.timestamp(time) } })
        #expect(reused[1] == "2026-11-29T20:39:33.999Z")
        #expect(reused[5] == "2026-11-29T20:40:00.000Z")
        #expect(reused[7] == "2027-01-01T00:00:00.001Z")
        #expect(stamp.second == 0)
    }

    /// The date is computed by arithmetic instead of `gmtime_r` (its time-zone lock, per request):
    /// the same date and time as `gmtime_r` for every day of two centuries and random seconds.
    @Test func accessLogDatesAreGmtimes() {
        var generator = SystemRandomNumberGenerator()
        let days = Int64(0)..<Int64(73_049)  // 1970-01-01 to 2169-12-31
        for day in days where day % 7 == 0 || day % 365 < 3 || day % 1461 > 1455 {
            let seconds = day * 86_400 + Int64.random(in: 0..<86_400, using: &generator)
            var time = time_t(seconds)
            var parts = tm()
            #expect(gmtime_r(&time, &parts) != nil)
            let civil = AccessLog.civil(seconds: seconds)
            let expected = (parts.tm_year + 1900, parts.tm_mon + 1, parts.tm_mday)
            #expect(civil.year == expected.0 && civil.month == expected.1 && civil.day == expected.2, "\(seconds)")
            #expect(civil.second == parts.tm_hour * 3600 + parts.tm_min * 60 + parts.tm_sec, "\(seconds)")
        }
    }

    /// The access line's figures are written as digits in place; the durations read as
    /// `String(Double)` prints them, so the log's format does not depend on the writer.
    @Test func accessLogFiguresAreTheDigitsStringPrinted() {
        for seconds in [0.000_181, 0.0125, 0.003, 0.0, 1.234_567, 12.000_4, 0.000_000_4, 31.5] {
            #expect(
                written { $0.milliseconds(seconds) } == String((seconds * 1e6).rounded() / 1e3),
                "\(seconds)")
        }
        for value in [0, 7, 10, 200, 499, 65_536, 1_000_000] {
            #expect(written { $0.decimal(value) } == String(value))
        }
        #expect(written { $0.decimal(-5) } == "0")
        let record = AccessRecord(
            requestID: "r-1", method: "GET", path: "/healthz", route: "/healthz", status: 200, bytes: 15,
            duration: 0.000_181, startedAt: 1_795_984_773.123)
        var line = Array("before\n".utf8)
        AccessLog.appendLine(record, to: &line)
        #expect(
            String(decoding: line, as: UTF8.self)
                == "before\n"
                + #"{"time":"2026-11-29T20:39:33.123Z","id":"r-1","method":"GET","path":"/healthz","status":200,"bytes":15,"duration_ms":0.181}"#
                + "\n")
    }

    /// The longest line its fields can make fits the room made for it (the speller asserts so in
    /// a debug build): every string byte a control byte (six bytes escaped), the largest numbers.
    @Test func theLongestAccessLineFitsItsRoom() {
        let record = AccessRecord(
            requestID: String(repeating: "\u{1}", count: 64), method: "\u{1F}",
            path: String(repeating: "\u{7}", count: 300),
            route: "unmatched", status: .max, bytes: .max, duration: 1e12, startedAt: 4_107_542_400)
        var line: [UInt8] = []
        AccessLog.appendLine(record, to: &line)
        let id = String(repeating: #"\u0001"#, count: 64)
        let path = String(repeating: #"\u0007"#, count: 300)
        #expect(
            String(decoding: line, as: UTF8.self)
                == #"{"time":"2100-03-01T00:00:00.000Z","id":""# + id + #"","method":"\u001f","path":""# + path
                + #"","status":9223372036854775807,"bytes":9223372036854775807,"duration_ms":1000000000000000.0}"#
                + "\n")
    }

    @Test func writesOneAccessLogLinePerRequest() throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer { close(fds[0]) }
        try withService(accessLogDescriptor: fds[1]) { service in
            _ = try httpRequest(port: service.port, "GET", "/healthz", headers: [("X-Request-Id", "log-test-1")])
            _ = try httpRequest(port: service.port, "GET", "/nope", headers: [("X-Request-Id", "log-test-2")])
        }
        close(fds[1])
        let bytes = readToEnd(fds[0])
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n")
        #expect(lines.count == 2)
        // A line is written when libmicrohttpd reports its request complete, on that connection's
        // worker thread, so the two lines may come in either order: find them by request id.
        let records = try lines.map { try JSONParser.parse(Array($0.utf8)).value }
        let first = try #require(records.first { $0["id"]?.string == "log-test-1" })
        #expect(first["method"]?.string == "GET")
        #expect(first["path"]?.string == "/healthz")
        #expect(first["status"]?.integer == 200)
        #expect(first["bytes"]?.integer == 15)
        #expect(first["duration_ms"]?.double != nil)
        let time = try #require(first["time"]?.string)
        #expect(time.count == 24, "\(time)")
        #expect(time.hasSuffix("Z"))
        #expect(
            Array(time).enumerated().allSatisfy { index, character in
                [4, 7].contains(index)
                    ? character == "-"
                    : index == 10
                        ? character == "T"
                        : [13, 16].contains(index)
                            ? character == ":"
                            : index == 19
                                ? character == "."
                                : index == 23 ? character == "Z" : character.isNumber
            }, "\(time)")
        let second = try #require(records.first { $0["id"]?.string == "log-test-2" })
        #expect(second["path"]?.string == "/nope")
        #expect(second["status"]?.integer == 404)
    }
}

// MARK: - Batches

extension AccessLogTests {
    /// 2,000 lines through a small buffer (the writer woken every few lines, so it swaps its
    /// buffer with the workers' hundreds of times): every line arrives whole, once, in order, or
    /// is counted as dropped.
    @Test func manyBatchesKeepEveryLineWholeAndInOrder() throws {
        let directory = try scratchDirectory("batches")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("access.log").path
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        try #require(descriptor >= 0)
        let log = AccessLog(descriptor: descriptor, bufferBytes: 16384)
        for index in 0..<2000 {
            log.write(record(index))
            if index % 10 == 9 { usleep(200) }
        }
        log.close()
        close(descriptor)
        let bytes = try #require(FileManager.default.contents(atPath: path))
        let ids = try bytes.split(separator: 0x0A).map { line -> Int in
            let value = try JSONParser.parse(Array(line)).value
            let id = try #require(value["id"]?.string)
            return try #require(Int(String(id.dropFirst(5))))
        }
        #expect(ids.count + log.dropped == 2000, "\(ids.count) written, \(log.dropped) dropped")
        #expect(zip(ids, ids.dropFirst()).allSatisfy { $0 < $1 }, "lines out of order or repeated")
        #expect(ids.count > 1000)
    }
}
