import Testing

@testable import PreflightCore

/// The media URL taken apart over its UTF-8 in place: the parts, every problem's reason, the
/// same answer from a `String` and from the document's bytes, percent-escapes kept, and a URL
/// whose JSON string escapes its slashes.
@Suite struct MediaURLTests {
    private static func parsed(_ text: String) -> Result<MediaURL, MediaURL.Problem> {
        Array(text.utf8).withUnsafeBufferPointer { bytes in
            Result { () throws(MediaURL.Problem) in try MediaURL.parse(bytes, text: DocumentText(text)) }
        }
    }

    @Test(
        arguments: [
            (
                "https://CDN.Example.com:8443/a/b/Photo.JPEG?x=1", "https", "cdn.example.com", 8443, "/a/b/Photo.JPEG",
                "jpeg"
            ),
            ("HTTP://cdn.example.com/a.jpg", "http", "cdn.example.com", nil, "/a.jpg", "jpg"),
            ("HtTpS://media.cdn.example.com", "https", "media.cdn.example.com", nil, "/", nil),
            ("https://cdn.example.com/?a.jpg", "https", "cdn.example.com", nil, "/", nil),
            ("https://cdn.example.com/v1.2/image#a.png", "https", "cdn.example.com", nil, "/v1.2/image", nil),
            ("https://cdn.example.com/dir/a.png/", "https", "cdn.example.com", nil, "/dir/a.png/", "png"),
            ("https://[2001:DB8::1]:443/a.gif", "https", "[2001:db8::1]", 443, "/a.gif", "gif"),
            ("https://cdn.example.com:/a.mp4", "https", "cdn.example.com", nil, "/a.mp4", "mp4"),
            ("https://a.test/.jpg", "https", "a.test", nil, "/.jpg", nil),
            ("https://a.test/a.toolongext", "https", "a.test", nil, "/a.toolongext", nil),
            // Percent-escapes stay as written: an escaped dot is no extension's dot.
            ("https://a.test/caf%C3%A9%20menu.JPG", "https", "a.test", nil, "/caf%C3%A9%20menu.JPG", "jpg"),
            ("https://a.test/photo%2Ejpg", "https", "a.test", nil, "/photo%2Ejpg", nil),
            ("https://a.test/a.j%70g", "https", "a.test", nil, "/a.j%70g", nil),
            // The extension is the last dot's: letters and digits only, one to eight of them.
            ("https://a.test/a.tar.GZ", "https", "a.test", nil, "/a.tar.GZ", "gz"),
            ("https://a.test/a.b-c", "https", "a.test", nil, "/a.b-c", nil),
            ("https://a.test/a.", "https", "a.test", nil, "/a.", nil),
            ("https://a.test/a.12345678", "https", "a.test", nil, "/a.12345678", "12345678"),
            ("https://a.test/a.123456789", "https", "a.test", nil, "/a.123456789", nil),
            ("https://a.test/b.c/d", "https", "a.test", nil, "/b.c/d", nil),
            ("https://a.test/x/.png//", "https", "a.test", nil, "/x/.png//", nil),
            ("https://a.test/x/a.png//", "https", "a.test", nil, "/x/a.png//", "png"),
            ("https://a.test/a.p@g", "https", "a.test", nil, "/a.p@g", nil),
            ("https://a.test/a.p[g", "https", "a.test", nil, "/a.p[g", nil),
            ("https://a.test/a.p`g", "https", "a.test", nil, "/a.p`g", nil),
        ] as [(String, String, String, Int?, String, String?)])
    func takesTheURLApart(
        text: String, scheme: String, host: String, port: Int?, path: String, pathExtension: String?
    ) throws {
        let url = try Self.parsed(text).get()
        #expect(url.text == text)
        #expect(url.scheme == scheme)
        #expect(url.host == host)
        #expect(url.port == port)
        #expect(url.path == path)
        #expect(url.pathExtension == pathExtension)
        #expect(try MediaURL.parse(text) == url)
    }

    @Test(arguments: [
        ("", "the URL is empty"),
        ("https://a.test/a b.jpg", "the URL contains U+0020, which must be percent-encoded"),
        ("https://a.test/\u{7}.jpg", "the URL contains U+0007, which must be percent-encoded"),
        ("https://a.test/café.jpg", "the URL contains a non-ASCII character, which must be percent-encoded"),
        // DEL is a control character, named as one (it was named as a backslash).
        ("https://a.test/a\u{7F}.jpg", "the URL contains U+007F, which must be percent-encoded"),
        (#"https://a.test\a.jpg"#, #"the URL contains \, which must be percent-encoded"#),
        ("/relative/a.jpg", "the URL is not absolute (no scheme://)"),
        ("https:/a.test/a.jpg", "the URL is not absolute (no scheme://)"),
        ("FTP://a.test/a.jpg", #"the scheme "ftp" is not http or https"#),
        ("httpss://a.test/a.jpg", #"the scheme "httpss" is not http or https"#),
        ("htt://a.test/a.jpg", #"the scheme "htt" is not http or https"#),
        ("httq://a.test/a.jpg", #"the scheme "httq" is not http or https"#),
        ("hTTpx://a.test/a.jpg", #"the scheme "httpx" is not http or https"#),
        ("https://user:pw@a.test/a.jpg", "the URL carries a user name or password, which downloads refuse"),
        ("https://[2001:db8::1/a.jpg", "unclosed [ in the host"),
        ("https://[2001:db8::1]x/a.jpg", "unexpected text after the IPv6 host"),
        ("https://[2001:db8::g]/a.jpg", "the IPv6 host [2001:db8::g] is not an IPv6 address"),
        ("https://[]/a.jpg", "the IPv6 host [] is not an IPv6 address"),
        ("https://a.test:99999/a.jpg", #"the port "99999" is not a number 1...65535"#),
        ("https://a.test:0/a.jpg", #"the port "0" is not a number 1...65535"#),
        ("https://a.test:8o/a.jpg", #"the port "8o" is not a number 1...65535"#),
        ("https://a.test:123456/a.jpg", #"the port "123456" is not a number 1...65535"#),
        ("https:///a.jpg", "the URL has no host"),
        ("https://:443/a.jpg", "the URL has no host"),
        ("https://a.test:80:80/a.jpg", #"the host "a.test:80" contains a second ":"; a host is a name or an address"#),
        ("https://a%2fb.test/a.jpg", #"the host "a%2fb.test" contains "%"; a host is a name or an address"#),
    ])
    func namesWhatIsWrong(text: String, reason: String) {
        #expect(throws: MediaURL.Problem(reason: reason)) { try Self.parsed(text).get() }
        #expect(throws: MediaURL.Problem(reason: reason)) { try MediaURL.parse(text) }
    }

    /// A byte a URL must percent-encode is found at every offset of URLs of 16 to 80 bytes
    /// (sixteen bytes at a time, the last block read again in part) and named, and a URL of
    /// printable bytes only passes.
    @Test(arguments: [UInt8(0x20), 0x00, 0x1F, 0x7F, 0x80, 0xFF, UInt8(ascii: "\\")])
    func aByteToEncodeIsFoundAtEveryOffset(byte: UInt8) {
        for length in [16, 17, 31, 32, 33, 47, 64, 80] {
            let clean = Array("https://a.test/".utf8) + Array(repeating: UInt8(ascii: "p"), count: length - 15)
            #expect(clean.withUnsafeBufferPointer { !ByteScan.hasNonPrintable($0, orEqualTo: UInt8(ascii: "\\")) })
            for offset in 15..<length {
                var bytes = clean
                bytes[offset] = byte
                #expect(bytes.withUnsafeBufferPointer { ByteScan.hasNonPrintable($0, orEqualTo: UInt8(ascii: "\\")) })
                let problem = bytes.withUnsafeBufferPointer { bytes in
                    Result { () throws(MediaURL.Problem) in
                        try MediaURL.parse(bytes, text: DocumentText(String(decoding: bytes, as: UTF8.self)))
                    }
                }
                #expect(throws: MediaURL.Problem.self) { try problem.get() }
            }
        }
        // Under sixteen bytes, byte by byte.
        for offset in 0..<15 {
            var bytes = Array("https://a.test/".utf8)
            bytes[offset] = byte
            #expect(bytes.withUnsafeBufferPointer { ByteScan.hasNonPrintable($0, orEqualTo: UInt8(ascii: "\\")) })
        }
    }

    /// The URL read from the document's bytes with its escapes undone (`\/` is `/`): judged, and
    /// reported in the summary, as the URL it spells.
    @Test func aURLWhoseJSONStringEscapesItsSlashes() {
        let body =
            #"{"aps":{"alert":"a","mutable-content":1},"image":"https:\/\/CDN.example.com\/push\/h\u0065ro.jpg"}"#
        let inspection = PayloadInspector(configuration: PreflightConfiguration()).inspect(
            body: Array(body.utf8), headers: APNsHeaders(pushType: "alert"))
        #expect(inspection.findings.map(\.code.rawValue) == [])
        #expect(inspection.summary.mediaURL == "https://CDN.example.com/push/hero.jpg")
        #expect(inspection.media?.url.host == "cdn.example.com")
        #expect(inspection.media?.url.path == "/push/hero.jpg")
        #expect(inspection.media?.url.pathExtension == "jpg")
    }

    /// An escaped space is still a space in the URL: refused as it would be unescaped.
    @Test func anEscapedByteIsJudgedAsTheByteItSpells() {
        let body = #"{"aps":{"alert":"a","mutable-content":1},"image":"https:\/\/a.test\/a\u0020b.jpg"}"#
        let inspection = PayloadInspector(configuration: PreflightConfiguration()).inspect(
            body: Array(body.utf8), headers: APNsHeaders(pushType: "alert"))
        #expect(inspection.findings.map(\.code.rawValue) == ["media.url.invalid"])
        #expect(
            inspection.findings.first?.message
                == "/image is not a usable URL: the URL contains U+0020, which must be percent-encoded")
        #expect(inspection.summary.mediaURL == "https://a.test/a b.jpg")
        #expect(inspection.media == nil)
    }
}
