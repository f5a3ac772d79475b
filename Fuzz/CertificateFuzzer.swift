// libFuzzer target: arbitrary bytes through the certificate reader (DERReader, Certificate) and the
// trust rules, as a leaf, as an issuing CA and as a root after the seed's own chain, and the
// report's chain writer. Seeded with openssl's DER (Fuzz/corpus/certificate, from
// Tests/Certificates/make.sh). Built by Fuzz/build.sh like the other targets.

private let hosts = ["media.test", "a.cdn.test", "127.0.0.1", "::1", ""]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCertificate(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let certificate = Certificate(der: bytes) else { return 0 }
    // What was read must render: dates, key, every name.
    _ = Certificate.iso8601(certificate.notBefore) + Certificate.iso8601(certificate.notAfter)
    _ = certificate.validityDays
    _ = certificate.keyDescription
    let host = hosts[size % hosts.count]
    for chain in [[certificate], [certificate, certificate], [certificate, certificate, certificate]] {
        for violation in TrustRules.violations(host: host, chain: chain) {
            _ = MediaRules.trustFinding(violation, host: host, key: "image")
        }
    }
    var writer = JSONWriter()
    Report.writeChain([certificate], to: &writer)
    if (try? JSONParser.parse(writer.bytes)) == nil { fatalError("the chain's JSON does not parse") }
    return 0
}
