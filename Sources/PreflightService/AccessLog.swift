import Glibc
import PreflightCore
public import PreflightHTTP

/// Writes one JSON line per finished request to a file descriptor (stdout by default).
public struct AccessLog: Sendable {
    private let descriptor: Int32

    public init(descriptor: Int32 = 1) {
        self.descriptor = descriptor
    }

    /// Writes the line for `record`; a single `write` keeps lines whole between threads.
    public func write(_ record: AccessRecord) {
        // Built by hand: this runs once per request, and a generic writer costs more than the I/O.
        var line: [UInt8] = []
        line.reserveCapacity(192)
        line += #"{"time":""#.utf8
        line += Self.timestamp(record.startedAt).utf8
        line += #"","id":"#.utf8
        JSONWriter.appendQuoted(record.requestID, to: &line)
        line += #","method":"#.utf8
        JSONWriter.appendQuoted(record.method, to: &line)
        line += #","path":"#.utf8
        JSONWriter.appendQuoted(record.path, to: &line)
        line += #","status":"#.utf8
        line += String(record.status).utf8
        line += #","bytes":"#.utf8
        line += String(record.bytes).utf8
        line += #","duration_ms":"#.utf8
        line += String((record.duration * 1e6).rounded() / 1e3).utf8
        line += "}\n".utf8
        line.withUnsafeBytes { bytes in
            _ = Glibc.write(descriptor, bytes.baseAddress, bytes.count)
        }
    }

    /// RFC 3339 UTC time with milliseconds, written as digits without Foundation's formatter
    /// or intermediate strings: this runs once per request.
    static func timestamp(_ seconds: Double) -> String {
        var time = time_t(seconds)
        var parts = tm()
        gmtime_r(&time, &parts)
        let millis = Int32((seconds - Double(time)) * 1000)
        var bytes = [UInt8](repeating: 0, count: 24)
        func put(_ value: Int32, _ width: Int, at offset: Int) {
            var rest = value
            for index in stride(from: offset + width - 1, through: offset, by: -1) {
                bytes[index] = UInt8(truncatingIfNeeded: 0x30 + rest % 10)
                rest /= 10
            }
        }
        put(parts.tm_year + 1900, 4, at: 0)
        put(parts.tm_mon + 1, 2, at: 5)
        put(parts.tm_mday, 2, at: 8)
        put(parts.tm_hour, 2, at: 11)
        put(parts.tm_min, 2, at: 14)
        put(parts.tm_sec, 2, at: 17)
        put(max(0, min(999, millis)), 3, at: 20)
        for (offset, separator) in [(4, "-"), (7, "-"), (10, "T"), (13, ":"), (16, ":"), (19, "."), (23, "Z")] {
            bytes[offset] = UInt8(ascii: Unicode.Scalar(separator)!)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
