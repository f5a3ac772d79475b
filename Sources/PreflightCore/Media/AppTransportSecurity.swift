/// The `NSAppTransportSecurity` dictionary of the extension's own Info.plist, as far as a
/// URLSession download depends on it. Apple, NSAppTransportSecurity
/// (https://developer.apple.com/documentation/bundleresources/information-property-list/nsapptransportsecurity):
/// ATS applies to "all apps and app extensions", so the extension's keys count, not the app's.
///
/// ```swift
/// var ats = AppTransportSecurity()
/// ats.exceptionDomains["media.example"] = .init(allowsInsecureHTTPLoads: true)
/// ats.rules(forHost: "media.example").allowsHTTP  // true
/// ```
public struct AppTransportSecurity: Sendable, Equatable {
    /// `NSExceptionMinimumTLSVersion`'s values, in order.
    public enum TLSVersion: String, Sendable, CaseIterable, Comparable {
        case tls10 = "TLSv1.0"
        case tls11 = "TLSv1.1"
        case tls12 = "TLSv1.2"
        case tls13 = "TLSv1.3"

        /// The version OpenSSL names (`SSL_get_version`: `TLSv1` for 1.0); nil for SSLv3 and unknown names.
        public init?(negotiated name: String) {
            if name == "TLSv1" {
                self = .tls10
            } else {
                self.init(rawValue: name)
            }
        }

        /// "TLS 1.2".
        public var spoken: String { "TLS " + rawValue.dropFirst(4) }

        public static func < (lhs: Self, rhs: Self) -> Bool {
            allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
        }
    }

    /// One `NSExceptionDomains` entry. Apple, NSExceptionDomains
    /// (https://developer.apple.com/documentation/bundleresources/information-property-list/nsapptransportsecurity/nsexceptiondomains).
    public struct ExceptionDomain: Sendable, Equatable {
        /// `NSIncludesSubdomains`: the entry also applies to every subdomain. Default NO.
        public var includesSubdomains = false
        /// `NSExceptionAllowsInsecureHTTPLoads`: plain http to the domain. Apple: "Using only
        /// this key also doesn't change the TLS or forward secrecy requirements imposed by ATS".
        public var allowsInsecureHTTPLoads = false
        /// `NSExceptionRequiresForwardSecrecy`, default YES. Apple: NO "also removes the key
        /// length check", and "doesn't impact the TLS version requirement".
        public var requiresForwardSecrecy = true
        /// `NSExceptionMinimumTLSVersion`, default `TLSv1.2` (Apple's key page).
        public var minimumTLSVersion = TLSVersion.tls12

        public init(
            includesSubdomains: Bool = false, allowsInsecureHTTPLoads: Bool = false,
            requiresForwardSecrecy: Bool = true, minimumTLSVersion: TLSVersion = .tls12
        ) {
            self.includesSubdomains = includesSubdomains
            self.allowsInsecureHTTPLoads = allowsInsecureHTTPLoads
            self.requiresForwardSecrecy = requiresForwardSecrecy
            self.minimumTLSVersion = minimumTLSVersion
        }
    }

    /// `NSAllowsArbitraryLoads`. Apple: YES disables ATS "for all domains not specified in the
    /// NSExceptionDomains dictionary"; https stays "subject to default server trust evaluation",
    /// but the extended security checks are off.
    public var allowsArbitraryLoads = false
    /// `NSAllowsLocalNetworking`, nil when the key is absent. Its presence, with any value,
    /// makes iOS 10 and later ignore `allowsArbitraryLoads` (NSAppTransportSecurity, "Versioning").
    public var allowsLocalNetworking: Bool?
    /// `NSExceptionDomains`, by lower-case domain name.
    public var exceptionDomains: [String: ExceptionDomain] = [:]

    public init(
        allowsArbitraryLoads: Bool = false, allowsLocalNetworking: Bool? = nil,
        exceptionDomains: [String: ExceptionDomain] = [:]
    ) {
        self.allowsArbitraryLoads = allowsArbitraryLoads
        self.allowsLocalNetworking = allowsLocalNetworking
        self.exceptionDomains = exceptionDomains
    }

    /// ATS with no key set: https only, every extended check.
    public static let strict = Self()
    /// `NSAllowsArbitraryLoads` alone: what `payload.allow_http_media` stands for.
    public static let arbitraryLoads = Self(allowsArbitraryLoads: true)

    /// Whether `NSAllowsArbitraryLoads` takes effect: iOS 10 and later ignore it when another
    /// global key is present (NSAppTransportSecurity: "ATS ignores the NSAllowsArbitraryLoads
    /// value that you set"). Of those keys only `NSAllowsLocalNetworking` reaches a URLSession
    /// (`NSAllowsArbitraryLoadsForMedia` is AV Foundation's, `...InWebContent` web views').
    public var arbitraryLoadsApply: Bool { allowsArbitraryLoads && allowsLocalNetworking == nil }

    /// What ATS demands of a connection to `host` (lower-cased before matching).
    public func rules(forHost host: String) -> HopRules {
        let name = host.lowercased()
        if let (domain, entry) = exception(for: name) {
            return HopRules(
                applied: "exception domain \(domain)", allowsHTTP: entry.allowsInsecureHTTPLoads, extendedChecks: true,
                minimumTLSVersion: entry.minimumTLSVersion, requiresForwardSecrecy: entry.requiresForwardSecrecy)
        }
        if allowsLocalNetworking == true, Self.isLocal(name) {
            // NSAllowsLocalNetworking: ATS lets the app connect to unqualified and .local names and
            // IP addresses; read as ATS being off for them (as under arbitrary loads).
            return HopRules(applied: "allows_local_networking", allowsHTTP: true, extendedChecks: false)
        }
        if arbitraryLoadsApply {
            return HopRules(applied: "allows_arbitrary_loads", allowsHTTP: true, extendedChecks: false)
        }
        let ignored = allowsArbitraryLoads ? " (allows_arbitrary_loads ignored: allows_local_networking is set)" : ""
        return HopRules(applied: "default" + ignored, allowsHTTP: false, extendedChecks: true)
    }

    /// The entry for `host`: its own, else the longest domain with `includesSubdomains` that ends it.
    private func exception(for host: String) -> (String, ExceptionDomain)? {
        if let entry = exceptionDomains[host] { return (host, entry) }
        var best: (String, ExceptionDomain)?
        for (domain, entry) in exceptionDomains where entry.includesSubdomains && host.hasSuffix("." + domain) {
            if domain.count > (best?.0.count ?? -1) { best = (domain, entry) }
        }
        return best
    }

    /// An unqualified name, a `.local` name or an IP address (NSAllowsLocalNetworking's three kinds).
    static func isLocal(_ host: String) -> Bool {
        !host.contains(".") || host.hasSuffix(".local") || host.contains(":")
            || host.allSatisfy { $0.isNumber || $0 == "." }
    }
}

/// What ATS demands of one hop, and which part of the extension's ATS said so.
public struct HopRules: Sendable, Equatable {
    /// `default`, `allows_arbitrary_loads`, `allows_local_networking` or `exception domain NAME`.
    public var applied: String
    /// Plain http may load.
    public var allowsHTTP: Bool
    /// The extended checks run (TLS version, forward secrecy, AES, key and digest sizes).
    public var extendedChecks: Bool
    public var minimumTLSVersion = AppTransportSecurity.TLSVersion.tls12
    /// ECDHE key exchange, and ATS's key length check with it.
    public var requiresForwardSecrecy = true

    public init(
        applied: String, allowsHTTP: Bool, extendedChecks: Bool,
        minimumTLSVersion: AppTransportSecurity.TLSVersion = .tls12, requiresForwardSecrecy: Bool = true
    ) {
        self.applied = applied
        self.allowsHTTP = allowsHTTP
        self.extendedChecks = extendedChecks
        self.minimumTLSVersion = minimumTLSVersion
        self.requiresForwardSecrecy = requiresForwardSecrecy
    }
}

extension AppTransportSecurity {
    /// One line that tells two ATS dictionaries apart (a cache key), domains in order.
    public var key: String {
        var text = "arbitrary=\(allowsArbitraryLoads) local=\(allowsLocalNetworking.map(String.init) ?? "absent")"
        for domain in exceptionDomains.keys.sorted() {
            guard let entry = exceptionDomains[domain] else { continue }
            text += " \(domain):\(entry.includesSubdomains),\(entry.allowsInsecureHTTPLoads),"
            text += "\(entry.requiresForwardSecrecy),\(entry.minimumTLSVersion.rawValue)"
        }
        return text
    }
}

extension PreflightConfiguration.Payload {
    /// The ATS a download runs under: the profile's own `ats` when it sets one (the extension's
    /// Info.plist, which wins), else `allow_http_media`'s shorthand, arbitrary loads, else none.
    public func appTransportSecurity(for profile: ExtensionProfile?) -> AppTransportSecurity {
        if let ats = profile?.ats { return ats }
        return allowHTTPMedia ? .arbitraryLoads : .strict
    }
}
