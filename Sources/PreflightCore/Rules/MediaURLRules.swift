/// Where the media URL was found in the payload.
public struct MediaReference: Sendable, Equatable {
    /// The configured key it came from (`image`, `aps.image-url`).
    public var key: String
    public var url: MediaURL
    /// The format the URL's extension names, if Preflight knows it.
    public var extensionFormat: MediaFormat? { url.pathExtension.flatMap(MediaFormat.forExtension) }
}

/// The media URL rules: find it under the configured keys, then judge it as a URL.
public enum MediaURLRules {
    /// What the URL rules found: the raw string for the report, the parsed reference, findings.
    public struct Outcome: Sendable {
        public var key: String?
        public var urlText: String?
        public var reference: MediaReference?
        public var findings: [Finding]
    }

    /// Looks under each key in order; dotted keys reach into objects.
    public static func locate(in root: JSONValue, keys: [String]) -> (key: String, value: JSONValue)? {
        for key in keys {
            var current: JSONValue? = root
            for part in key.split(separator: ".", omittingEmptySubsequences: false) {
                current = current?[String(part)]
            }
            if let current, current != .null { return (key, current) }
        }
        return nil
    }

    /// Runs every URL rule on the payload.
    public static func check(_ root: JSONValue, configuration: PreflightConfiguration) -> Outcome {
        let keys = configuration.payload.mediaKeys
        guard let (key, value) = locate(in: root, keys: keys) else {
            return Outcome(
                key: nil, urlText: nil, reference: nil,
                findings: [
                    Finding(
                        .mediaURLMissing, path: nil,
                        message:
                            "no media URL under any of the keys Preflight searches (\(keys.joined(separator: ", ")))",
                        fix: "put the media URL under \"image\" at the top level, or add your key to payload.media_keys"
                    )
                ])
        }
        guard let text = value.string else {
            return Outcome(
                key: key, urlText: nil, reference: nil,
                findings: [
                    Finding(
                        .mediaURLInvalid, path: key, message: "\(key) is \(value.typeName), not a URL string",
                        fix: "set \(key) to the media's https URL as a string")
                ])
        }
        let length = text.utf8.count
        let maxLength = configuration.payload.maxURLBytes
        guard length <= maxLength else {
            // Not downloaded, and not kept: a URL this long cannot fit a push APNs accepts, and
            // a cache keyed by such URLs would spend its memory on keys.
            return Outcome(
                key: key, urlText: nil, reference: nil,
                findings: [
                    Finding(
                        .mediaURLTooLong, path: key,
                        message: "\(key) is \(length) bytes long, over the \(maxLength)-byte limit for a media URL",
                        fix:
                            "shorten the URL (a path id instead of signed parameters); a push carries at most 4096 bytes"
                    )
                ])
        }
        let url: MediaURL
        do {
            url = try MediaURL.parse(text)
        } catch {
            return Outcome(
                key: key, urlText: text, reference: nil,
                findings: [
                    Finding(
                        .mediaURLInvalid, path: key, message: "\(key) is not a usable URL: \(error.reason)",
                        fix: "set \(key) to an absolute https URL, percent-encoded, without credentials")
                ])
        }
        let reference = MediaReference(key: key, url: url)
        var findings: [Finding] = []
        if url.scheme == "http", !configuration.payload.allowHTTPMedia {
            findings.append(
                Finding(
                    .mediaURLInsecure, path: key,
                    message: "the media URL is plain http://; App Transport Security blocks the download on the device",
                    fix: "serve the media over https (or set payload.allow_http_media if the app has an ATS exception)")
            )
        }
        findings += extensionFindings(reference)
        return Outcome(key: key, urlText: text, reference: reference, findings: findings)
    }

    static func extensionFindings(_ reference: MediaReference) -> [Finding] {
        guard let ext = reference.url.pathExtension else {
            return [
                Finding(
                    .mediaURLNoExtension, path: reference.key,
                    message:
                        "the URL path has no file extension; an extension that names the file from the URL cannot tell its type",
                    fix:
                        "end the URL path with the type's extension (.jpg, .png, .mp4), or pass UNNotificationAttachmentOptionsTypeHintKey"
                )
            ]
        }
        guard let format = MediaFormat.forExtension(ext), format.isSupported else {
            return [
                Finding(
                    .mediaURLExtensionUnsupported, path: reference.key,
                    message:
                        "the URL's extension .\(ext) names no type iOS attaches (images: jpg, png, gif; audio: mp3, m4a, wav, aiff; video: mp4, mpg, avi)",
                    fix:
                        "serve the media as JPEG, PNG, GIF, MP3, M4A, WAV, AIFF, MP4, MPEG or AVI with a matching extension"
                )
            ]
        }
        return []
    }
}
