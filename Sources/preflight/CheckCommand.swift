import Foundation
import PreflightCore
import PreflightFetch
import PreflightService
import Synchronization

/// `preflight check`: the same engine on files, directories (their `*.json`, recursively) or stdin;
/// exit 0 when no push fails, 1 when one fails or a file cannot be read, 2 on a usage error.
enum CheckCommand {
    static func run(_ arguments: [String]) -> Int32 {
        do {
            let options = try CheckOptions(arguments)
            let configuration = try loadConfiguration(path: options.configPath)
            if let path = options.ndjson {
                return try BulkCommand.run(path, options: options, configuration: configuration)
            }
            let inputs = PayloadFiles(options.inputs)
            guard !inputs.entries.isEmpty else {
                throw UsageError(message: "check: no *.json file in \(options.inputs.joined(separator: ", "))")
            }
            let fetcher = try makeFetcher(configuration, noFetch: options.noFetch)
            defer { fetcher?.shutdown() }
            let profile = try Self.profile(named: options.profileName, in: configuration)
            var output = CheckOutput(format: options.format, several: inputs.several)
            var files: [CheckedFile] = []
            for entry in inputs.entries {
                guard
                    let file = judge(
                        entry, options: options, profile: profile, configuration: configuration, media: fetcher)
                else { return 2 }
                output.write(file)
                files.append(file)
            }
            output.finish(files)
            return files.contains(where: \.fails) ? 1 : 0
        } catch {
            printError("preflight: \(error)")
            return 2
        }
    }

    /// One input read and judged: a report per push (one per message of an Expo array, in
    /// order), or the reason it could not be read. Nil when a check never answered.
    static func judge(
        _ entry: PayloadFiles.Entry, options: CheckOptions, profile: ExtensionProfile?,
        configuration: PreflightConfiguration, media: MediaFetcher?
    ) -> CheckedFile? {
        let body: [UInt8]
        switch entry {
        case .stdin: body = Array(FileHandle.standardInput.readDataToEndOfFile())
        case .unreadable(let path, let reason): return CheckedFile(path: path, unreadable: reason)
        case .file(let path):
            switch PayloadFiles.read(path) {
            case .success(let bytes): body = bytes
            case .failure(let failure): return CheckedFile(path: path, unreadable: failure.reason)
            }
        }
        let expo = BatchRequest.expoBody(body, format: options.envelopeFormat, headers: options.headers)
        let messages = expo?.messages
        let bodies = messages?.items.map(\.payload) ?? [body]
        let format = messages == nil ? options.envelopeFormat : .expo
        var pushes: [CheckedFile.Push] = []
        for item in bodies {
            let start = ContinuousClock.now
            guard
                let report = check(
                    item, format: format, options: options, profile: profile, configuration: configuration,
                    media: media, parsed: messages == nil ? expo?.parsed : nil)
            else { return nil }
            let elapsed = start.duration(to: .now).components
            pushes.append(
                .init(report: report, seconds: Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18))
        }
        return CheckedFile(path: entry.path, pushes: pushes, isBatch: messages != nil)
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
}
