import Foundation
import PreflightCore
import PreflightService
import Testing

/// The same push judged as each preset's extension would handle it, against real
/// responses from nginx (a query string, no extension, a Content-Disposition, a wrong
/// Content-Type, a QuickTime file, a body too large for an extension's memory).
@Suite(.serialized) struct ProfileTests {
    let origins: Origins

    init() throws {
        origins = try Origins.load()
    }

    /// The payload with the URL where `profile`'s extension reads it.
    static func payload(_ profile: String, url: String, type: String = "image") -> String {
        let aps = #""aps":{"alert":"Sale","mutable-content":1}"#
        switch profile {
        case "firebase": return #"{\#(aps),"fcm_options":{"image":"\#(url)"}}"#
        case "onesignal": return #"{\#(aps),"att":{"id":"\#(url)"}}"#
        case "airship": return #"{\#(aps),"com.urbanairship.media_attachment":{"url":["\#(url)"]}}"#
        case "clevertap": return #"{\#(aps),"ct_mediaUrl":"\#(url)","ct_mediaType":"\#(type)"}"#
        default: return #"{\#(aps),"image":"\#(url)"}"#
        }
    }

    static let presets = ["generic", "firebase", "onesignal", "airship", "clevertap"]

    /// Each row: a path on nginx and the codes per preset, in `presets` order.
    @Test(
        arguments: [
            // A resized CDN URL: only the seeds' URL-string naming keeps the query in the extension.
            ("/media/image.jpg?w=600&v=2", [["attachment.untyped"], [], [], [], []]),
            // No extension: the response's MIME type, the type hint or the declared type save the others.
            ("/noext/photo", [["attachment.untyped"], [], [], [], []]),
            // Content-Disposition names a .webp: Firebase's suggestedFilename takes it.
            ("/disposition/photo", [["attachment.untyped"], ["attachment.untyped"], [], [], []]),
            // Content-Disposition names a .jpg for a path without one: Firebase is saved by it.
            ("/disposition/named", [["attachment.untyped"], [], [], [], []]),
            // A JPEG served as image/png under a .png name: every extension gets the same warnings.
            (
                "/mislabeled/image.png",
                Array(repeating: ["media.type.mismatch", "media.url.extension-mismatch"], count: 5)
            ),
        ] as [(String, [[String]])])
    func presetsNameTheFileAsTheirSDKsDo(path: String, expected: [[String]]) throws {
        try withService(origins.configuration()) { service in
            for (index, profile) in Self.presets.enumerated() {
                let result = try judgePreset(service, profile, body: Self.payload(profile, url: origins.https + path))
                #expect(result.codes == expected[index], "\(profile) \(path)")
                #expect((result.attachment != nil) == expected[index].allSatisfy { !$0.hasPrefix("attachment.") })
            }
        }
    }

    /// The file name and type hint in the report are what that extension produces.
    @Test(
        arguments: [
            ("firebase", "/noext/photo", "photo.jpg", nil),
            ("firebase", "/disposition/named", "photo.jpg", nil),
            // OneSignal's MIME_MAP gives image/jpeg the extension jpeg.
            ("onesignal", "/noext/photo", "attachment.jpeg", nil),
            ("airship", "/noext/photo", "attachment-photo", "public.jpeg"),
            ("clevertap", "/noext/photo", "attachment.jpg", nil),
            ("generic", "/media/image.jpg", "attachment.jpg", nil),
        ] as [(String, String, String, String?)])
    func theAttachmentPlanIsTheExtensions(profile: String, path: String, fileName: String, hint: String?) throws {
        try withService(origins.configuration()) { service in
            let result = try judgePreset(service, profile, body: Self.payload(profile, url: origins.https + path))
            #expect(result.attachment?["file_name"]?.string == fileName)
            #expect(result.attachment?["type_hint"]?.string == hint)
            #expect(result.attachment?["uti"]?.string == "public.jpeg")
        }
    }

    /// A QuickTime file is untyped where the name keeps `.mov`, and for OneSignal (its MIME map
    /// has no `video/quicktime`, its list no `mov`) and Airship (`video/quicktime`'s type prefers
    /// `.mov`, not in its list, and its header table knows no `qt` brand); CleverTap's declared
    /// `video` names it `.mp4`.
    @Test func aQuickTimeFileDependsOnTheNaming() throws {
        try withService(origins.configuration()) { service in
            let url = origins.https + "/media/video.mov"
            var codes: [String: [String]] = [:]
            for profile in Self.presets {
                codes[profile] = try judgePreset(service, profile, body: Self.payload(profile, url: url, type: "video"))
                    .codes
            }
            #expect(codes["generic"] == ["attachment.untyped"])
            #expect(codes["firebase"] == ["attachment.untyped"])
            #expect(codes["onesignal"] == ["attachment.untyped"])
            #expect(codes["airship"] == ["attachment.untyped"])
            #expect(codes["clevertap"] == [])
        }
    }

    /// 30 MB of video: the generic (memory) extension is killed; the disk-downloading SDKs only
    /// risk the time budget (30 MB at 5 Mbit/s is about 50 s).
    @Test func aBodyOverTheExtensionsMemory() throws {
        try withService(origins.configuration()) { service in
            let url = origins.https + "/media/medium.mp4"
            let generic = try judgePreset(service, "generic", body: Self.payload("generic", url: url))
            #expect(generic.codes == ["attachment.device-memory", "attachment.device-time"])
            #expect(generic.attachment == nil)
            let firebase = try judgePreset(service, "firebase", body: Self.payload("firebase", url: url))
            #expect(firebase.codes == ["attachment.device-time"])
            let message = firebase.finding("attachment.device-time")?["message"]?.string ?? ""
            #expect(message.contains("about 50.3 s"), "\(message)")
            #expect(firebase.attachment?["uti"]?.string == "public.mpeg-4")
        }
    }

    /// Where each SDK reads the URL: FCM's `image` holding something else is not read by
    /// Firebase's helper; OneSignal reads every key of `att`; Airship's key has dots and an
    /// array; CleverTap attaches nothing without `ct_mediaType`.
    @Test func eachPresetReadsItsSDKsKeys() throws {
        try withService(origins.configuration()) { service in
            let url = origins.https + "/media/image.jpg"
            let aps = #""aps":{"alert":"Sale","mutable-content":1}"#
            let fcm = try judgePreset(
                service, "firebase", body: #"{\#(aps),"image":"banner","fcm_options":{"image":"\#(url)"}}"#)
            #expect(fcm.codes == [])
            #expect(fcm.report["payload"]?["media_key"]?.string == "/fcm_options/image")
            let onesignal = try judgePreset(service, "onesignal", body: #"{\#(aps),"att":{"img":"\#(url)"}}"#)
            #expect(onesignal.codes == [])
            #expect(onesignal.report["payload"]?["media_key"]?.string == "/att/img")
            let airship = try judgePreset(service, "airship", body: Self.payload("airship", url: url))
            #expect(airship.report["payload"]?["media_key"]?.string == "/com.urbanairship.media_attachment/url/0")
            let clevertap = try judgePreset(service, "clevertap", body: #"{\#(aps),"ct_mediaUrl":"\#(url)"}"#)
            #expect(clevertap.codes == ["media.url.required-key-missing"])
            let topLevel = try judgePreset(service, "firebase", body: #"{\#(aps),"image":"\#(url)"}"#)
            #expect(topLevel.codes == ["media.url.missing"])
        }
    }

    /// A profile's `/*/*/url` over a payload of thousands of objects: the search stops at
    /// `JSONPointer.maxCandidates` children and says so, instead of copying a pointer per
    /// candidate (the parent's pointer copied into each); a URL within them is found.
    @Test func aWildcardPointerIsBounded() throws {
        var configuration = testConfiguration()
        configuration.profiles["wild"] = ExtensionProfile(
            name: "wild", mediaKeys: [try JSONPointer("/*/*/url")], naming: .sniffed, download: .disk)
        var groups = ""
        for index in 0..<2000 { groups += #","g\#(index)":{"x":{}}"# }
        let aps = #""aps":{"alert":"a","mutable-content":1}"#
        let url = #"{"m":{"url":"https://cdn.example.com/a.jpg"}}"#
        try withService(configuration) { service in
            let late = Array(#"{\#(aps)\#(groups),"last":\#(url)}"#.utf8)
            let cut = try httpRequest(port: service.port, "POST", "/v1/preflight?fetch=false&profile=wild", body: late)
            guard case .array(let findings)? = cut.json?["findings"] else {
                Issue.record("no findings: \(cut.status)")
                return
            }
            let missing = try #require(findings.first { $0["code"]?.string == "media.url.missing" })
            #expect(
                missing["message"]?.string
                    == "no media URL where the wild extension reads it (/*/*/url); a * looks at the first 1000 members and elements only"
            )
            let early = Array(#"{"first":\#(url),\#(aps)\#(groups)}"#.utf8)
            let found = try httpRequest(
                port: service.port, "POST", "/v1/preflight?fetch=false&profile=wild", body: early)
            #expect(found.json?["payload"]?["media_key"]?.string == "/first/m/url")
        }
    }

    /// An extension that re-encodes images decodes a WebP fine and pays for its pixels.
    @Test func aReencodingExtensionDecodesTheImage() throws {
        var configuration = origins.configuration()
        configuration.profiles["seed003"] = ExtensionProfile(
            name: "seed003", mediaKeys: ExtensionProfile.generic.mediaKeys, naming: .reencodeJPEG, download: .memory)
        try withService(configuration) { service in
            let webp = try judgePreset(
                service, "seed003", body: Self.payload("generic", url: origins.https + "/media/image.webp"))
            #expect(webp.codes == [])
            #expect(webp.attachment?["uti"]?.string == "public.jpeg")
            #expect(webp.attachment?["file_name"]?.string == "attachment.jpg")
            let huge = try judgePreset(
                service, "seed003", body: Self.payload("generic", url: origins.https + "/media/huge.png"))
            #expect(huge.codes == ["media.image.memory", "attachment.device-memory"])
        }
    }

    /// The profile comes from `?profile=`, else `Preflight-Profile`, else `apps` by `apns-topic`,
    /// else `default_profile`; an unknown name is 400 `unknown-profile`.
    @Test func selection() throws {
        var configuration = origins.configuration()
        configuration.apps = ["com.example.fcm": "firebase"]
        configuration.defaultProfile = "generic"
        try withService(configuration) { service in
            let body = Array(Self.payload("generic", url: "https://cdn.example.com/a.jpg").utf8)
            func profile(_ path: String, _ headers: [(String, String)]) throws -> String? {
                let response = try httpRequest(port: service.port, "POST", path, headers: headers, body: body)
                return response.json?["payload"]?["profile"]?.string ?? response.errorCode
            }
            let base = "/v1/preflight?fetch=false"
            #expect(try profile(base, []) == "generic")
            #expect(try profile(base, [("apns-topic", "com.example.fcm")]) == "firebase")
            #expect(
                try profile(base, [("Preflight-Profile", "airship"), ("apns-topic", "com.example.fcm")]) == "airship")
            #expect(try profile(base + "&profile=onesignal", [("Preflight-Profile", "airship")]) == "onesignal")
            let unknown = try httpRequest(port: service.port, "POST", base + "&profile=nope", body: body)
            #expect(unknown.status == 400)
            #expect(unknown.errorCode == "unknown-profile")
            // A wrong header is not hidden by a right query argument.
            let hidden = try httpRequest(
                port: service.port, "POST", base + "&profile=generic", headers: [("Preflight-Profile", "nope")],
                body: body)
            #expect(hidden.status == 400)
            #expect(hidden.errorCode == "unknown-profile")
            let batch =
                #"{"items":[{"payload":{"aps":{"alert":"a","mutable-content":1}},"profile":"clevertap"},{"payload":{"aps":{"alert":"b","mutable-content":1}}}]}"#
            let answer = try httpRequest(
                port: service.port, "POST", "/v1/preflight/batch?fetch=false", body: Array(batch.utf8))
            guard case .array(let results)? = answer.json?["results"] else {
                Issue.record("no results: \(answer.text)")
                return
            }
            #expect(results.map { $0["payload"]?["profile"]?.string } == ["clevertap", "generic"])
        }
    }
}
