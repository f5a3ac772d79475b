import PreflightCore
import PreflightService
import Testing

/// The `airship` preset against nginx: its suffix test, its own header sniff, its key forms and
/// its decoder's refusals.
@Suite(.serialized) struct AirshipProfileTests {
    let origins: Origins

    init() throws {
        origins = try Origins.load()
    }

    static func body(_ url: String) -> String {
        #"{\#(richAPS),"com.urbanairship.media_attachment":{"url":"\#(url)"}}"#
    }

    /// No extension and a generic type: a JFIF JPEG is hinted from its bytes, an Exif JPEG
    /// (`FF D8 FF E1`) is not, so it is untyped; `photojpg` ends in `jpg`, so no hint is
    /// given, though iOS reads no extension in it.
    @Test(arguments: [
        ("/media/image.jpg", [String](), nil as String?),
        ("/octet/photo", [], "public.jpeg"),
        ("/octet/photo-exif", ["attachment.untyped"], nil),
        ("/suffix/photojpg", ["attachment.untyped"], nil),
    ])
    func airshipHintsByItsOwnRules(path: String, codes: [String], hint: String?) throws {
        try withService(origins.configuration()) { service in
            let result = try judgePreset(service, "airship", body: Self.body(origins.https + path))
            #expect(result.codes == codes, "\(path)")
            #expect(result.attachment?["type_hint"]?.string == hint, "\(path)")
        }
    }

    /// `urls` wins over `url`; the string form of `url` is read too.
    @Test func airshipReadsEachURLForm() throws {
        try withService(origins.configuration()) { service in
            let url = origins.https + "/media/image.jpg"
            let media = #""com.urbanairship.media_attachment":"#
            let urls = try judgePreset(
                service, "airship", body: #"{\#(richAPS),\#(media){"urls":[{"url":"\#(url)","url_id":"a"}],"url":"x"}}"#
            )
            #expect(urls.codes == [])
            #expect(urls.report["payload"]?["media_key"]?.string == "/com.urbanairship.media_attachment/urls/0/url")
            let single = try judgePreset(service, "airship", body: Self.body(url))
            #expect(single.report["payload"]?["media_key"]?.string == "/com.urbanairship.media_attachment/url")
            #expect(single.attachment != nil)
        }
    }

    /// A crop value outside 0...1 fails the decoding: nothing is downloaded or attached.
    @Test func aBadCropAttachesNothing() throws {
        try withService(origins.configuration()) { service in
            let url = origins.https + "/media/image.jpg"
            let body =
                #"{\#(richAPS),"com.urbanairship.media_attachment":{"url":"\#(url)","options":{"crop":{"x":0,"y":0,"width":2,"height":1}}}}"#
            let result = try judgePreset(service, "airship", body: body)
            #expect(result.codes == ["media.url.shape-invalid"])
            #expect(
                result.finding("media.url.shape-invalid")?["path"]?.string
                    == "/com.urbanairship.media_attachment/options/crop/width")
            #expect(result.status == 422)
            #expect(result.media == nil)
        }
    }
}
