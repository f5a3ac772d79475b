import Testing

@testable import PreflightCore

/// A configured profile's `attachments`, `order`, `on_failure` and `accept`, and `payload.max_media`.
@Suite struct ExtensionProfileAttachmentKeysTests {
    static func profile(_ keys: String) throws -> ExtensionProfile {
        let config = try PreflightConfiguration.decode(Array(#"{"profiles": {"x": {\#(keys)}}}"#.utf8))
        return try #require(config.profiles["x"])
    }

    @Test func aProfileAttachesTheFirstValueUnlessTold() throws {
        let profile = try Self.profile(#""media_keys": ["/images/*"]"#)
        #expect(profile.attachments == .first)
        #expect(profile.accept == nil)
    }

    @Test(
        arguments: [
            (
                #""attachments": "every""#,
                ExtensionProfile.Attachments.every(order: .sequential, onFailure: .dropsThatOne)
            ),
            (
                #""attachments": "every", "order": "parallel", "on_failure": "drops-all""#,
                .every(order: .parallel, onFailure: .dropsAll)
            ),
            (#""attachments": "every", "on_failure": "drops-all""#, .every(order: .sequential, onFailure: .dropsAll)),
            (#""attachments": "first""#, .first),
        ] as [(String, ExtensionProfile.Attachments)])
    func readsTheAttachmentsMode(keys: String, expected: ExtensionProfile.Attachments) throws {
        #expect(try Self.profile(keys).attachments == expected)
    }

    /// A profile named after a preset starts from it: OneSignal's order is kept, its rule changed.
    @Test func aPresetsModeIsKeptAndChangedKeyByKey() throws {
        let config = try PreflightConfiguration.decode(
            Array(#"{"profiles": {"onesignal": {"on_failure": "drops-all", "accept": "image/webp"}}}"#.utf8))
        let profile = try #require(config.profiles["onesignal"])
        #expect(profile.attachments == .every(order: .sequential, onFailure: .dropsAll))
        #expect(profile.accept == "image/webp")
    }

    @Test func readsTheAcceptHeader() throws {
        #expect(try Self.profile(#""accept": "image/webp,image/*;q=0.8""#).accept == "image/webp,image/*;q=0.8")
        #expect(try Self.profile(#""accept": null"#).accept == nil)
    }

    @Test(
        arguments: [
            (#""attachments": "all""#, #"profiles.x.attachments: "all" is not first or every"#),
            (#""order": "parallel""#, #"profiles.x.order: only a profile with "attachments": "every""#),
            (#""on_failure": "drops-all""#, #"profiles.x.on_failure: only a profile with "attachments": "every""#),
            (
                #""attachments": "every", "order": "random""#,
                #"profiles.x.order: "random" is not sequential or parallel"#
            ),
            (
                #""attachments": "every", "on_failure": "ignore""#,
                #"profiles.x.on_failure: "ignore" is not drops-that-one or drops-all"#
            ),
            (#""accept": "image/webp\r\nX-Evil: 1""#, "profiles.x.accept: an Accept value is visible ASCII"),
            (#""accept": """#, "profiles.x.accept: an Accept value is visible ASCII"),
            (#""accept": 3"#, "profiles.x.accept: expected a string or null, got an integer"),
        ])
    func refusesABadValueNamingTheKey(keys: String, message: String) {
        do {
            _ = try Self.profile(keys)
            Issue.record("accepted \(keys)")
        } catch let error as ConfigurationError {
            #expect(error.message.hasPrefix(message), "\(error.message)")
        } catch {
            Issue.record("\(error)")
        }
    }

    @Test func maxMediaIsTenUnlessConfigured() throws {
        #expect(PreflightConfiguration().payload.maxMedia == 10)
        let config = try PreflightConfiguration.decode(Array(#"{"payload": {"max_media": 3}}"#.utf8))
        #expect(config.payload.maxMedia == 3)
        #expect(throws: ConfigurationError.self) {
            try PreflightConfiguration.decode(Array(#"{"payload": {"max_media": 0}}"#.utf8))
        }
    }
}
