import PreflightCore
import Testing

@Suite struct ShapeRulesTests {
    func codes(_ payload: String, _ profile: ExtensionProfile) -> [String] {
        let text = #"{"aps":{"alert":"a","mutable-content":1},"# + payload + "}"
        let inspection = PayloadInspector(configuration: PreflightConfiguration()).inspect(
            body: Array(text.utf8), headers: APNsHeaders(pushType: "alert"), profile: profile)
        return inspection.findings.map { "\($0.code.rawValue) \($0.path ?? "-")" }
    }

    @Test(arguments: [
        (#""fcm_options":{"image":"https://c.test/a.jpg"}"#, [String]()),
        (#""fcm_options":"x""#, ["media.url.shape-invalid /fcm_options"]),
        (#""fcm_options":["https://c.test/a.jpg"]"#, ["media.url.shape-invalid /fcm_options"]),
        (#""fcm_options":{"image":5}"#, ["media.url.shape-invalid /fcm_options/image"]),
        (#""fcm_options":{"image":{"url":"https://c.test/a.jpg"}}"#, ["media.url.shape-invalid /fcm_options/image"]),
    ])
    func firebaseSkipsAnOptionsShapeItDoesNotCheckFor(payload: String, expected: [String]) {
        #expect(codes(payload, .firebase) == expected)
    }

    static let media = #""com.urbanairship.media_attachment":"#

    @Test(arguments: [
        (#"{"url":["https://c.test/a.jpg"],"options":{"crop":{"x":0,"y":0,"width":1,"height":0.5}}}"#, [String]()),
        (
            #"{"url":"https://c.test/a.jpg","options":{"crop":{"x":0,"y":0,"width":1.5,"height":1}}}"#,
            ["media.url.shape-invalid /com.urbanairship.media_attachment/options/crop/width"]
        ),
        (
            #"{"url":"https://c.test/a.jpg","options":{"crop":{"x":0,"y":0,"width":1}}}"#,
            ["media.url.shape-invalid /com.urbanairship.media_attachment/options/crop/height"]
        ),
        (
            #"{"url":"https://c.test/a.jpg","options":{"crop":{"x":"0","y":0,"width":1,"height":1}}}"#,
            ["media.url.shape-invalid /com.urbanairship.media_attachment/options/crop"]
        ),
        (
            #"{"urls":[{"url":"https://c.test/a.jpg","url_id":7}]}"#,
            ["media.url.shape-invalid /com.urbanairship.media_attachment/urls/0"]
        ),
        (#"{"url":["https://c.test/a.jpg",3]}"#, ["media.url.shape-invalid /com.urbanairship.media_attachment/url"]),
        (
            #"{"url":"https://c.test/a.jpg","options":{"hidden":"yes"}}"#,
            ["media.url.shape-invalid /com.urbanairship.media_attachment/options/hidden"]
        ),
        (
            #"{"url":"https://c.test/a.jpg","content":{"title":1}}"#,
            ["media.url.shape-invalid /com.urbanairship.media_attachment/content/title"]
        ),
    ])
    func airshipRefusesWhatItsDecoderThrowsOn(attachment: String, expected: [String]) {
        #expect(codes(Self.media + attachment, .airship) == expected)
    }

    /// A refused shape is not downloaded: no reference to fetch.
    @Test func aRefusedShapeIsNotDownloaded() {
        let text =
            #"{"aps":{"alert":"a","mutable-content":1},"com.urbanairship.media_attachment":{"url":"https://c.test/a.jpg","options":{"crop":{}}}}"#
        let inspection = PayloadInspector(configuration: PreflightConfiguration()).inspect(
            body: Array(text.utf8), headers: APNsHeaders(pushType: "alert"), profile: .airship)
        #expect(inspection.media == nil)
        #expect(inspection.summary.mediaURL == "https://c.test/a.jpg")
    }
}
