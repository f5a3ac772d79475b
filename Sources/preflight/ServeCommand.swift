import Glibc
import PreflightCore
import PreflightService

/// `preflight serve`: runs the HTTP service until SIGTERM or SIGINT, then drains and exits 0.
enum ServeCommand {
    /// Lifts the soft limit on open files towards the hard one: every client connection and
    /// every download holds a descriptor, and the usual soft limit of 1024 is below the defaults.
    static func raiseOpenFileLimit(needed: Int) {
        var limit = rlimit()
        guard getrlimit(RLIMIT_NOFILE_CONSTANT, &limit) == 0, limit.rlim_cur < rlim_t(needed) else { return }
        let wanted = min(rlim_t(needed), limit.rlim_max)
        limit.rlim_cur = wanted
        if setrlimit(RLIMIT_NOFILE_CONSTANT, &limit) != 0 || wanted < rlim_t(needed) {
            printError("preflight: open file limit is \(wanted); \(needed) descriptors may be needed (raise ulimit -n)")
        }
    }

    static func run(_ arguments: [String]) -> Int32 {
        var configPath: String?
        var host: String?
        var port: Int?
        do {
            var index = 0
            while index < arguments.count {
                switch arguments[index] {
                case "--config": configPath = try optionValue("--config", arguments, &index)
                case "--host": host = try optionValue("--host", arguments, &index)
                case "--port": port = try portValue("--port", arguments, &index)
                default: throw UsageError(message: "serve: unknown argument \(arguments[index])")
                }
                index += 1
            }
        } catch {
            printError("preflight: \(error)")
            return 2
        }

        var configuration: PreflightConfiguration
        do {
            configuration = try loadConfiguration(path: configPath)
        } catch {
            printError("preflight: \(error)")
            return 2
        }
        if let host { configuration.listen.host = host }
        if let port { configuration.listen.port = port }

        signal(SIGPIPE, SIG_IGN)
        raiseOpenFileLimit(needed: configuration.server.maxConnections + 2 * configuration.fetch.maxConcurrent + 64)
        let service: PreflightService
        do {
            service = try PreflightService(configuration: configuration)
        } catch {
            printError("preflight: \(error)")
            return 2
        }
        do {
            try service.start()
        } catch {
            printError("preflight: \(error)")
            return 1
        }
        // Whether /v1 needs a key, in the line people read first.
        let auth =
            configuration.auth.apiKeys.isEmpty ? "auth off" : "auth on (\(configuration.auth.apiKeys.count) keys)"
        printError(
            "preflight \(versionString), \(auth), listening on \(configuration.listen.host):\(service.port)")
        if let admin = configuration.server.adminListen, let adminPort = service.adminPort {
            printError("preflight: admin listener (healthz, readyz, metrics) on \(admin.host):\(adminPort)")
        }

        // SIGTERM and SIGINT were blocked in main before any thread existed (`StopSignals.block`),
        // so one sent at any moment since is pending here, not lost or fatal.
        var number = StopSignals.wait()
        while StopSignals.ignored.contains(number) {
            // A terminal closing or logrotate's `kill -HUP` must not end the server undrained:
            // the log is stdout (nothing to reopen), and there is nothing to reload.
            printError("preflight: signal \(number) ignored (SIGTERM or SIGINT drains and stops)")
            number = StopSignals.wait()
        }
        printError("preflight: signal \(number): draining (at most \(configuration.server.drainTimeoutSeconds) s)")
        service.shutdown()
        printError("preflight: stopped")
        return 0
    }
}

/// SIGTERM and SIGINT for `serve`, and SIGHUP, SIGUSR1 and SIGUSR2, whose default action would
/// kill the process undrained: blocked in every thread from the start of `main`, then taken
/// synchronously with `sigwait` (the shape of swift-service-lifecycle's `UnixSignals`: no
/// signal may arrive before its handling is in place). The last three are taken and ignored.
enum StopSignals {
    /// Taken, logged and otherwise ignored.
    static let ignored: Set<Int32> = [SIGHUP, SIGUSR1, SIGUSR2]

    private static var set: sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        for number in [SIGTERM, SIGINT, SIGHUP, SIGUSR1, SIGUSR2] { sigaddset(&set, number) }
        return set
    }

    /// Blocks the signals in the calling thread; threads created afterwards inherit the mask.
    /// Call it first thing in `main`, before any thread exists.
    static func block() {
        var mask = set
        let status = pthread_sigmask(SIG_BLOCK, &mask, nil)
        precondition(status == 0, "pthread_sigmask failed: \(status)")
    }

    /// Waits for one of the signals (pending or to come) and returns it.
    static func wait() -> Int32 {
        var mask = set
        var number: Int32 = 0
        while true {
            let status = sigwait(&mask, &number)
            if status == 0 { return number }
            precondition(status == EINTR, "sigwait failed: \(status)")
        }
    }
}

/// `RLIMIT_NOFILE` as the `__rlimit_resource_t` Glibc's `getrlimit` takes.
private let RLIMIT_NOFILE_CONSTANT = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
