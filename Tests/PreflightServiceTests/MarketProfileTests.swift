import Foundation
import PreflightCore
import PreflightService
import Testing

/// The market's presets (Customer.io, Klaviyo, Iterable, Pushwoosh, Batch, Notifee, WebEngage,
/// Pinpoint, MoEngage) judged against real responses from nginx: good media, each naming's trap, and the
/// keys each helper needs before it acts.
@Suite(.serialized) struct MarketProfileTests {
    let origins: Origins

    init() throws {
        origins = try Origins.load()
    }

    static let aps = #""aps":{"alert":"Sale","mutable-content":1}"#

    /// One case: a profile, a payload with `URL` where the media goes, the path on nginx, the codes,
    /// and the file the extension writes (nil when nothing is attached).
    struct Case: Sendable, CustomStringConvertible {
        var profile: String
        var payload: String
        var path: String
        var codes: [String]
        var fileName: String?
        var typeHint: String? = nil
        var description: String { "\(profile) \(path) \(payload)" }
    }

    static let cases: [Case] = [
        // Customer.io: `response` naming, both delivery keys needed.
        Case(
            profile: "customerio",
            payload: #""CIO-Delivery-ID":"d","CIO-Delivery-Token":"t","CIO":{"push":{"image":"URL"}}"#,
            path: "/media/image.jpg", codes: [], fileName: "image.jpg"),
        Case(
            profile: "customerio", payload: #""CIO-Delivery-ID":"d","CIO":{"push":{"image":"URL"}}"#,
            path: "/media/image.jpg", codes: ["media.url.required-key-missing"], fileName: nil),
        // Klaviyo: the type as written, `jpg` when absent; `image` is no extension iOS knows.
        Case(
            profile: "klaviyo", payload: #""rich-media":"URL""#, path: "/noext/photo", codes: [],
            fileName: "attachment.jpg"),
        Case(
            profile: "klaviyo", payload: #""rich-media":"URL","rich-media-type":"image""#, path: "/media/image.jpg",
            codes: ["attachment.untyped"], fileName: nil),
        Case(
            profile: "klaviyo", payload: #""rich-media":"URL","rich-media-type":"png""#, path: "/media/image.jpg",
            codes: ["attachment.type-mismatch"], fileName: "attachment.png"),
        // Iterable and Pushwoosh: `response` naming saves an extensionless URL with a Content-Type.
        Case(
            profile: "iterable", payload: #""itbl":{"attachment-url":"URL"}"#, path: "/noext/photo", codes: [],
            fileName: "photo.jpg"),
        Case(
            profile: "iterable", payload: #""itbl":{"attachment-url":"URL"}"#, path: "/disposition/photo",
            codes: ["attachment.untyped"], fileName: nil),
        Case(
            profile: "pushwoosh", payload: #""pw_msg":"1","attachment":"URL""#, path: "/noext/photo", codes: [],
            fileName: "photo.jpg"),
        Case(
            profile: "pushwoosh", payload: #""attachment":"URL""#, path: "/noext/photo",
            codes: ["media.url.required-key-missing"], fileName: nil),
        // Batch: the type as the hint on an extensionless file; a MIME type is no UTI.
        Case(
            profile: "batch", payload: #""com.batch":{"at":{"u":"URL","t":"public.png"}}"#, path: "/noext/graphic",
            codes: ["attachment.low-data-mode"], fileName: "attachment", typeHint: "public.png"),
        Case(
            profile: "batch", payload: #""com.batch":{"at":{"u":"URL","t":"image/png"}}"#, path: "/noext/graphic",
            codes: ["attachment.low-data-mode", "attachment.untyped"], fileName: nil),
        Case(
            profile: "batch", payload: #""com.batch":{"at":{"u":"URL"}}"#, path: "/noext/graphic",
            codes: ["attachment.low-data-mode", "media.url.required-key-missing"], fileName: nil),
        // Notifee: the attachment's URL and typeHint, else `image`; the `image/*` subtype.
        Case(
            profile: "notifee",
            payload: #""notifee_options":{"ios":{"attachments":[{"url":"URL","typeHint":"public.png"}]}}"#,
            path: "/noext/graphic", codes: [], fileName: "graphic.png", typeHint: "public.png"),
        Case(
            profile: "notifee", payload: #""notifee_options":{"image":"URL"}"#, path: "/noext/custom",
            codes: ["attachment.untyped"], fileName: nil),
        Case(
            profile: "notifee", payload: #""notifee_options":{"image":"URL"}"#, path: "/media/image.gif", codes: [],
            fileName: "image.gif"),
        Case(
            profile: "notifee", payload: #""notifee_options_":{"image":"URL"}"#, path: "/media/image.gif",
            codes: ["media.url.required-key-missing", "media.none"], fileName: nil),
        // WebEngage: only a short extension of the whole string is kept, else `.jpg`.
        Case(
            profile: "webengage",
            payload: #""source":"webengage","expandableDetails":{"style":"BIG_PICTURE","image":"URL"}"#,
            path: "/media/image.png?v=2", codes: ["attachment.type-mismatch"], fileName: "attachment.jpg"),
        Case(
            profile: "webengage",
            payload: #""source":"webengage","expandableDetails":{"style":"BIG_PICTURE","image":"URL"}"#,
            path: "/named/photo.jpeg", codes: [], fileName: "attachment.jpg"),
        Case(
            profile: "webengage",
            payload: #""source":"webengage","expandableDetails":{"style":"BIG_PICTURE","image":"URL"}"#,
            path: "/media/image.png", codes: [], fileName: "attachment.png"),
        Case(
            profile: "webengage",
            payload: #""source":"mine","expandableDetails":{"style":"BIG_PICTURE","image":"URL"}"#,
            path: "/media/image.png", codes: ["media.url.required-value-mismatch"], fileName: nil),
        // Pinpoint: Amplify's helper names the file from the whole URL string.
        Case(
            profile: "pinpoint", payload: #""data":{"media-url":"URL"}"#, path: "/media/image.jpg", codes: [],
            fileName: "attachment.jpg"),
        Case(
            profile: "pinpoint", payload: #""data":{"media-url":"URL"}"#, path: "/media/image.jpg?w=600",
            codes: ["attachment.untyped"], fileName: nil),
        // MoEngage (closed; its changelog): the Content-Type, else the URL's extension.
        Case(
            profile: "moengage", payload: #""moengage":{"media-attachment":"URL","media-type":"image"}"#,
            path: "/noext/photo", codes: [], fileName: "attachment.jpg"),
        Case(
            profile: "moengage", payload: #""moengage":{"media-attachment":"URL"}"#, path: "/octet/image.jpg",
            codes: [], fileName: "attachment.jpg"),
        Case(
            profile: "moengage", payload: #""moengage":{"media-attachment":"URL"}"#, path: "/noext/custom",
            codes: ["attachment.untyped"], fileName: nil),
    ]

    @Test func eachPresetNamesTheFileAsItsHelperDoes() throws {
        try withService(origins.configuration()) { service in
            for item in Self.cases {
                let url = origins.https + item.path
                let body = "{\(Self.aps),\(item.payload.replacing("URL", with: url))}"
                let result = try judgePreset(service, item.profile, body: body)
                #expect(result.codes == item.codes, "\(item)")
                #expect(result.attachment?["file_name"]?.string == item.fileName, "\(item)")
                #expect(result.attachment?["type_hint"]?.string == item.typeHint, "\(item)")
            }
        }
    }

    /// A WebEngage carousel: every item's image is judged (the second, not http, is refused).
    @Test func aWebEngageCarouselJudgesEveryItem() throws {
        try withService(origins.configuration()) { service in
            let items = [origins.https + "/media/image.png", "ftp://media.test/image.jpg"]
                .map { #"{"image":"\#($0)"}"# }.joined(separator: ",")
            let body =
                #"{\#(Self.aps),"source":"webengage","expandableDetails":{"style":"CAROUSEL_V1","items":[\#(items)]}}"#
            let result = try judgePreset(service, "webengage", body: body)
            #expect(result.codes == ["media.url.invalid"])
            #expect(result.attachment?["file_name"]?.string == "attachment.png")
        }
    }

    /// Batch's 20 s resource timeout is its time budget: 30 MB at 5 Mbit/s is about 50 s.
    @Test func batchHasTwentySeconds() throws {
        try withService(origins.configuration()) { service in
            let url = origins.https + "/media/medium.mp4"
            let result = try judgePreset(
                service, "batch", body: #"{\#(Self.aps),"com.batch":{"at":{"u":"\#(url)","t":"public.mpeg-4"}}}"#)
            #expect(result.codes == ["attachment.low-data-mode", "attachment.device-time"])
            let message = result.finding("attachment.device-time")?["message"]?.string ?? ""
            #expect(message.hasSuffix("over the 20 s the extension has"), "\(message)")
        }
    }
}
