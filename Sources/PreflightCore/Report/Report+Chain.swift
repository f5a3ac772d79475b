/// The report's `media.tls.chain`: what each certificate of the last TLS hop's chain says.
extension Report {
    /// One object per certificate, leaf first: `subject`, `issuer`, `not_before`, `not_after`,
    /// `key`, `bits`, `signature`, `san`, `eku` (null without the extension), `ca`.
    static func writeChain(_ chain: [Certificate], to writer: inout JSONWriter) {
        writer.array { list in
            for certificate in chain {
                list.object { object in
                    object.field("subject", certificate.subject)
                    object.field("issuer", certificate.issuer)
                    object.field("not_before", Certificate.iso8601(certificate.notBefore))
                    object.field("not_after", Certificate.iso8601(certificate.notAfter))
                    object.field("key", certificate.keyType.rawValue)
                    object.key("bits")
                    if let bits = certificate.keyBits { object.value(bits) } else { object.value(nil as String?) }
                    object.field("signature", certificate.signature)
                    object.key("san")
                    object.array { names in
                        for name in certificate.dnsNames + certificate.ipAddresses { names.value(name) }
                    }
                    object.key("eku")
                    if let purposes = certificate.extendedKeyUsage {
                        object.array { list in for purpose in purposes { list.value(purpose) } }
                    } else {
                        object.value(nil as String?)
                    }
                    object.field("ca", certificate.isCA)
                }
            }
        }
    }
}
