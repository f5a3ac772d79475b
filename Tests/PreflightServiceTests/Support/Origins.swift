import Foundation
import PreflightCore
import PreflightService
import Testing

/// The loopback origins `Tests/Origins/with-origins.sh` starts (nginx and the misbehaving origin).
struct Origins {
    var media: String
    var caFile: String
    var httpPort: Int
    var httpsPort: Int
    var originPort: Int
    /// nginx with TLS 1.2 and only RSA key exchange, and with TLS 1.1 only.
    var rsaKeyExchangePort: Int
    var tls11Port: Int
    /// nginx preferring RSA key exchange while it supports ECDHE, and with TLS 1.0 only (the
    /// ATS matrix's hosts: ats.test, sub.ats.test, deep.sub.ats.test, other.test).
    var preferRSAPort = 0
    var tls10Port = 0
    /// Whether the tests' DNS server (which never answers names under blackhole.test) is up: only
    /// inside the network namespace of `PREFLIGHT_NETNS=1`.
    var blackholeDNS = false

    /// Reads `PREFLIGHT_ORIGINS`; `make test` runs the tests through with-origins.sh, which sets it.
    static func load() throws -> Origins {
        guard let path = ProcessInfo.processInfo.environment["PREFLIGHT_ORIGINS"],
            let text = try? String(contentsOfFile: path, encoding: .utf8)
        else {
            throw TestConnection.Failure(
                description: "no test origins: run the tests with `make test` (Tests/Origins/with-origins.sh)")
        }
        var values: [String: String] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
            if parts.count == 2 { values[parts[0]] = parts[1] }
        }
        guard let media = values["MEDIA"], let caFile = values["CA_FILE"],
            let http = values["HTTP_PORT"].flatMap(Int.init), let https = values["HTTPS_PORT"].flatMap(Int.init),
            let origin = values["ORIGIN_PORT"].flatMap(Int.init), let rsa = values["RSAKX_PORT"].flatMap(Int.init),
            let tls11 = values["TLS11_PORT"].flatMap(Int.init)
        else { throw TestConnection.Failure(description: "incomplete origins file \(path)") }
        return Origins(
            media: media, caFile: caFile, httpPort: http, httpsPort: https, originPort: origin,
            rsaKeyExchangePort: rsa, tls11Port: tls11, preferRSAPort: values["PREFER_RSA_PORT"].flatMap(Int.init) ?? 0,
            tls10Port: values["TLS10_PORT"].flatMap(Int.init) ?? 0, blackholeDNS: values["BLACKHOLE_DNS"] == "1")
    }

    /// A configuration whose downloads reach these origins: the test CA, names pinned to
    /// loopback with `fetch.resolve`, loopback opened with `egress.allow_cidrs`.
    func configuration(openLoopback: Bool = true) -> PreflightConfiguration {
        var configuration = testConfiguration()
        configuration.fetch.caFile = caFile
        configuration.fetch.resolve = [
            "media.test:\(httpsPort):127.0.0.1", "media.test:\(httpPort):127.0.0.1",
            "selfsigned.test:\(httpsPort):127.0.0.1", "pss.test:\(httpsPort):127.0.0.1",
            "wrongname.test:\(httpsPort):127.0.0.1",
            "origin.test:\(originPort):127.0.0.1", "private.test:80:10.0.0.1",
            "media.test:\(rsaKeyExchangePort):127.0.0.1", "media.test:\(tls11Port):127.0.0.1",
        ]
        for host in Self.atsHosts {
            for port in [httpPort, httpsPort, preferRSAPort, tls10Port] {
                configuration.fetch.resolve.append("\(host):\(port):127.0.0.1")
            }
        }
        configuration.egress.allowCIDRs = openLoopback ? ["127.0.0.0/8", "::1/128"] : []
        configuration.egress.allowedPorts = [
            80, 443, httpPort, httpsPort, originPort, rsaKeyExchangePort, tls11Port,
            preferRSAPort, tls10Port,
        ]
        configuration.fetch.timeoutMs = 8000
        configuration.fetch.lowSpeedBytesPerSecond = 1024
        configuration.fetch.lowSpeedSeconds = 2
        configuration.payload.allowHTTPMedia = true
        return configuration
    }

    /// The names the ATS matrix's certificate holds.
    static let atsHosts = ["ats.test", "sub.ats.test", "deep.sub.ats.test", "other.test"]

    var https: String { "https://media.test:\(httpsPort)" }
    var http: String { "http://media.test:\(httpPort)" }
    var origin: String { "http://origin.test:\(originPort)" }

    /// How many requests the misbehaving origin got for `path`.
    func hits(_ path: String) throws -> Int {
        let response = try httpRequest(port: originPort, "GET", "/_hits?path=\(path)")
        return Int(response.text) ?? -1
    }
}

/// What one media check gave: the HTTP status, the report, and the finding codes but header ones.
struct MediaCheckResult {
    var status: Int
    var report: JSONValue
    var codes: [String]

    var media: JSONValue? { report["media"] }
    var attachment: JSONValue? { report["attachment"] }

    func finding(_ code: String) -> JSONValue? {
        guard case .array(let findings)? = report["findings"] else { return nil }
        return findings.first { $0["code"]?.string == code }
    }
}

/// Posts a valid rich push whose media is `url`, and checks the server still answers health after.
func checkMedia(_ service: PreflightService, url: String, key: String = "image") throws -> MediaCheckResult {
    var writer = JSONWriter()
    writer.object { payload in
        payload.key("aps")
        payload.object { aps in
            aps.field("alert", "Media test")
            aps.field("mutable-content", 1)
        }
        payload.key(text: key)
        payload.value(url)
    }
    let response = try httpRequest(
        port: service.port, "POST", "/v1/preflight", headers: [("apns-push-type", "alert")], body: writer.bytes)
    let report = try #require(response.json, "not JSON: \(response.text)")
    guard case .array(let findings)? = report["findings"] else {
        throw TestConnection.Failure(description: "no findings in \(response.text)")
    }
    let health = try httpRequest(port: service.port, "GET", "/healthz")
    #expect(health.status == 200, "the server stopped answering /healthz after \(url)")
    return MediaCheckResult(
        status: response.status, report: report,
        codes: findings.compactMap { $0["code"]?.string }.filter { !$0.hasPrefix("headers.") })
}
