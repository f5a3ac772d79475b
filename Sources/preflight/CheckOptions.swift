import Foundation
import PreflightCore

/// What `preflight check`'s arguments ask for.
struct CheckOptions {
    var configPath: String?
    var headers = APNsHeaders()
    var format = "text"
    var noFetch = false
    var profileName: String?
    var envelopeFormat: EnvelopeFormat?
    var expectMedia = false
    private var formatGiven = false
    /// The payload files and directories, in the order given; `-` (at most once) for stdin.
    var inputs: [String] = []
    /// `--ndjson FILE|-`: one push per line, judged in bulk (no other input may be named).
    var ndjson: String?

    /// Reads the arguments; a mistake throws a `UsageError` naming the option.
    init(_ arguments: [String]) throws {
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if try !take(argument, arguments, &index) {
                guard argument == "-" || !argument.hasPrefix("-") else {
                    throw UsageError(message: "check: unexpected argument \(argument)")
                }
                guard argument != "-" || !inputs.contains("-") else {
                    throw UsageError(message: "check: - (stdin) given more than once")
                }
                inputs.append(argument)
            }
            index += 1
        }
        if ndjson != nil {
            guard inputs.isEmpty else {
                throw UsageError(message: "check: --ndjson reads one input; \(inputs[0]) is another")
            }
            guard format == "json" || !formatGiven else {
                throw UsageError(message: "--ndjson writes JSON Lines: --format \(format) does not apply")
            }
            return
        }
        guard !inputs.isEmpty else {
            throw UsageError(message: "check: name payload FILEs or DIRECTORYs, or - for stdin")
        }
    }

    /// Takes one option (and its value, moving `index` past it); false when `argument` is not one.
    private mutating func take(_ argument: String, _ arguments: [String], _ index: inout Int) throws -> Bool {
        switch argument {
        case "--config": configPath = try optionValue(argument, arguments, &index)
        case "--no-fetch": noFetch = true
        case "--profile": profileName = try optionValue(argument, arguments, &index)
        case "--expect":
            let value = try optionValue(argument, arguments, &index)
            guard value == "media" else { throw UsageError(message: "--expect: expected media, got \"\(value)\"") }
            expectMedia = true
        case "--format-in":
            let name = try optionValue(argument, arguments, &index)
            guard let named = EnvelopeFormat(rawValue: name) else {
                let known = EnvelopeFormat.allCases.map(\.rawValue).joined(separator: ", ")
                throw UsageError(message: "--format-in: expected one of \(known), got \"\(name)\"")
            }
            envelopeFormat = named
        case "--ndjson": ndjson = try optionValue(argument, arguments, &index)
        case "--format":
            formatGiven = true
            format = try optionValue(argument, arguments, &index)
            guard ["text", "json", "junit"].contains(format) else {
                throw UsageError(message: "--format: expected text, json or junit, got \"\(format)\"")
            }
        case "--header": try addHeader(try optionValue(argument, arguments, &index))
        default: return false
        }
        return true
    }

    /// `--header NAME:VALUE`, which must be a header APNs defines (or an Azure
    /// `ServiceBusNotification-*` header the `azure` envelope reads; other names are ignored).
    private mutating func addHeader(_ header: String) throws {
        guard let colon = header.firstIndex(of: ":") else {
            throw UsageError(message: "--header: expected NAME:VALUE, got \"\(header)\"")
        }
        let name = String(header[..<colon])
        let value = header[header.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        if headers.give(name, value) == .unknownAPNsHeader {
            throw UsageError(
                message: "--header: \(name) is not a header APNs defines (\(APNsHeaders.names.joined(separator: ", ")))"
            )
        }
    }
}
