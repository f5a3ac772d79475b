public import PreflightCore

/// A Kubernetes manifest with the version stamped in: the tag of the `preflight` image and the
/// value of each `app.kubernetes.io/version` label. Lines are replaced in place, so the comments
/// and layout stay as written.
///
/// ```swift
/// ManifestStamp.stamped("image: preflight:0.1.0\n", version: "0.4.0")  // "image: preflight:0.4.0\n"
/// ```
public enum ManifestStamp {
    public static func stamped(_ text: String, version: String = PreflightVersion.current) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            stamped(line: line, version: version)
        }.joined(separator: "\n")
    }

    private static func stamped(line: Substring, version: String) -> String {
        let indent = line.prefix { $0 == " " }
        let content = line.dropFirst(indent.count)
        if content.hasPrefix("image: preflight:") {
            return indent + "image: preflight:" + version
        }
        if content.hasPrefix("app.kubernetes.io/version:") {
            return indent + "app.kubernetes.io/version: \"" + version + "\""
        }
        return String(line)
    }
}
