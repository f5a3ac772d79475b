/// A failed download's finding, one row per failure kind: the code, the message and the fix.
extension MediaRules {
    /// The finding for `failure`. `.tooLarge` has its row for completeness: `evaluate` judges a
    /// download stopped for size on, and its size step says by how much.
    static func finding(for failure: DownloadOutcome.Failure, key: String, download: DownloadOutcome) -> Finding {
        let row = failureRow(failure, bytes: download.bytes)
        return Finding(row.code, path: key, message: row.message, fix: row.fix)
    }

    private static func failureRow(_ failure: DownloadOutcome.Failure, bytes: Int)
        -> (code: FindingCode, message: String, fix: String)
    {
        switch failure {
        case .blocked(let address, let rule):
            (
                .fetchBlocked, "the download was refused before connecting: \(address) is \(rule)",
                "host the media on a public address (or open the range with egress.allow_cidrs / egress.allowed_ports)"
            )
        case .dns(let detail):
            (
                .fetchDNS, "the media host does not resolve: \(detail)",
                "check the host name in the media URL"
            )
        case .connect(let detail):
            (
                .fetchConnect, "no connection to the media host: \(detail)",
                "check the host is up and reachable on that port from the public internet"
            )
        case .tls(let detail):
            (
                .fetchTLS, "the TLS handshake failed: \(detail)",
                "serve a valid certificate for this host name, signed by a public CA, with its full chain"
            )
        case .timeout(let detail):
            (
                .fetchTimeout, "the download did not finish in time: \(detail)",
                "serve the media faster and smaller: the extension has about 30 s in all"
            )
        case .tooManyRedirects:
            (
                .fetchTooManyRedirects, "the URL redirected more than the limit allows (a loop, or a long chain)",
                "put the final URL in the payload"
            )
        case .truncated(let detail):
            (
                .fetchTruncated, "the body ended early after \(bytes) bytes: \(detail)",
                "check the origin sends the whole file (Content-Length matching the bytes, no dropped connections)"
            )
        case .refused(let detail):
            (
                .fetchBlocked, "the download was refused: \(detail)",
                "serve the media over https from a public host, without redirects to other schemes"
            )
        case .ats(let detail):
            (
                .fetchATS, "App Transport Security refuses this download on the device: \(detail)",
                "serve every hop over https with TLS 1.2+ and an ECDHE AES suite (or TLS 1.3), and a certificate with an RSA 2048+ or P-256+ key signed with SHA-256+"
            )
        case .tooLarge(let limit):
            (
                .mediaTooLarge, "the download was stopped past \(limit) bytes",
                "shrink the media below its kind's limit"
            )
        case .other(let detail):
            (
                .fetchFailed, "the download failed: \(detail)",
                "check the media URL opens in a browser"
            )
        }
    }
}
