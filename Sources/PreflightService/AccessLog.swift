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

    /// RFC 3339 UTC time with milliseconds, without Foundation's formatter on the hot path.
    static func timestamp(_ seconds: Double) -> String {
        var time = time_t(seconds)
        var parts = tm()
        gmtime_r(&time, &parts)
        let millis = Int((seconds - Double(time)) * 1000)
        func pad(_ value: Int32, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(pad(parts.tm_year + 1900, 4))-\(pad(parts.tm_mon + 1, 2))-\(pad(parts.tm_mday, 2))T"
            + "\(pad(parts.tm_hour, 2)):\(pad(parts.tm_min, 2)):\(pad(parts.tm_sec, 2)).\(pad(Int32(millis), 3))Z"
    }
}
