/// iOS's certificate trust rules (`TrustRules`) on every TLS hop's chain, as a media step: each
/// broken rule is a `media.fetch.ats` error, and the judgement goes on (the media is still
/// judged, so the sender sees both).
extension MediaRules {
    static func trust(_ judgement: inout MediaJudgement) -> StepResult {
        var seen: [PresentedChain] = []
        for chain in judgement.download.chains where !seen.contains(chain) {
            seen.append(chain)
            guard let host = chain.host else { continue }
            for violation in TrustRules.violations(host: host, chain: chain.parsed) {
                judgement.findings.append(trustFinding(violation, host: host, key: judgement.key))
            }
        }
        return .next
    }

    static func trustFinding(_ violation: TrustRules.Violation, host: String, key: String) -> Finding {
        let certificate = violation.certificate
        let role =
            violation.position == 0
            ? "the certificate of \(host)" : "issuing CA \(violation.position) of \(host)'s chain"
        let dates = "\(Certificate.iso8601(certificate.notBefore)) to \(Certificate.iso8601(certificate.notAfter))"
        return Finding(
            .fetchATS, path: key,
            message:
                "iOS does not trust \(role) (rule \(violation.rule), \(violation.source)): \(violation.problem); subject \(certificate.subject), issuer \(certificate.issuer), valid \(dates)",
            fix: trustFixes[violation.rule] ?? "serve a certificate chain iOS trusts")
    }

    /// What to do about each rule.
    static let trustFixes: [String: String] = [
        "san": "put every host name the media is served from in the certificate's Subject Alternative Name",
        "eku": "issue the certificate with an ExtendedKeyUsage extension that includes serverAuth",
        "validity-825": "issue the certificate for 825 days or fewer (397 is what Apple recommends)",
        "validity-398": "issue the certificate for 398 days or fewer (Apple recommends 397)",
        "rsa-2048": "use RSA keys of 2048 bits or more (or ECDSA P-256) for the certificate and every issuing CA",
        "sha-2": "have the certificate and every issuing CA signed with SHA-256 or stronger",
    ]
}
