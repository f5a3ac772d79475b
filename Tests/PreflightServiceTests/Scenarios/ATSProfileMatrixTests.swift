import PreflightCore
import PreflightService
import Testing

/// ATS as the extension's Info.plist sets it (the profile's `ats`), judged on real origins:
/// a server that prefers RSA key exchange but supports ECDHE, a TLS 1.0-only server, plain
/// http, and an https URL that redirects to plain http on another host; each under no
/// exception, arbitrary loads (the `ats` key and the `allow_http_media` shorthand), and an
/// exception domain (the host itself, a subdomain with and without includes_subdomains, another host).
@Suite(.serialized) struct ATSProfileMatrixTests {
    let origins: Origins

    init() throws {
        origins = try Origins.load()
    }

    /// The extension's ATS, by name.
    enum Setting: String, CaseIterable {
        case none, arbitraryLoads, allowHTTPMedia, exception, exceptionWithSubdomains

        var ats: AppTransportSecurity? {
            let relaxed = AppTransportSecurity.ExceptionDomain(
                allowsInsecureHTTPLoads: true, requiresForwardSecrecy: false, minimumTLSVersion: .tls10)
            var withSubdomains = relaxed
            withSubdomains.includesSubdomains = true
            switch self {
            case .none: return .strict
            case .arbitraryLoads: return .arbitraryLoads
            case .allowHTTPMedia: return nil
            case .exception: return AppTransportSecurity(exceptionDomains: ["ats.test": relaxed])
            case .exceptionWithSubdomains: return AppTransportSecurity(exceptionDomains: ["ats.test": withSubdomains])
            }
        }
    }

    /// Which origin, on which host.
    enum Origin {
        case preferRSA, tls10, plainHTTP, redirectToOtherHTTP
    }

    func url(_ origin: Origin, host: String) -> String {
        switch origin {
        case .preferRSA: "https://\(host):\(origins.preferRSAPort)/media/image.jpg"
        case .tls10: "https://\(host):\(origins.tls10Port)/media/image.jpg"
        case .plainHTTP: "http://\(host):\(origins.httpPort)/media/image.jpg"
        case .redirectToOtherHTTP: "https://\(host):\(origins.httpsPort)/redirect/to-other-http"
        }
    }

    func check(_ setting: Setting, _ origin: Origin, host: String = "ats.test") throws -> MediaCheckResult {
        var configuration = origins.configuration()
        configuration.payload.allowHTTPMedia = setting == .allowHTTPMedia
        configuration.profiles["test"]?.ats = setting.ats
        return try withService(configuration) { service in try checkMedia(service, url: url(origin, host: host)) }
    }

    /// The report's `media.ats`, one entry per hop.
    static func hops(_ result: MediaCheckResult) -> [JSONValue] {
        guard case .array(let hops)? = result.media?["ats"] else { return [] }
        return hops
    }

    static let ats = ["media.fetch.ats"]
    static let insecure = ["media.url.insecure", "media.fetch.ats"]

    @Test(arguments: [
        // A server preferring RSA key exchange passes everywhere: under ATS it is offered only
        // ECDHE and agrees on it; elsewhere the extended checks are off or forward secrecy is lifted.
        (Setting.none, Origin.preferRSA, "ats.test", [String](), "default"),
        (.arbitraryLoads, .preferRSA, "ats.test", [], "allows_arbitrary_loads"),
        (.allowHTTPMedia, .preferRSA, "ats.test", [], "allows_arbitrary_loads"),
        (.exception, .preferRSA, "ats.test", [], "exception domain ats.test"),
        // TLS 1.0 only: ATS's minimum refuses it unless arbitrary loads or the domain's exception.
        (.none, .tls10, "ats.test", ats, "default"),
        (.arbitraryLoads, .tls10, "ats.test", [], "allows_arbitrary_loads"),
        (.allowHTTPMedia, .tls10, "ats.test", [], "allows_arbitrary_loads"),
        (.exception, .tls10, "ats.test", [], "exception domain ats.test"),
        (.exception, .tls10, "sub.ats.test", ats, "default"),
        (.exceptionWithSubdomains, .tls10, "sub.ats.test", [], "exception domain ats.test"),
        (.exceptionWithSubdomains, .tls10, "deep.sub.ats.test", [], "exception domain ats.test"),
        (.exceptionWithSubdomains, .tls10, "other.test", ats, "default"),
        // Plain http: only arbitrary loads or the domain's insecure-HTTP exception let it load.
        (.none, .plainHTTP, "ats.test", insecure, "default"),
        (.arbitraryLoads, .plainHTTP, "ats.test", [], "allows_arbitrary_loads"),
        (.allowHTTPMedia, .plainHTTP, "ats.test", [], "allows_arbitrary_loads"),
        (.exception, .plainHTTP, "ats.test", [], "exception domain ats.test"),
        (.exception, .plainHTTP, "sub.ats.test", insecure, "default"),
        (.exceptionWithSubdomains, .plainHTTP, "sub.ats.test", [], "exception domain ats.test"),
        (.exceptionWithSubdomains, .plainHTTP, "other.test", insecure, "default"),
    ])
    func judgesEachOriginByTheExtensionsATS(
        setting: Setting, origin: Origin, host: String, codes: [String], applied: String
    ) throws {
        let result = try check(setting, origin, host: host)
        #expect(result.codes == codes, "\(result.report)")
        let hops = Self.hops(result)
        #expect(hops.first?["applied"]?.string == applied, "\(result.report)")
        #expect((result.attachment != nil) == codes.isEmpty)
    }

    /// The offer is the phone's: a server that prefers RSA key exchange is seen agreeing on
    /// ECDHE under ATS, and on its own RSA choice when forward secrecy is lifted.
    @Test func theOfferDecidesWhatAServerPreferringRSAPicks() throws {
        let strict = try check(.none, .preferRSA)
        #expect(strict.media?["tls"]?["cipher"]?.string == "ECDHE-RSA-AES128-GCM-SHA256")
        let lifted = try check(.exception, .preferRSA)
        #expect(lifted.media?["tls"]?["cipher"]?.string == "AES128-GCM-SHA256")
        #expect(lifted.media?["tls"]?["key_exchange"]?.string == "RSA")
    }

    /// A TLS 1.0-only server under ATS's offer fails the handshake; the message says why.
    @Test func aTLS10ServerFailsAsATSFailsIt() throws {
        let result = try check(.none, .tls10)
        let message = result.finding("media.fetch.ats")?["message"]?.string ?? ""
        #expect(message.contains("the server offers no TLS 1.2 or later"), "\(message)")
        let allowed = try check(.exception, .tls10)
        #expect(["TLSv1", "TLSv1.0"].contains(allowed.media?["tls"]?["version"]?.string ?? ""))
    }

    /// https on ats.test, then plain http on other.test: the redirect is judged by other.test's
    /// rules (no exception there), the first hop by ats.test's.
    @Test(arguments: [
        (Setting.none, ["media.fetch.redirected", "media.fetch.ats"], ["default", "default"]),
        (.exception, ["media.fetch.redirected", "media.fetch.ats"], ["exception domain ats.test", "default"]),
        (.arbitraryLoads, ["media.fetch.redirected"], ["allows_arbitrary_loads", "allows_arbitrary_loads"]),
        (.allowHTTPMedia, ["media.fetch.redirected"], ["allows_arbitrary_loads", "allows_arbitrary_loads"]),
    ])
    func aRedirectToHTTPOnAnotherHostIsJudgedByThatHost(setting: Setting, codes: [String], applied: [String]) throws {
        let result = try check(setting, .redirectToOtherHTTP)
        #expect(result.codes == codes, "\(result.report)")
        let hops = Self.hops(result)
        #expect(hops.compactMap { $0["applied"]?.string } == applied)
        if codes.contains("media.fetch.ats") {
            #expect(
                result.finding("media.fetch.ats")?["message"]?.string?.hasSuffix(
                    "a redirect leads to http://other.test:\(origins.httpPort)/media/image.jpg, plain http") == true)
        }
    }
}
