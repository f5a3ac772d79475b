import PreflightCore
import PreflightService
import Testing

/// The `onesignal` preset against nginx: OneSignal's own extension list and MIME map, its
/// `os_data` form, its 50,000,000-byte cap.
@Suite(.serialized) struct OneSignalProfileTests {
    let origins: Origins

    init() throws {
        origins = try Origins.load()
    }

    /// `.m4v` is in OneSignal's list (typed `com.apple.m4v-video`, a kind of MPEG-4: the warning);
    /// `.aifc` is not, nor are `audio/wav` and `video/quicktime` in its MIME map: skipped (no extension).
    /// `/renamed/sound.aifc` holds AIFF bytes: the URL names AIFF-C, another type.
    @Test(
        arguments: [
            ("/media/image.jpg", [String](), "attachment.jpeg"),
            ("/renamed/clip.m4v", ["attachment.type-unlisted"], "attachment.m4v"),
            ("/renamed/sound.aifc", ["media.url.extension-mismatch", "attachment.untyped"], nil),
            ("/noext/sound", ["attachment.untyped"], nil),
            ("/media/video.mov", ["attachment.untyped"], nil),
        ] as [(String, [String], String?)])
    func oneSignalNamesByItsOwnLists(path: String, codes: [String], fileName: String?) throws {
        try withService(origins.configuration()) { service in
            let body = #"{\#(richAPS),"att":{"id":"\#(origins.https + path)"}}"#
            let result = try judgePreset(service, "onesignal", body: body)
            #expect(result.codes == codes, "\(path)")
            #expect(result.attachment?["file_name"]?.string == fileName, "\(path)")
            if codes.contains("attachment.untyped") {
                let message = result.finding("attachment.untyped")?["message"]?.string ?? ""
                #expect(message.contains("skips the media"), "\(message)")
            }
        }
    }

    /// `os_data` as an object: its `att` is read, the top-level `att` (a 404 here) never.
    @Test func osDataShadowsTopLevelAtt() throws {
        try withService(origins.configuration()) { service in
            let good = origins.https + "/media/image.jpg"
            let missing = origins.https + "/missing.jpg"
            let body = #"{\#(richAPS),"os_data":{"att":{"a":"\#(good)"}},"att":{"b":"\#(missing)"}}"#
            let result = try judgePreset(service, "onesignal", body: body)
            #expect(result.codes == [])
            #expect(result.report["payload"]?["media_key"]?.string == "/os_data/att/a")
            #expect(result.status == 200)
        }
    }

    /// 50 MiB + 1 byte announced: over OneSignal's cap, cancelled; the error names the cap.
    @Test func aContentLengthOverTheCapIsCancelled() throws {
        try withService(origins.configuration()) { service in
            let body = #"{\#(richAPS),"att":{"id":"\#(origins.https)/media/big.mp4"}}"#
            let result = try judgePreset(service, "onesignal", body: body)
            #expect(result.codes == ["attachment.size-cap"])
            #expect(result.status == 422)
            let message = result.finding("attachment.size-cap")?["message"]?.string ?? ""
            #expect(message.contains("Content-Length: 52428801, over the 50000000-byte cap"), "\(message)")
        }
    }
}
