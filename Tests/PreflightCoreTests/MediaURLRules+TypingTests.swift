import Testing

@testable import PreflightCore

/// `attachment.type-unlisted` and the untyped messages for types iOS gives that
/// UNNotificationAttachment's table does not name: `.m4v`, `.aifc`, `.mov`, AIFF-C bytes.
@Suite struct MediaURLRulesTypingTests {
    static func aiffBytes(_ formType: String) -> [UInt8] {
        Array("FORM".utf8) + [0, 0, 0, 0x40] + Array(formType.utf8) + Array("COMM".utf8) + [0, 0, 0, 0x12]
            + [UInt8](repeating: 0, count: 18)
    }

    func judge(_ url: String, bytes: [UInt8], profile: ExtensionProfile = .firebase) throws -> MediaRules.Outcome {
        var download = DownloadOutcome(url: url)
        download.httpStatus = 200
        download.prefix = bytes
        download.bytes = bytes.count
        download.sha256 = "00"
        let reference = MediaReference(key: "/image", url: try MediaURL.parse(url))
        return MediaRules.evaluate(download, reference: reference, configuration: .init(), profile: profile, root: nil)
    }

    func urlFindings(_ url: String, _ profile: ExtensionProfile, downloading: Bool = false) throws -> [Finding] {
        let text = #"{"aps":{"alert":"a","mutable-content":1},"image":"\#(url)","fcm_options":{"image":"\#(url)"}}"#
        let document = try JSONDocument.parse(Array(text.utf8))
        return MediaURLRules.check(document.root, profile: profile, configuration: .init(), downloading: downloading)
            .findings
    }

    /// A URL-named profile (generic, the whole URL string) types `.m4v` as Apple's M4V type: a warning.
    @Test func m4vFromTheURLIsAWarningThatSaysWhatIsKnown() throws {
        let findings = try urlFindings("https://c.test/clip.m4v", .generic)
        #expect(findings.map(\.code) == [.attachmentTypeUnlisted])
        #expect(findings[0].severity == .warning)
        #expect(
            findings[0].message
                == #"the generic extension writes the file as "attachment.m4v", which iOS types com.apple.m4v-video: UNNotificationAttachment's supported types do not name it, but Apple declares it a kind of public.mpeg-4, which they do; whether iOS attaches a kind of a listed type is not documented"#
        )
        #expect(
            findings[0].fix == "name MPEG-4 video .mp4 (or pass public.mpeg-4 as the type hint) to use the listed type")
    }

    /// `.aifc` is `public.aifc-audio`, `.mov` `com.apple.quicktime-movie`: untyped, saying which type.
    @Test func aifcAndMovNameTheTypeIOSGives() throws {
        let aifc = try urlFindings("https://c.test/a.aifc", .generic)
        #expect(aifc.map(\.code) == [.attachmentUntyped])
        #expect(
            aifc[0].message
                == #"the generic extension writes the file as "attachment.aifc" (.aifc) with no type hint: iOS types it public.aifc-audio, which is not among UNNotificationAttachment's supported types, and attaches nothing"#
        )
        #expect(aifc[0].fix.hasPrefix("serve AIFF audio as .aif or .aiff"))
        let mov = try urlFindings("https://c.test/a.mov", .generic)
        #expect(mov.map(\.code) == [.attachmentUntyped])
        #expect(
            mov[0].message.hasSuffix(
                "iOS types it com.apple.quicktime-movie, which is not among UNNotificationAttachment's supported types, and attaches nothing"
            ))
        #expect(mov[0].fix.hasPrefix("serve the video as MP4 named .mp4"))
    }

    /// Without a download a response-named profile (Firebase) is judged on the URL's extension,
    /// typed as iOS types a name: `.mov` warns as the catalog says, `.m4v` is the unlisted kind.
    @Test(arguments: [
        ("https://c.test/a.mov", [FindingCode.mediaURLExtensionUnsupported]),
        ("https://c.test/a.qt", [.mediaURLExtensionUnsupported]),
        ("https://c.test/a.aifc", [.mediaURLExtensionUnsupported]),
        ("https://c.test/a.m4v", [.attachmentTypeUnlisted]),
        ("https://c.test/a.mp4", []),
        ("https://c.test/a.aiff", []),
    ])
    func withoutADownloadTheURLsExtensionIsTyped(url: String, codes: [FindingCode]) throws {
        let findings = try urlFindings(url, .firebase)
        #expect(findings.map(\.code) == codes)
        #expect(findings.allSatisfy { $0.severity == .warning })
    }

    @Test func movSaysWhichTypeIOSGivesIt() throws {
        let findings = try urlFindings("https://c.test/a.mov", .firebase)
        #expect(
            findings.first?.message
                == "the URL's extension .mov (iOS types it com.apple.quicktime-movie) names no type iOS attaches (images: jpg, png, gif; audio: mp3, m4a, wav, aiff; video: mp4, mpg, avi)"
        )
    }

    /// AIFF-C bytes (FORM type AIFC) under an AIFF name are attached as AIFF, with the warning.
    @Test func aifcBytesUnderAnAIFFNameWarn() throws {
        let judged = try judge("https://c.test/sound.aiff", bytes: Self.aiffBytes("AIFC"))
        #expect(judged.findings.map(\.code) == [.attachmentTypeUnlisted])
        #expect(judged.findings[0].message.hasPrefix("the bytes are AIFF-C (FORM type AIFC, public.aifc-audio)"))
        #expect(judged.summary.sniffed == .aifc)
        #expect(judged.attachment?.uti == "public.aiff-audio")
        let plain = try judge("https://c.test/sound.aiff", bytes: Self.aiffBytes("AIFF"))
        #expect(plain.findings.map(\.code) == [])
        #expect(plain.attachment?.uti == "public.aiff-audio")
    }

    /// Under an `.aifc` name nothing is attached, whatever the bytes (AIFF bytes: the URL's
    /// name is the wrong one, renaming helps); under `.mp3` AIFF-C bytes must be converted.
    @Test func anAIFCNameIsUntyped() throws {
        let judged = try judge("https://c.test/sound.aifc", bytes: Self.aiffBytes("AIFF"))
        #expect(judged.findings.map(\.code) == [.mediaURLExtensionMismatch, .attachmentUntyped])
        #expect(judged.findings[0].fix == "rename the file to .aiff, or pass public.aiff-audio as the type hint")
        #expect(judged.attachment == nil)
        let mp3 = try judge("https://c.test/sound.mp3", bytes: Self.aiffBytes("AIFC"))
        #expect(mp3.findings.map(\.code).contains(.mediaURLExtensionMismatch))
        #expect(
            mp3.findings.first { $0.code == .mediaURLExtensionMismatch }?.fix.hasPrefix("convert the file to AIFF")
                == true)
    }

    /// An M4V download under a `.m4v` name: attached as com.apple.m4v-video, with the one warning
    /// (no `attachment.type-mismatch`: it is a kind of the bytes' MPEG-4 type).
    @Test func m4vDownloadIsAttachedWithTheWarning() throws {
        let m4v: [UInt8] = [0, 0, 0, 0x14] + Array("ftypM4V ".utf8) + [0, 0, 0, 0] + Array("M4V ".utf8)
        let judged = try judge("https://c.test/clip.m4v", bytes: m4v)
        #expect(judged.findings.map(\.code).contains(.attachmentTypeUnlisted))
        #expect(!judged.findings.map(\.code).contains(.attachmentTypeMismatch))
    }
}
