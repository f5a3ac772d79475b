import Foundation
import PreflightCore
import PreflightFetch
import PreflightService
import Synchronization

/// `preflight check`: the same engine on a file or stdin; exit 0 pass or warn, 1 fail, 2 usage.
enum CheckCommand {
    static func run(_ arguments: [String]) -> Int32 {
        do {
            let options = try CheckOptions(arguments)
            let configuration = try loadConfiguration(path: options.configPath)
            let body = try readBody(options.input)
            let fetcher = try makeFetcher(configuration, noFetch: options.noFetch)
            let profile: ExtensionProfile?
            do {
                profile = try Self.profile(named: options.profileName, in: configuration)
            } catch {
                fetcher?.shutdown()
                throw error
            }
            // An Expo request with several messages: one report per message, in order.
            let expo = BatchRequest.expoBody(Array(body), format: options.envelopeFormat, headers: options.headers)
            let messages = expo?.messages
            let bodies = messages?.items.map(\.payload) ?? [Array(body)]
            let format = messages == nil ? options.envelopeFormat : .expo
            var reports: [Report] = []
            for item in bodies {
                guard
                    let report = check(
                        item, format: format, options: options, profile: profile, configuration: configuration,
                        media: fetcher, parsed: messages == nil ? expo?.parsed : nil)
                else {
                    fetcher?.shutdown()
                    return 2
                }
                reports.append(report)
            }
            fetcher?.shutdown()
            printReports(reports, format: options.format, asBatch: messages != nil)
            return reports.contains { $0.verdict == .fail } ? 1 : 0
        } catch {
            printError("preflight: \(error)")
            return 2
        }
    }

    /// The payload's bytes, from the file or stdin (`-`).
    static func readBody(_ input: String) throws -> Data {
        if input == "-" { return FileHandle.standardInput.readDataToEndOfFile() }
        guard let data = FileManager.default.contents(atPath: input) else {
            throw UsageError(message: "cannot read \(input)")
        }
        return data
    }

    /// The fetcher, or nil when downloads are off (`--no-fetch`, `fetch.enabled`). The egress
    /// ranges are read as `serve` reads them, downloads or not: a file `check` accepts must
    /// start the server.
    static func makeFetcher(_ configuration: PreflightConfiguration, noFetch: Bool) throws -> MediaFetcher? {
        _ = try EgressPolicy(configuration.egress)
        return noFetch || !configuration.fetch.enabled
            ? nil : try PreflightCheck.makeFetcher(configuration: configuration)
    }

    /// The profile `--profile` names (nil: the configuration picks one per push).
    static func profile(named name: String?, in configuration: PreflightConfiguration) throws -> ExtensionProfile? {
        guard let name else { return nil }
        guard let named = configuration.profiles[name] else {
            throw UsageError(message: "--profile: no profile \"\(name)\" (\(configuration.profileNames))")
        }
        return named
    }

    /// Runs the whole check and waits for its report (nil: the check never answered).
    static func check(
        _ body: [UInt8], format: EnvelopeFormat?, options: CheckOptions, profile: ExtensionProfile?,
        configuration: PreflightConfiguration, media: MediaFetcher?, parsed: ParsedPayload? = nil
    ) -> Report? {
        let check = PreflightCheck(configuration: configuration, media: media)
        let done = DispatchSemaphore(value: 0)
        let result = Mutex<Report?>(nil)
        check.run(
            body: body, headers: options.headers, fetch: !options.noFetch, profile: profile,
            format: format, expectMedia: options.expectMedia, parsed: parsed
        ) { outcome in
            let report = outcome.report()
            result.withLock { $0 = report }
            done.signal()
        }
        done.wait()
        return result.withLock { $0 }
    }

    /// The reports as JSON (several as the batch endpoint answers them, `{"results": [...]}`), or
    /// as text, one after another with a blank line between.
    static func printReports(_ reports: [Report], format: String, asBatch: Bool) {
        guard asBatch else { return reports.forEach { printReport($0, format: format) } }
        if format == "json" {
            print(#"{"results":["# + reports.map(\.json).joined(separator: ",") + "]}")
            return
        }
        for (index, report) in reports.enumerated() {
            if index > 0 { print("") }
            printReport(report, format: format)
        }
    }

    /// The report as JSON, or as text (in color on a terminal unless `NO_COLOR` is set).
    static func printReport(_ report: Report, format: String) {
        if format == "json" {
            print(report.json)
        } else {
            print(TextReport(report: report, color: isatty(STDOUT_FILENO) == 1 && getenv("NO_COLOR") == nil).text)
        }
    }
}
