public import PreflightCore
public import PreflightFetch

extension TransportPolicy {
    /// The download's transport rules from the extension's ATS: each hop judged by its host's
    /// rules (`TransportSecurity.judge`), and the handle's offer chosen for the first URL's host
    /// (`TLSOffer`).
    ///
    /// ```swift
    /// let transport = TransportPolicy.appTransportSecurity(profile.ats ?? .strict)
    /// ```
    public static func appTransportSecurity(_ ats: AppTransportSecurity) -> TransportPolicy {
        TransportPolicy(key: ats.key, judge: { TransportSecurity.judge($0, ats: ats) }) { url in
            TLSOffer(firstURL: url, ats: ats)
        }
    }
}
