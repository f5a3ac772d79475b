import PreflightCore
import PreflightService
import Testing

/// The `expo` preset against nginx: Expo's example extension reads `body._richContent.image`,
/// downloads to disk and writes every file as `.jpg`.
@Suite(.serialized) struct ExpoProfileTests {
    let origins: Origins

    init() throws {
        origins = try Origins.load()
    }

    func judge(_ service: PreflightService, _ body: String) throws -> TestResponse {
        try httpRequest(
            port: service.port, "POST", "/v1/preflight?profile=expo", headers: [("apns-push-type", "alert")],
            body: Array(body.utf8))
    }

    func payload(_ url: String) -> String {
        #"{"aps":{"alert":{"title":"t","body":"b"},"mutable-content":1},"body":{"_richContent":{"image":"\#(url)"}}}"#
    }

    @Test func aJPEGAttachesAsJPG() throws {
        try withService(origins.configuration()) { service in
            let response = try judge(service, payload(origins.https + "/media/image.jpg"))
            #expect(response.status == 200, "\(response.text)")
            #expect(response.json?["verdict"]?.string == "pass")
            #expect(response.json?["payload"]?["media_key"]?.string == "/body/_richContent/image")
            #expect(response.json?["attachment"]?["file_name"]?.string == "attachment.jpg")
            #expect(response.json?["attachment"]?["uti"]?.string == "public.jpeg")
        }
    }

    /// The naming's trap: a PNG is written as `.jpg` too, typed `public.jpeg` by its name.
    @Test func aPNGIsWrittenAsJPG() throws {
        try withService(origins.configuration()) { service in
            let response = try judge(service, payload(origins.https + "/media/image.png"))
            #expect(response.status == 200, "\(response.text)")
            #expect(response.json?["verdict"]?.string == "warn")
            #expect(response.json?["media"]?["sniffed_type"]?.string == "image/png")
            #expect(response.json?["attachment"]?["file_name"]?.string == "attachment.jpg")
            #expect(response.json?["attachment"]?["uti"]?.string == "public.jpeg")
            guard case .array(let findings)? = response.json?["findings"] else {
                throw TestConnection.Failure(description: "no findings in \(response.text)")
            }
            #expect(findings.compactMap { $0["code"]?.string } == ["attachment.type-mismatch"])
            #expect(findings.first?["path"]?.string == "/body/_richContent/image")
        }
    }

    /// The image anywhere else is not read: no URL for this extension.
    @Test func theImageElsewhereIsNotRead() throws {
        try withService(origins.configuration()) { service in
            let body = #"{"aps":{"alert":"a","mutable-content":1},"image":"\#(origins.https)/media/image.jpg"}"#
            let response = try judge(service, body)
            #expect(response.status == 422)
            guard case .array(let findings)? = response.json?["findings"] else {
                throw TestConnection.Failure(description: "no findings in \(response.text)")
            }
            #expect(findings.compactMap { $0["code"]?.string } == ["media.url.missing"])
        }
    }
}
