import PreflightCore
import PreflightService
import Testing

/// The `clevertap` preset against nginx: a `ct_mediaType` other than image, video or audio
/// takes the extension of the response's MIME type.
@Suite(.serialized) struct CleverTapProfileTests {
    let origins: Origins

    init() throws {
        origins = try Origins.load()
    }

    @Test(
        arguments: [
            ("/media/image.gif", "gif", [String](), "attachment.gif"),
            ("/octet/image.gif", "gif", ["attachment.untyped"], nil),
            // `image` is named .jpg whatever the bytes: GIF bytes typed public.jpeg.
            ("/octet/image.gif", "image", ["attachment.type-mismatch"], "attachment.jpg"),
            ("/media/image.png", "png", [], "attachment.png"),
        ] as [(String, String, [String], String?)])
    func otherTypesTakeTheMIMEType(path: String, type: String, codes: [String], fileName: String?) throws {
        try withService(origins.configuration()) { service in
            let body = #"{\#(richAPS),"ct_mediaUrl":"\#(origins.https + path)","ct_mediaType":"\#(type)"}"#
            let result = try judgePreset(service, "clevertap", body: body)
            #expect(result.codes.filter { $0 != "media.url.extension-mismatch" } == codes, "\(path) \(type)")
            #expect(result.attachment?["file_name"]?.string == fileName, "\(path) \(type)")
        }
    }

    @Test func noTypeNoAttachment() throws {
        try withService(origins.configuration()) { service in
            let body = #"{\#(richAPS),"ct_mediaUrl":"\#(origins.https)/media/image.gif"}"#
            let result = try judgePreset(service, "clevertap", body: body)
            #expect(result.codes == ["media.url.required-key-missing"])
            #expect(result.attachment == nil)
        }
    }
}
