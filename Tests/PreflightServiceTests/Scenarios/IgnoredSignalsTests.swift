import Foundation
import Glibc
import Testing

/// Signals whose default action would end `serve` without a drain.
@Suite struct IgnoredSignalsTests {
    /// SIGHUP (logrotate's `kill -HUP`, a closed terminal), SIGUSR1 and SIGUSR2, sent twice each
    /// to the real binary, are ignored: `/healthz` still answers 200 and SIGTERM then drains and
    /// exits 0 (left at their default, the first one kills the process: status nil here).
    @Test(arguments: [SIGHUP, SIGUSR1, SIGUSR2])
    func aSignalThatIsNotAStopIsIgnored(signal: Int32) throws {
        // `env` resets the signal's disposition: one inherited as ignored would hide the default.
        let server = try ServerProcess(launcher: ["/usr/bin/env", "--default-signal=HUP,USR1,USR2"])
        #expect(try httpRequest(port: server.port, "GET", "/healthz").status == 200)
        let status = try String(contentsOfFile: "/proc/\(server.process.processIdentifier)/status", encoding: .utf8)
        let masks = status.split(separator: "\n").filter { $0.hasPrefix("SigBlk") || $0.hasPrefix("SigIgn") }
        for _ in 0..<2 {
            server.signal(signal)
            // Answered after the signal was taken: a killed process refuses the connection.
            #expect(try httpRequest(port: server.port, "GET", "/healthz").status == 200, "\(masks)")
        }
        server.signal(SIGTERM)
        #expect(server.waitForExit(seconds: 10) == 0)
    }
}
