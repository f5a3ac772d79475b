internal import CCurl
import PreflightCore

extension Transfer {
    /// Sets what the TLS client offers: the lowest version, the TLS 1.2-and-older suites and the
    /// TLS 1.3 suites (each status checked: a refused option fails the job as `setupFailure`).
    /// OpenSSL refuses a cipher list of which it knows no name (CURLE_SSL_CIPHER at handshake).
    func configure(_ offer: TLSOffer) {
        let version: Int =
            switch offer.minimumVersion {
            case .tls10: Int(CURL_SSLVERSION_TLSv1_0)
            case .tls11: Int(CURL_SSLVERSION_TLSv1_1)
            case .tls12: Int(CURL_SSLVERSION_TLSv1_2)
            case .tls13: Int(CURL_SSLVERSION_TLSv1_3)
            }
        setLong(CURLOPT_SSLVERSION, version)
        setString(CURLOPT_SSL_CIPHER_LIST, offer.cipherList)
        setString(CURLOPT_TLS13_CIPHERS, offer.tls13Suites)
    }

    /// Why ATS fails a handshake that failed, or nil when it is not ATS's doing: with the ATS
    /// offer on the handle, a server that agrees on no version or no suite of it is one the
    /// phone cannot reach either. OpenSSL 3's words for each (a TLS 1.1-only server says
    /// "legacy sigalg disallowed or unsupported"; an RSA-key-exchange-only one, "handshake failure").
    func atsHandshakeRefusal(_ detail: String) -> String? {
        guard let offer, offer.enforcesATS else { return nil }
        let lower = detail.lowercased()
        if Self.versionRefused.contains(where: lower.contains) {
            return "the server offers no \(offer.minimumVersion.spoken) or later (\(detail))"
        }
        if Self.suiteRefused.contains(where: lower.contains) {
            return
                "the server agrees on none of the suites ATS offers (ECDHE key exchange with AES, or TLS 1.3) (\(detail))"
        }
        return nil
    }

    /// OpenSSL's words for a handshake that failed on the protocol version.
    static let versionRefused = [
        "unsupported protocol", "protocol version", "legacy sigalg", "no protocols available",
    ]
    /// OpenSSL's words for a handshake with no suite in common.
    static let suiteRefused = ["handshake failure", "no shared cipher", "no cipher match", "no ciphers available"]
}
