import PreflightCore
import Testing

/// The namings of Klaviyo, Batch, Notifee and WebEngage, each against the case its helper's
/// source shows.
@Suite struct AttachmentNamingMarketTests {
    func document(_ text: String) throws -> JSONDocument {
        try JSONDocument.parse(Array(text.utf8))
    }

    func named(
        _ profile: ExtensionProfile, url: String, payload: String = "{}", download: DownloadOutcome? = nil
    ) throws -> NamedFile {
        let document = try document(payload)
        return AttachmentNaming.name(profile, url: try MediaURL.parse(url), download: download, root: document.root)
    }

    /// Klaviyo: the type as written, `jpg` when it is absent or not a string.
    @Test(
        arguments: [
            (#"{}"#, "attachment.jpg", "public.jpeg"),
            (#"{"rich-media-type":"png"}"#, "attachment.png", "public.png"),
            (#"{"rich-media-type":"image"}"#, "attachment.image", nil),
            (#"{"rich-media-type":5}"#, "attachment.jpg", "public.jpeg"),
            (#"{"rich-media-type":"mp4"}"#, "attachment.mp4", "public.mpeg-4"),
        ] as [(String, String, String?)])
    func klaviyoDeclaresTheSuffixWithADefault(payload: String, fileName: String, uti: String?) throws {
        let file = try named(.klaviyo, url: "https://c.example/p", payload: payload)
        #expect(file.fileName == fileName)
        #expect(file.uti == uti)
    }

    /// An app that passes another `fallbackMediaType` is a profile with another `defaultType`.
    @Test func theDefaultIsTheProfiles() throws {
        var profile = ExtensionProfile.klaviyo
        profile.defaultType = "gif"
        #expect(try named(profile, url: "https://c.example/p").fileName == "attachment.gif")
        #expect(
            try named(profile, url: "https://c.example/p", payload: #"{"rich-media-type":"png"}"#).uti == "public.png")
    }

    /// Batch: no extension; a UTI as the hint types the file, a MIME type does not.
    @Test(
        arguments: [
            ("public.png", "public.png"), ("public.jpeg", "public.jpeg"), ("image/png", nil), ("public.webp", nil),
        ] as [(String, String?)])
    func batchPassesTheTypeAsTheHint(type: String, uti: String?) throws {
        let payload = #"{"com.batch":{"at":{"u":"https://c.example/a.png","t":"\#(type)"}}}"#
        let file = try named(.batch, url: "https://c.example/a.png", payload: payload)
        #expect(file.fileName == "attachment")
        #expect(file.pathExtension == nil)
        #expect(file.typeHint == type)
        #expect(file.uti == uti)
    }

    /// Notifee: suggestedFilename's extension, else the `image/*` subtype, else none; its typeHint.
    @Test(
        arguments: [
            ("https://c.example/a.gif", "image/gif", "a.gif", "com.compuserve.gif"),
            ("https://c.example/photo", "image/jpeg", "photo.jpg", "public.jpeg"),
            ("https://c.example/photo", "image/x-photo; q=1", "photo.x-photo", nil),
            ("https://c.example/photo", "application/octet-stream", "photo", nil),
        ] as [(String, String, String, String?)])
    func notifeeNamesFromTheResponse(url: String, contentType: String, fileName: String, uti: String?) throws {
        var download = DownloadOutcome(url: url)
        download.contentType = contentType
        let file = try named(.notifee, url: url, payload: #"{"notifee_options":{}}"#, download: download)
        #expect(file.fileName == fileName)
        #expect(file.typeHint == nil)
        #expect(file.uti == uti)
    }

    @Test func notifeePassesTheAttachmentsTypeHint() throws {
        var download = DownloadOutcome(url: "https://c.example/photo")
        download.contentType = "application/octet-stream"
        let payload =
            #"{"notifee_options":{"ios":{"attachments":[{"url":"https://c.example/photo","typeHint":"public.png"}]}}}"#
        let file = try named(.notifee, url: "https://c.example/photo", payload: payload, download: download)
        #expect(file.fileName == "photo")
        #expect(file.typeHint == "public.png")
        #expect(file.uti == "public.png")
    }

    /// WebEngage: the whole string's extension when the dot and it are 2 to 4 characters, else `.jpg`.
    @Test(
        arguments: [
            ("https://c.example/a.png", "attachment.png"),
            ("https://c.example/a.gif", "attachment.gif"),
            ("https://c.example/a.png?v=2", "attachment.jpg"),
            ("https://c.example/a.jpeg", "attachment.jpg"),
            ("https://c.example/a.webp", "attachment.jpg"),
            ("https://c.example/a", "attachment.jpg"),
            ("https://c.example/a.x", "attachment.x"),
            ("https://c.example/a.mp4", "attachment.mp4"),
        ])
    func webengageKeepsOnlyAShortExtension(url: String, fileName: String) throws {
        #expect(try named(.webengage, url: url).fileName == fileName)
    }

    /// MoEngage (per its changelog): the Content-Type of an attachment type, else the URL path's extension.
    @Test(
        arguments: [
            ("https://c.example/photo", "image/jpeg", "attachment.jpg"),
            ("https://c.example/a.png?v=2", "application/octet-stream", "attachment.png"),
            ("https://c.example/a.png", "image/gif", "attachment.gif"),
            ("https://c.example/a.webp", "image/webp", "attachment.webp"),
            ("https://c.example/photo", "image/webp", "attachment"),
        ])
    func moengageNamesFromTheContentTypeElseTheURL(url: String, contentType: String, fileName: String) throws {
        var download = DownloadOutcome(url: url)
        download.contentType = contentType
        #expect(try named(.moengage, url: url, download: download).fileName == fileName)
    }

    @Test func theURLNamedOnesAreKnownWithoutADownload() {
        #expect(AttachmentNaming.isURLNamed(.urlExtShortElseJPG))
        #expect(!AttachmentNaming.isURLNamed(.typeHint))
        #expect(!AttachmentNaming.isURLNamed(.declaredSuffixDefault))
        #expect(!AttachmentNaming.isURLNamed(.responseImageSubtype))
    }
}
