internal import CCrypto
internal import CCurl
internal import CPreflightShims
import PreflightCore

/// The TLS hop's certificate chain, copied out as DER on the fetch thread (nothing is parsed
/// here: `TrustRules` reads it when the report is built), and OpenSSL's own security level
/// lowered so that weak keys and signatures reach those rules instead of failing the handshake.
extension Transfer {
    /// The chain of the connection this response came on, leaf first: the one OpenSSL verified
    /// (`SSL_get0_verified_chain`, up to the trust anchor) when verification passed, else what the
    /// peer sent (`SSL_get_peer_cert_chain`, which on a client includes the leaf). Nil when the
    /// session is not OpenSSL's or a certificate cannot be encoded.
    func presentedCertificates() -> [[UInt8]]? {
        guard let ssl = openSSLSession() else { return nil }
        let verified = SSL_get_verify_result(ssl) == X509_V_OK ? SSL_get0_verified_chain(ssl) : nil
        guard let stack = verified ?? SSL_get_peer_cert_chain(ssl) else { return nil }
        let count = OPENSSL_sk_num(stack)
        guard count > 0 else { return nil }
        var chain: [[UInt8]] = []
        for index in 0..<count {
            guard let raw = OPENSSL_sk_value(stack, index), let der = Self.der(OpaquePointer(raw))
            else { return nil }
            chain.append(der)
        }
        return chain
    }

    /// One certificate's DER: `i2d_X509` sizes it, then writes it into a buffer of that size.
    private static func der(_ certificate: OpaquePointer) -> [UInt8]? {
        let length = i2d_X509(certificate, nil)
        guard length > 0 else { return nil }
        var written: Int32 = 0
        let bytes = [UInt8](unsafeUninitializedCapacity: Int(length)) { buffer, count in
            var cursor = buffer.baseAddress
            written = i2d_X509(certificate, &cursor)
            count = written == length ? Int(length) : 0
        }
        return written == length ? bytes : nil
    }
}

/// Sets OpenSSL's security level to 0 on each connection's SSL_CTX (curl calls this before the
/// handshake). At Debian's default level an RSA-1024 or SHA-1-signed certificate fails
/// verification inside OpenSSL ("CA certificate key too weak") before iOS's rules can name it;
/// the device's own rules for those are `TrustRules`'. A level that did not take fails the
/// connection (`CURLE_SSL_CERTPROBLEM`) rather than verifying at another level unnoticed.
let lowerSecurityLevel: curl_ssl_ctx_callback = { _, context, _ in
    guard let context else { return CURLE_SSL_CERTPROBLEM }
    let sslContext = OpaquePointer(context)
    SSL_CTX_set_security_level(sslContext, 0)
    return SSL_CTX_get_security_level(sslContext) == 0 ? CURLE_OK : CURLE_SSL_CERTPROBLEM
}
