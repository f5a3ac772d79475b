internal import CCrypto
internal import CPreflightShims
import PreflightCore

/// What this binary is: its version, the commit and date it was built from, and the C
/// libraries it runs with (`GET /v1/version`, `preflight version`).
public struct BuildInfo: Sendable {
    public var version = PreflightService.version
    public var commit = String(cString: CPreflightShims_build_commit())
    public var buildDate = String(cString: CPreflightShims_build_date())
    public var microhttpd = String(cString: CPreflightShims_microhttpd_version())
    public var curl = String(cString: CPreflightShims_curl_version())
    /// `OpenSSL 3.0.19 27 Jan 2026`: OpenSSL's own version string.
    public var openSSL = OpenSSL_version(Int32(OPENSSL_VERSION)).map { String(cString: $0) } ?? "unknown"

    public init() {}

    public static let current = BuildInfo()

    public var json: [UInt8] {
        var writer = JSONWriter(capacity: 256)
        writer.object { object in
            object.field("version", version)
            object.field("commit", commit)
            object.field("build_date", buildDate)
            object.field("libmicrohttpd", microhttpd)
            object.field("libcurl", curl)
            object.field("openssl", openSSL)
        }
        return writer.finished()
    }

    /// One line for `preflight version`.
    public var line: String {
        "preflight \(version) (commit \(commit), \(buildDate)); libmicrohttpd \(microhttpd), libcurl \(curl), \(openSSL)"
    }
}
