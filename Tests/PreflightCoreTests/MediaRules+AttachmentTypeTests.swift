import Testing

@testable import PreflightCore

/// `attachment.type-mismatch`: the type the extension gives the file (its name or its hint)
/// against the bytes, left out where the URL's extension already says it.
@Suite struct MediaRulesAttachmentTypeTests {
    static func png(url: String) -> DownloadOutcome {
        var download = DownloadOutcome(url: url)
        download.httpStatus = 200
        download.prefix = ImageHeaderTests.png(width: 64, height: 48)
        download.bytes = download.prefix.count
        download.sha256 = "00"
        return download
    }

    /// What WebEngage's extension needs before it acts.
    static let webengage = #"{"source":"webengage","expandableDetails":{"style":"BIG_PICTURE"}}"#

    func judge(_ url: String, _ profile: ExtensionProfile, payload: String = webengage) throws -> MediaRules.Outcome {
        let reference = MediaReference(key: "/m", url: try MediaURL.parse(url))
        let document = try JSONDocument.parse(Array(payload.utf8))
        return MediaRules.evaluate(
            Self.png(url: url), reference: reference, configuration: .init(), profile: profile, root: document.root)
    }

    /// WebEngage names a PNG at `a.png?v=2` `.jpg`: the name types it as JPEG.
    @Test func aNameOfAnotherType() throws {
        let judged = try judge("https://c.example/a.png?v=2", .webengage)
        #expect(judged.findings.map(\.code) == [.attachmentTypeMismatch])
        #expect(
            judged.findings[0].message
                == #"the webengage extension names the file "attachment.jpg" (public.jpeg) but the bytes are png (public.png); Apple does not document what iOS shows for a file typed as another type"#
        )
        #expect(judged.findings[0].severity == .warning)
        #expect(judged.attachment?.uti == "public.jpeg")
    }

    /// Batch's hint says JPEG for PNG bytes.
    @Test func aHintOfAnotherType() throws {
        let payload = #"{"com.batch":{"at":{"u":"https://c.example/p","t":"public.jpeg"}}}"#
        let judged = try judge("https://c.example/p", .batch, payload: payload)
        #expect(judged.findings.map(\.code) == [.attachmentTypeMismatch])
        #expect(judged.findings[0].message.hasPrefix("the batch extension passes the type hint (public.jpeg)"))
    }

    /// The URL's `.jpg` already says it (`media.url.extension-mismatch`); a matching name says nothing.
    @Test func notSaidTwiceNorWhenTheyAgree() throws {
        let sameAsURL = try judge("https://c.example/a.jpg", .webengage)
        #expect(sameAsURL.findings.map(\.code) == [.mediaURLExtensionMismatch])
        let agrees = try judge("https://c.example/a.png", .webengage)
        #expect(agrees.findings.map(\.code) == [])
    }
}
