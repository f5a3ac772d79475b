import Glibc
import PreflightCore
import PreflightService

/// `preflight demo`: the service and a sample-media origin on loopback, and three commands to
/// paste whose answers are pass, warn and fail. Runs until SIGTERM or SIGINT.
enum DemoCommand {
    static func run(_ arguments: [String]) -> Int32 {
        var port = 8080
        var originPort = 8081
        do {
            var index = 0
            while index < arguments.count {
                let name = arguments[index]
                guard name == "--port" || name == "--origin-port" else {
                    throw UsageError(message: "demo: unknown argument \(name)")
                }
                let value = try portValue(name, arguments, &index)
                if name == "--port" { port = value } else { originPort = value }
                index += 1
            }
        } catch {
            printError("preflight: \(error)")
            return 2
        }
        signal(SIGPIPE, SIG_IGN)
        let origin: Demo.Origin
        let service: PreflightService
        do {
            origin = try Demo.Origin(port: originPort)
            service = try PreflightService(
                configuration: Demo.configuration(port: port, originPort: origin.port), accessLogDescriptor: nil)
            try service.start()
        } catch {
            printError("preflight: demo: \(error)")
            return 1
        }
        // Written at once (not buffered): a reader of a pipe sees the commands while the demo runs.
        let text = Array((Demo.instructions(port: service.port, originPort: origin.port) + "\n").utf8)
        let written = text.withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
        if written != text.count { printError("preflight: demo: stdout: wrote \(written) of \(text.count) bytes") }
        while StopSignals.ignored.contains(StopSignals.wait()) {}
        service.shutdown()
        origin.stop()
        return 0
    }
}
