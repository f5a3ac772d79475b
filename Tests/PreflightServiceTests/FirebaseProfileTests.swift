import PreflightCore
import PreflightService
import Testing

/// The `firebase` preset against nginx: the `image/` subtype for a name without extension, and
/// the shapes of `fcm_options` its helper skips.
@Suite(.serialized) struct FirebaseProfileTests {
    let origins: Origins

    init() throws {
        origins = try Origins.load()
    }

    @Test func anExtensionlessJPEGIsNamedFromItsType() throws {
        try withService(origins.configuration()) { service in
            let body = #"{\#(richAPS),"fcm_options":{"image":"\#(origins.https)/noext/photo"}}"#
            let result = try judgePreset(service, "firebase", body: body)
            #expect(result.codes == [])
            #expect(result.attachment?["file_name"]?.string == "photo.jpg")
        }
    }

    /// An extensionless WebP is named `.webp`, which iOS does not attach.
    @Test func anExtensionlessWebPIsNotAttached() throws {
        try withService(origins.configuration()) { service in
            let body = #"{\#(richAPS),"fcm_options":{"image":"\#(origins.https)/noext/art"}}"#
            let result = try judgePreset(service, "firebase", body: body)
            #expect(result.codes == ["media.type.unsupported"])
            #expect(result.attachment == nil)
        }
    }

    @Test(arguments: [
        (#""fcm_options":"x""#, "/fcm_options"),
        (#""fcm_options":{"image":["https://media.test/a.jpg"]}"#, "/fcm_options/image"),
    ])
    func aShapeTheHelperSkips(member: String, path: String) throws {
        try withService(origins.configuration()) { service in
            let result = try judgePreset(service, "firebase", body: #"{\#(richAPS),\#(member)}"#)
            #expect(result.codes == ["media.url.shape-invalid"])
            #expect(result.finding("media.url.shape-invalid")?["path"]?.string == path)
            #expect(result.status == 422)
        }
    }
}
