extension ExtensionProfile {
    /// The hand-written extensions of `shared/seeds/` as most of them behave: the URL under one
    /// of the keys senders commonly put it under, the file named from the URL string (seeds 000-002),
    /// the body downloaded into memory with a data task (seeds 001-003).
    public static let generic = ExtensionProfile(
        name: "generic",
        mediaKeys: pointers([
            "/image", "/image-url", "/image_url", "/attachment-url", "/media-url", "/media_url", "/aps/image-url",
            "/fcm_options/image", "/ct_mediaUrl", "/att/id",
        ]), naming: .urlString, download: .memory,
        source: Source(
            models: "hand-written extensions (shared/seeds/ 000-004)",
            citation:
                "the five hand-written extensions in `shared/seeds/`: 000-002 take the extension from the URL string (`componentsSeparatedByString:@\".\"`, `(absoluteString as NSString).pathExtension`), 001-003 download with `dataTask`"
        ))
}
