// MARK: - The profile's `ats` as `GET /v1/profiles` lists it, and the report's `media.ats`

extension AppTransportSecurity {
    /// `{"allows_arbitrary_loads":...,"allows_local_networking":...,"exception_domains":{...}}`,
    /// under the configuration's key names, domains in order.
    public func writeJSON(to writer: inout JSONWriter) {
        writer.object { object in
            object.field("allows_arbitrary_loads", allowsArbitraryLoads)
            object.key("allows_local_networking")
            if let allowsLocalNetworking { object.value(allowsLocalNetworking) } else { object.value(nil as String?) }
            object.field("arbitrary_loads_apply", arbitraryLoadsApply)
            object.key("exception_domains")
            object.object { domains in
                for name in exceptionDomains.keys.sorted() {
                    guard let entry = exceptionDomains[name] else { continue }
                    domains.key(text: name)
                    domains.object { fields in
                        fields.field("includes_subdomains", entry.includesSubdomains)
                        fields.field("allows_insecure_http_loads", entry.allowsInsecureHTTPLoads)
                        fields.field("requires_forward_secrecy", entry.requiresForwardSecrecy)
                        fields.field("minimum_tls_version", entry.minimumTLSVersion.rawValue)
                    }
                }
            }
        }
    }
}

extension HopATS {
    /// The report's `media.ats`: `[{"url":...,"applied":...}]`, one per hop.
    static func write(_ hops: [HopATS], to writer: inout JSONWriter) {
        writer.array { list in
            for hop in hops {
                list.object { object in
                    object.field("url", hop.url)
                    object.field("applied", hop.applied)
                }
            }
        }
    }
}
