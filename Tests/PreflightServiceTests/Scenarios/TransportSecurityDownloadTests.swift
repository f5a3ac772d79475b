import PreflightCore
import PreflightService
import Testing

/// App Transport Security as the extension's URLSession enforces it, against nginx
/// origins on loopback: ECDHE (the default origin), RSA key exchange only, TLS 1.1 only, and an
/// https URL that redirects to http.
@Suite(.serialized) struct TransportSecurityDownloadTests {
    let origins: Origins

    init() throws {
        origins = try Origins.load()
    }

    /// The origins' configuration with no ATS exception (`allow_http_media` off, no profile `ats`).
    var strict: PreflightConfiguration {
        var configuration = origins.configuration()
        configuration.payload.allowHTTPMedia = false
        return configuration
    }

    @Test func anECDHEOriginPassesAndItsTLSIsReported() throws {
        try withService(origins.configuration()) { service in
            let result = try checkMedia(service, url: origins.https + "/media/image.jpg")
            #expect(result.codes == [])
            let tls = try #require(result.media?["tls"])
            #expect(["TLSv1.2", "TLSv1.3"].contains(tls["version"]?.string ?? ""))
            #expect(tls["key_exchange"]?.string == (tls["version"]?.string == "TLSv1.3" ? "any" : "ECDHE"))
            #expect(tls["certificate_key"]?.string == "RSA 2048")
            #expect(tls["signature"]?.string == "sha256WithRSAEncryption")
        }
    }

    /// RSA-PSS names no hash in its algorithm; its parameters hold SHA-256 here, as strong as ATS
    /// asks: no `media.fetch.ats` (it was refused as "rsassaPss, weaker than SHA-256").
    @Test func anRSAPSSSHA256CertificatePasses() throws {
        try withService(origins.configuration()) { service in
            let result = try checkMedia(service, url: "https://pss.test:\(origins.httpsPort)/media/image.jpg")
            #expect(result.codes == [])
            #expect(result.media?["tls"]?["signature"]?.string == "rsassaPss with sha256")
        }
    }

    /// Under ATS (no arbitrary loads) the handle offers only ECDHE suites: an RSA-key-exchange-only
    /// server agrees on none, as with the phone.
    @Test func rsaKeyExchangeIsRefused() throws {
        try withService(strict) { service in
            let result = try checkMedia(
                service, url: "https://media.test:\(origins.rsaKeyExchangePort)/media/image.jpg")
            #expect(result.codes == ["media.fetch.ats"])
            let message = result.finding("media.fetch.ats")?["message"]?.string ?? ""
            #expect(message.contains("the server agrees on none of the suites ATS offers"), "\(message)")
            #expect(result.attachment == nil)
        }
    }

    @Test func tls11OnlyIsRefused() throws {
        try withService(strict) { service in
            let result = try checkMedia(service, url: "https://media.test:\(origins.tls11Port)/media/image.jpg")
            #expect(
                result.codes == ["media.fetch.ats"], "\(result.finding("media.fetch.tls")?["message"]?.string ?? "")")
            // The handle offers TLS 1.2 and later only (TLSOffer), as the phone under ATS: the
            // handshake fails, though OpenSSL's security level 0 (Transfer+Chain) would take TLS 1.1.
            let message = result.finding("media.fetch.ats")?["message"]?.string ?? ""
            #expect(message.contains("no TLS 1.2 or later"), "\(message)")
        }
    }

    /// https to http: refused unless `payload.allow_http_media` (the device's ATS exception).
    @Test func aRedirectToHTTPIsRefusedUnlessHTTPIsAllowed() throws {
        try withService(strict) { service in
            let result = try checkMedia(service, url: origins.https + "/redirect/to-http")
            #expect(result.codes == ["media.fetch.redirected", "media.fetch.ats"])
            #expect(
                result.finding("media.fetch.ats")?["message"]?.string
                    == "App Transport Security refuses this download on the device: a redirect leads to \(origins.http)/media/image.jpg, plain http"
            )
        }
        try withService(origins.configuration()) { service in
            let result = try checkMedia(service, url: origins.https + "/redirect/to-http")
            #expect(result.codes == ["media.fetch.redirected"])
            #expect(result.attachment != nil)
        }
    }
}
