/// The version of Preflight, declared once: `preflight version`, `GET /v1/version`,
/// `preflight_build_info`, the download's User-Agent, openapi.json's `info.version` and the
/// Kubernetes manifests' image tag all come from it (the files by `make generate`).
///
/// ```swift
/// PreflightVersion.current  // "0.4.0"
/// ```
public enum PreflightVersion {
    /// Major, minor and patch, as the image is tagged.
    public static let current = "0.4.0"

    /// Major and minor only (`0.4`): what the User-Agent names, so a patch release does not
    /// change what origins see.
    public static var release: String {
        current.split(separator: ".").prefix(2).joined(separator: ".")
    }
}
