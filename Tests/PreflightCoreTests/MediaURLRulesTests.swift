import PreflightCore
import Testing

@Suite struct MediaURLRulesTests {
    /// Real senders' shapes: where the URL sits and what else is around it.
    @Test(arguments: [
        (#"{"aps":{"alert":"a","mutable-content":1},"image":"https://c.example/p.jpg"}"#, "/image"),
        (
            #"{"aps":{"alert":{"title":"t","body":"b"},"mutable-content":1},"attachment-url":"https://c.example/p.png"}"#,
            "/attachment-url"
        ),
        (
            #"{"aps":{"alert":"a","mutable-content":1},"fcm_options":{"image":"https://c.example/p.gif"}}"#,
            "/fcm_options/image"
        ),
        (#"{"aps":{"alert":"a","mutable-content":1},"media-url":"https://c.example/s.mp3"}"#, "/media-url"),
        (#"{"aps":{"alert":"a","mutable-content":1},"ct_mediaUrl":"https://c.example/v.mp4"}"#, "/ct_mediaUrl"),
        (#"{"aps":{"alert":"a","mutable-content":1},"att":{"id":"https://c.example/v.mp4","type":"mp4"}}"#, "/att/id"),
    ])
    func findsTheURLUnderSendersKeys(text: String, key: String) {
        let inspection = PayloadInspector(configuration: PreflightConfiguration()).inspect(
            body: Array(text.utf8), headers: APNsHeaders(pushType: "alert"))
        #expect(inspection.findings.map(\.code.rawValue) == [])
        #expect(inspection.summary.mediaKey == key)
        #expect(inspection.media?.key == key)
    }

    @Test func apsImageURLWithCustomKeysInsideAps() {
        let text = #"{"aps":{"alert":"a","mutable-content":1,"image-url":"https://c.example/p.jpg","campaign":"x"}}"#
        let inspection = PayloadInspector(configuration: PreflightConfiguration()).inspect(
            body: Array(text.utf8), headers: APNsHeaders(pushType: "alert"))
        #expect(inspection.summary.mediaKey == "/aps/image-url")
        #expect(inspection.findings.map(\.code.rawValue) == ["aps.key.unknown", "aps.key.unknown"])
        #expect(inspection.findings.map(\.path) == ["aps.image-url", "aps.campaign"])
    }

    @Test func keysAreSearchedInConfiguredOrder() {
        let text =
            #"{"aps":{"alert":"a","mutable-content":1},"media_url":"https://c.example/2.jpg","image":"https://c.example/1.jpg"}"#
        var configuration = PreflightConfiguration()
        #expect(
            PayloadInspector(configuration: configuration).inspect(body: Array(text.utf8), headers: APNsHeaders())
                .summary.mediaKey == "/image")
        configuration.profiles["generic"]?.mediaKeys = [try! JSONPointer("/media_url"), try! JSONPointer("/image")]
        #expect(
            PayloadInspector(configuration: configuration).inspect(body: Array(text.utf8), headers: APNsHeaders())
                .summary.mediaURL == "https://c.example/2.jpg")
    }

    /// The codes for a URL under `image`, judged for `profile` (one whose extension does not name
    /// the file from the URL, so the URL-level extension advice applies).
    func urlCodes(_ url: String, allowHTTP: Bool = false, profile: ExtensionProfile? = nil) -> [String] {
        var configuration = PreflightConfiguration()
        configuration.payload.allowHTTPMedia = allowHTTP
        let judged =
            profile
            ?? ExtensionProfile(
                name: "sniffing", mediaKeys: ExtensionProfile.generic.mediaKeys, naming: .sniffed, download: .disk)
        let text = #"{"aps":{"alert":"a","mutable-content":1},"image":\#(url)}"#
        return PayloadInspector(configuration: configuration).inspect(
            body: Array(text.utf8), headers: APNsHeaders(pushType: "alert"), profile: judged
        ).findings.map(\.code.rawValue)
    }

    /// The generic profile names the file from the whole URL string (seeds 000-002): a query, no
    /// extension, an unsupported one or .mov leave the file untyped, and that is known from the URL.
    @Test(arguments: [
        ("https://cdn.example.com/a.jpg", [String]()),
        ("https://cdn.example.com/sale.jpg?w=600&v=2", ["attachment.untyped"]),
        ("HTTPS://cdn.example.com/a.JPG?w=300#x", ["attachment.untyped"]),
        ("https://cdn.example.com/a.JPG", []),
        ("https://cdn.example.com/image", ["attachment.untyped"]),
        ("https://cdn.example.com/v1.2/image", ["attachment.untyped"]),
        ("https://cdn.example.com/a.webp", ["attachment.untyped"]),
        ("https://cdn.example.com/a.mov", ["attachment.untyped"]),
        ("https://cdn.example.com/a.mp4", []),
        ("https://cdn.example.com/a.m4v", ["attachment.type-unlisted"]),
        ("https://cdn.example.com/a.aifc", ["attachment.untyped"]),
        ("https://cdn.example.com/a.aiff", []),
    ])
    func genericNamesTheFileFromTheURLString(url: String, expected: [String]) {
        #expect(urlCodes("\"\(url)\"", profile: .generic) == expected)
    }

    @Test(arguments: [
        (#""https://cdn.example.com/a.jpg""#, [String]()),
        (#""HTTPS://cdn.example.com/a.JPG?w=300#x""#, []),
        (#""https://cdn.example.com:8443/dir/a.m4a""#, []),
        (#""https://[2001:db8::1]/a.png""#, []),
        (#""http://cdn.example.com/a.jpg""#, ["media.url.insecure"]),
        (#""https://cdn.example.com/image""#, ["media.url.no-extension"]),
        (#""https://cdn.example.com/""#, ["media.url.no-extension"]),
        (#""https://cdn.example.com""#, ["media.url.no-extension"]),
        (#""https://cdn.example.com/v1.2/image?format=jpg""#, ["media.url.no-extension"]),
        (#""https://cdn.example.com/a.webp""#, ["media.url.extension-unsupported"]),
        (#""https://cdn.example.com/a.heic""#, ["media.url.extension-unsupported"]),
        (#""https://cdn.example.com/a.mov""#, ["media.url.extension-unsupported"]),
        (#""https://cdn.example.com/a.MOV""#, ["media.url.extension-unsupported"]),
        (#""https://cdn.example.com/a.m4v""#, ["attachment.type-unlisted"]),
        (#""https://cdn.example.com/a.aifc""#, ["media.url.extension-unsupported"]),
        (#""https://cdn.example.com/a.aif""#, []),
        (#""https://cdn.example.com/a.xyz""#, ["media.url.extension-unsupported"]),
        (#""/relative/a.jpg""#, ["media.url.invalid"]),
        (#""cdn.example.com/a.jpg""#, ["media.url.invalid"]),
        (#""ftp://cdn.example.com/a.jpg""#, ["media.url.invalid"]),
        (#""https:///a.jpg""#, ["media.url.invalid"]),
        (#""https://user:pw@cdn.example.com/a.jpg""#, ["media.url.invalid"]),
        (#""https://cdn.example.com/a b.jpg""#, ["media.url.invalid"]),
        (#""https://cdn.example.com:99999/a.jpg""#, ["media.url.invalid"]),
        (#""""#, ["media.url.invalid"]),
        ("42", ["media.url.invalid"]),
        (#"{"url":"https://c.example/a.jpg"}"#, ["media.url.invalid"]),
        (#"["https://c.example/a.jpg"]"#, ["media.url.invalid"]),
    ])
    func judgesTheURL(url: String, expected: [String]) {
        #expect(urlCodes(url) == expected)
    }

    @Test func httpIsAllowedWhenConfigured() {
        #expect(urlCodes(#""http://cdn.example.com/a.jpg""#, allowHTTP: true) == [])
    }

    /// mutable-content without a URL: the extension runs (it may decrypt or log), no media to
    /// check; only expect=media makes the missing URL an error.
    @Test func missingURLIsNoMediaUnlessMediaIsExpected() {
        #expect(codes(#"{"aps":{"alert":"a","mutable-content":1}}"#) == ["media.none"])
        #expect(codes(#"{"aps":{"alert":"a","mutable-content":1},"image":null}"#) == ["media.none"])
        let inspector = PayloadInspector(configuration: PreflightConfiguration())
        let expected = inspector.inspect(
            body: Array(#"{"aps":{"alert":"a","mutable-content":1}}"#.utf8), headers: APNsHeaders(pushType: "alert"),
            expectMedia: true)
        #expect(expected.findings.map(\.code.rawValue) == ["media.url.missing"])
        #expect(expected.summary.judgedAs == .richAlert)
    }

    @Test func parsesURLParts() throws {
        let url = try MediaURL.parse("https://CDN.Example.com:8443/a/b/Photo.JPEG?x=1")
        #expect(url.scheme == "https")
        #expect(url.host == "cdn.example.com")
        #expect(url.port == 8443)
        #expect(url.path == "/a/b/Photo.JPEG")
        #expect(url.pathExtension == "jpeg")
        #expect(MediaFormat.forExtension("JPEG") == .jpeg)
        #expect(MediaFormat.forExtension("m4a")?.kind == .audio)
        #expect(MediaFormat.forExtension("mp4")?.uti == "public.mpeg-4")
        #expect(MediaFormat.forExtension("webp")?.isSupported == false)
    }

    @Test func verdictFollowsTheWorstSeverity() {
        let info = Finding(.pushTypeMissing, path: nil, message: "", fix: "")
        let warning = Finding(.mediaURLNoExtension, path: nil, message: "", fix: "")
        let error = Finding(.mediaURLInsecure, path: nil, message: "", fix: "")
        #expect(Verdict(findings: []) == .pass)
        #expect(Verdict(findings: [info]) == .pass)
        #expect(Verdict(findings: [info, warning]) == .warn)
        #expect(Verdict(findings: [warning, error, info]) == .fail)
    }

    @Test func everyFindingHasAMessageAndAFix() {
        let samples = [
            "", "[]", #"{"image":1}"#, #"{"aps":1}"#, payload(aps: #""badge":-1,"x":1"#),
            payload(aps: #""alert":"","mutable-content":"1""#),
        ]
        for sample in samples {
            let findings = PayloadInspector(configuration: PreflightConfiguration()).inspect(
                body: Array(sample.utf8), headers: APNsHeaders(pushType: "mdm", priority: "7")
            ).findings
            #expect(!findings.isEmpty)
            for finding in findings {
                #expect(!finding.message.isEmpty, "\(finding.code)")
                #expect(!finding.fix.isEmpty, "\(finding.code)")
                #expect(FindingCatalog.entries.contains { $0.code == finding.code && $0.severity == finding.severity })
            }
        }
    }

    /// An extension that attaches every value: each is a candidate to download, up to
    /// `payload.max_media`; past it one warning, and the rest judged on their URL only.
    @Test func everyValueUpToMaxMediaIsACandidate() throws {
        let att = (1...12).map { #""k\#($0)":"https://c.example/\#($0).webp""# }.joined(separator: ",")
        let text = #"{"aps":{"alert":"a","mutable-content":1},"att":{\#(att)}}"#
        var configuration = PreflightConfiguration()
        configuration.payload.maxMedia = 10
        let inspection = PayloadInspector(configuration: configuration).inspect(
            body: Array(text.utf8), headers: APNsHeaders(pushType: "alert"), profile: .onesignal, downloading: true)
        #expect(inspection.candidates.map(\.key) == (1...10).map { "/att/k\($0)" })
        #expect(inspection.candidates.allSatisfy { $0.reference != nil })
        // Downloaded ones are judged on their bytes; the two past the cap on their URL's extension.
        #expect(
            inspection.findings.map(\.code.rawValue) == [
                "media.url.extension-unsupported", "media.url.extension-unsupported",
                "media.attachments.not-downloaded",
            ])
        #expect(inspection.findings.map(\.path) == ["/att/k11", "/att/k12", "/att/k11"])
        let capped = try #require(inspection.findings.last)
        #expect(capped.severity == .warning)
        #expect(
            capped.message
                == "the push names 12 media and the onesignal extension downloads and attaches every one; Preflight downloaded the first 10 (payload.max_media): the other 2, from /att/k11 on, were judged on their URL only"
        )
        // A profile that attaches the first value has no candidates.
        let generic = PayloadInspector(configuration: configuration).inspect(
            body: Array(text.utf8), headers: APNsHeaders(pushType: "alert"), downloading: true)
        #expect(generic.candidates.isEmpty)
    }
}

/// `media.url.insecure` follows the extension's ATS for the URL's host.
@Suite struct MediaURLRulesATSTests {
    func codes(_ url: String, ats: AppTransportSecurity?, allowHTTP: Bool = false) -> [String] {
        var configuration = PreflightConfiguration()
        configuration.payload.allowHTTPMedia = allowHTTP
        var profile = ExtensionProfile.generic
        profile.ats = ats
        let text = #"{"aps":{"alert":"a","mutable-content":1},"image":"\#(url)"}"#
        return PayloadInspector(configuration: configuration).inspect(
            body: Array(text.utf8), headers: APNsHeaders(pushType: "alert"), profile: profile
        ).report.findings.map(\.code.rawValue).filter { $0 == "media.url.insecure" }
    }

    @Test func insecureFollowsTheHostsRules() {
        let ats = AppTransportSecurity(exceptionDomains: ["cdn.example": .init(allowsInsecureHTTPLoads: true)])
        #expect(codes("http://cdn.example/a.jpg", ats: ats) == [])
        #expect(codes("http://img.cdn.example/a.jpg", ats: ats) == ["media.url.insecure"])
        #expect(codes("http://other.example/a.jpg", ats: ats) == ["media.url.insecure"])
        #expect(codes("http://other.example/a.jpg", ats: .arbitraryLoads) == [])
        // The profile's own ats wins over the allow_http_media shorthand.
        #expect(codes("http://other.example/a.jpg", ats: ats, allowHTTP: true) == ["media.url.insecure"])
        #expect(codes("http://other.example/a.jpg", ats: nil, allowHTTP: true) == [])
        #expect(codes("http://other.example/a.jpg", ats: nil) == ["media.url.insecure"])
    }
}
