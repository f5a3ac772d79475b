import Foundation
import PreflightCore
import PreflightFetch
import PreflightService
import Synchronization

/// `preflight check`: the same engine on a file or stdin; exit 0 pass or warn, 1 fail, 2 usage.
enum CheckCommand {
    static func run(_ arguments: [String]) -> Int32 {
        var configPath: String?
        var headers = APNsHeaders()
        var format = "text"
        var noFetch = false
        var profileName: String?
        var envelopeFormat: EnvelopeFormat?
        var expectMedia = false
        var input: String?
        do {
            var index = 0
            while index < arguments.count {
                let argument = arguments[index]
                switch argument {
                case "--config": configPath = try optionValue(argument, arguments, &index)
                case "--no-fetch": noFetch = true
                case "--profile": profileName = try optionValue(argument, arguments, &index)
                case "--expect":
                    let value = try optionValue(argument, arguments, &index)
                    guard value == "media" else {
                        throw UsageError(message: "--expect: expected media, got \"\(value)\"")
                    }
                    expectMedia = true
                case "--format-in":
                    let name = try optionValue(argument, arguments, &index)
                    guard let named = EnvelopeFormat(rawValue: name) else {
                        let known = EnvelopeFormat.allCases.map(\.rawValue).joined(separator: ", ")
                        throw UsageError(message: "--format-in: expected one of \(known), got \"\(name)\"")
                    }
                    envelopeFormat = named
                case "--format":
                    format = try optionValue(argument, arguments, &index)
                    guard format == "text" || format == "json" else {
                        throw UsageError(message: "--format: expected text or json, got \"\(format)\"")
                    }
                case "--header":
                    let header = try optionValue(argument, arguments, &index)
                    guard let colon = header.firstIndex(of: ":") else {
                        throw UsageError(message: "--header: expected NAME:VALUE, got \"\(header)\"")
                    }
                    let name = String(header[..<colon])
                    let value = header[header.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                    if headers.give(name, value) == .unknownAPNsHeader {
                        throw UsageError(
                            message:
                                "--header: \(name) is not a header APNs defines (\(APNsHeaders.names.joined(separator: ", ")))"
                        )
                    }
                default:
                    guard input == nil, argument == "-" || !argument.hasPrefix("-") else {
                        throw UsageError(message: "check: unexpected argument \(argument)")
                    }
                    input = argument
                }
                index += 1
            }
            guard input != nil else { throw UsageError(message: "check: name a payload FILE, or - for stdin") }
        } catch {
            printError("preflight: \(error)")
            return 2
        }

        let configuration: PreflightConfiguration
        do {
            configuration = try loadConfiguration(path: configPath)
        } catch {
            printError("preflight: \(error)")
            return 2
        }
        let body: Data
        if input == "-" {
            body = FileHandle.standardInput.readDataToEndOfFile()
        } else if let path = input, let data = FileManager.default.contents(atPath: path) {
            body = data
        } else {
            printError("preflight: cannot read \(input ?? "")")
            return 2
        }

        let fetcher: MediaFetcher?
        do {
            // The egress ranges are read as `serve` reads them, downloads or not: a file `check`
            // accepts must start the server.
            _ = try EgressPolicy(configuration.egress)
            fetcher =
                noFetch || !configuration.fetch.enabled
                ? nil : try PreflightCheck.makeFetcher(configuration: configuration)
        } catch {
            printError("preflight: \(error)")
            return 2
        }
        var profile: ExtensionProfile?
        if let profileName {
            guard let named = configuration.profiles[profileName] else {
                printError("preflight: --profile: no profile \"\(profileName)\" (\(configuration.profileNames))")
                fetcher?.shutdown()
                return 2
            }
            profile = named
        }
        let check = PreflightCheck(configuration: configuration, media: fetcher)
        let done = DispatchSemaphore(value: 0)
        let result = Mutex<Report?>(nil)
        check.run(
            body: Array(body), headers: headers, fetch: !noFetch, profile: profile, format: envelopeFormat,
            expectMedia: expectMedia
        ) {
            outcome in
            let report = outcome.report()
            result.withLock { $0 = report }
            done.signal()
        }
        done.wait()
        fetcher?.shutdown()
        guard let report = result.withLock({ $0 }) else { return 2 }
        if format == "json" {
            print(report.json)
        } else {
            print(TextReport(report: report, color: isatty(STDOUT_FILENO) == 1 && getenv("NO_COLOR") == nil).text)
        }
        return report.verdict == .fail ? 1 : 0
    }
}
