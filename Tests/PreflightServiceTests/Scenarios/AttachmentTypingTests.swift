import PreflightCore
import PreflightService
import Testing

/// How iOS types the file the extension writes, against nginx: `.m4v` (Apple's M4V type, a kind
/// of MPEG-4), AIFF-C (`.aifc`, and AIFF-C bytes under an AIFF name), and `.mov` without a download.
@Suite(.serialized) struct AttachmentTypingTests {
    let origins: Origins

    init() throws {
        origins = try Origins.load()
    }

    /// The generic profile names the file from the URL; Firebase from the response.
    @Test(
        arguments: [
            ("generic", "image", "/media/clip.m4v", ["attachment.type-unlisted"], "com.apple.m4v-video"),
            ("firebase", "fcm_options", "/media/clip.m4v", ["attachment.type-unlisted"], "com.apple.m4v-video"),
            ("onesignal", "att", "/media/clip.m4v", ["attachment.type-unlisted"], "com.apple.m4v-video"),
            ("generic", "image", "/media/sound.aifc", ["attachment.untyped"], nil),
            ("firebase", "fcm_options", "/media/sound.aifc", ["attachment.untyped"], nil),
            ("generic", "image", "/media/sound-aifc.aiff", ["attachment.type-unlisted"], "public.aiff-audio"),
            ("generic", "image", "/media/sound.aiff", [], "public.aiff-audio"),
        ] as [(String, String, String, [String], String?)])
    func typedAsIOSTypesTheName(profile: String, key: String, path: String, codes: [String], uti: String?) throws {
        try withService(origins.configuration()) { service in
            let url = origins.https + path
            let member =
                switch key {
                case "fcm_options": #""fcm_options":{"image":"\#(url)"}"#
                case "att": #""att":{"id":"\#(url)"}"#
                default: #""image":"\#(url)""#
                }
            let result = try judgePreset(service, profile, body: "{\(richAPS),\(member)}")
            #expect(result.codes == codes, "\(profile) \(path)")
            #expect(result.attachment?["uti"]?.string == uti, "\(profile) \(path)")
            #expect(result.status == (uti == nil ? 422 : 200), "\(profile) \(path)")
        }
    }

    /// The sniffer tells AIFF-C (FORM type AIFC) from AIFF.
    @Test func aifcBytesAreSniffedAsAIFC() throws {
        try withService(origins.configuration()) { service in
            let result = try judgePreset(
                service, "generic", body: #"{\#(richAPS),"image":"\#(origins.https)/media/sound-aifc.aiff"}"#)
            #expect(result.media?["sniffed_type"]?.string == "audio/aiff")
            let message = result.finding("attachment.type-unlisted")?["message"]?.string ?? ""
            #expect(message.hasPrefix("the bytes are AIFF-C (FORM type AIFC, public.aifc-audio)"), "\(message)")
        }
    }

    /// `?fetch=false` for a profile that names the file from the response: the URL's `.mov` is
    /// `com.apple.quicktime-movie`, no listed type: the catalog's warning.
    @Test(arguments: [
        ("/media/video.mov", ["media.url.extension-unsupported"]),
        ("/media/clip.m4v", ["attachment.type-unlisted"]),
        ("/media/sound.aifc", ["media.url.extension-unsupported"]),
        ("/media/video.mp4", []),
    ])
    func withoutADownloadTheURLIsTyped(path: String, codes: [String]) throws {
        try withService(origins.configuration()) { service in
            let body = #"{\#(richAPS),"fcm_options":{"image":"\#(origins.https + path)"}}"#
            let response = try httpRequest(
                port: service.port, "POST", "/v1/preflight?profile=firebase&fetch=false",
                headers: [("apns-push-type", "alert")], body: Array(body.utf8))
            let report = try #require(response.json)
            guard case .array(let findings)? = report["findings"] else { throw TestConnection.Failure(description: "") }
            #expect(findings.compactMap { $0["code"]?.string } == codes + ["media.not-fetched"], "\(path)")
            #expect(response.status == 200)
            #expect(report["verdict"]?.string == (codes.isEmpty ? "pass" : "warn"))
        }
    }

    /// The CLI's `--no-fetch` says the same.
    @Test func theCLIWarnsOnAMovURLWithoutADownload() throws {
        let body =
            #"{"aps":{"alert":"hi","mutable-content":1},"fcm_options":{"image":"https://cdn.example.com/a.mov"}}"#
        let result = try runProcess(
            preflightBinary, ["check", "--no-fetch", "--profile", "firebase", "--header", "apns-push-type:alert", "-"],
            input: Array(body.utf8))
        #expect(result.status == 0)
        #expect(result.output.hasPrefix("WARN  "), "\(result.output)")
        #expect(
            result.output.contains(
                "warning media.url.extension-unsupported at /fcm_options/image: the URL's extension .mov (iOS types it com.apple.quicktime-movie)"
            ), "\(result.output)")
    }
}
