import PreflightCore
import PreflightHTTP
import Testing

@testable import PreflightService

/// `RequestOptions`: the query arguments and headers of a check, read once, without a socket.
@Suite struct RequestOptionsTests {
    let configuration = PreflightConfiguration()

    func request(query: [String: String] = [:], headers: [String: String] = [:]) -> HTTPRequest {
        var arguments = QueryArguments()
        for (name, value) in query { arguments.set(value, for: name) }
        return HTTPRequest(
            method: "POST", path: "/v1/preflight", query: arguments,
            headers: HeaderFields(headers.map { ($0.key, $0.value) }))
    }

    func parse(query: [String: String] = [:], headers: [String: String] = [:]) -> RequestOptions? {
        try? RequestOptions.parse(request(query: query, headers: headers), configuration: configuration).get()
    }

    /// The refusal's status and body, or nil when the request parses.
    func refusal(query: [String: String] = [:], headers: [String: String] = [:]) -> (Int, String)? {
        switch RequestOptions.parse(request(query: query, headers: headers), configuration: configuration) {
        case .success: nil
        case .failure(let refusal): (refusal.response.status, String(decoding: refusal.response.body, as: UTF8.self))
        }
    }

    @Test func nothingGivenDownloadsAndLetsTheInspectorPick() throws {
        let options = try #require(parse())
        #expect(options.fetch == true)
        #expect(options.expectMedia == false)
        #expect(options.profile == nil)
        #expect(options.format == nil)
        #expect(options.wantsText == false)
    }

    @Test func everyOptionFromTheQuery() throws {
        let options = try #require(
            parse(query: ["fetch": "false", "expect": "media", "profile": "firebase", "format": "fcm"]))
        #expect(options.fetch == false)
        #expect(options.expectMedia == true)
        #expect(options.profile == ExtensionProfile.presets["firebase"])
        #expect(options.format == .fcm)
    }

    @Test func everyOptionFromTheHeaders() throws {
        let options = try #require(
            parse(headers: [
                "preflight-expect": "media", "preflight-profile": "braze", "preflight-format": "braze",
                "accept": "Text/Plain; charset=utf-8",
            ]))
        #expect(options.expectMedia == true)
        #expect(options.profile == ExtensionProfile.presets["braze"])
        #expect(options.format == .braze)
        #expect(options.wantsText == true)
    }

    @Test func theQueryWinsOverTheHeader() throws {
        let options = try #require(
            parse(
                query: ["profile": "firebase", "format": "fcm"],
                headers: ["preflight-profile": "onesignal", "preflight-format": "onesignal"]))
        #expect(options.profile == ExtensionProfile.presets["firebase"])
        #expect(options.format == .fcm)
    }

    @Test func jsonAskedForFirstIsNotText() throws {
        #expect(try #require(parse(headers: ["accept": "application/json, text/plain"])).wantsText == false)
        #expect(try #require(parse(headers: ["accept": "text/plai"])).wantsText == false)
    }

    @Test func eachBadOptionIsRefusedWithItsCodeAndMessage() throws {
        let profiles = configuration.profileNames
        let formats = "apns, fcm, onesignal, airship, braze, expo, sns, azure"
        let cases: [([String: String], [String: String], String)] = [
            (
                ["fetch": "no"], [:],
                #"{"error":{"code":"invalid-query","message":"fetch must be true or false, got \"no\""}}"#
            ),
            (
                ["expect": "image"], [:],
                #"{"error":{"code":"invalid-query","message":"expect must be media, got \"image\""}}"#
            ),
            (
                ["expect": "media"], ["preflight-expect": "video"],
                #"{"error":{"code":"invalid-query","message":"expect must be media, got \"video\""}}"#
            ),
            (
                ["profile": "nope"], [:],
                #"{"error":{"code":"unknown-profile","message":"no profile \"nope\"; known: \#(profiles)"}}"#
            ),
            // A right query argument does not hide a wrong header.
            (
                ["profile": "firebase"], ["preflight-profile": "nope"],
                #"{"error":{"code":"unknown-profile","message":"no profile \"nope\"; known: \#(profiles)"}}"#
            ),
            (
                [:], ["preflight-format": "gcm"],
                #"{"error":{"code":"unknown-format","message":"no envelope format \"gcm\"; known: \#(formats)"}}"#
            ),
        ]
        for (query, headers, body) in cases {
            let refused = try #require(refusal(query: query, headers: headers))
            #expect(refused.0 == 400)
            #expect(refused.1 == body)
        }
    }

    /// One order for both endpoints: fetch, profile, format, expect.
    @Test func theFirstBadOptionIsTheOneNamed() throws {
        let fetchFirst = try #require(
            refusal(query: ["fetch": "no", "profile": "nope", "format": "gcm", "expect": "x"]))
        #expect(fetchFirst.1.contains(#""message":"fetch must be true or false, got \"no\"""#))
        let profileNext = try #require(refusal(query: ["profile": "nope", "format": "gcm", "expect": "x"]))
        #expect(profileNext.1.contains(#""code":"unknown-profile""#))
        let formatNext = try #require(refusal(query: ["format": "gcm", "expect": "x"]))
        #expect(formatNext.1.contains(#""code":"unknown-format""#))
    }

    @Test func aBatchItemNamesItsOwnProfileAndFormatOrTakesTheRequests() throws {
        let options = try #require(parse(query: ["profile": "firebase", "format": "fcm"]))
        #expect(try options.profile(forItem: nil, configuration: configuration).get() == options.profile)
        #expect(
            try options.profile(forItem: "airship", configuration: configuration).get()
                == ExtensionProfile.presets["airship"])
        #expect(try options.format(forItem: nil).get() == .fcm)
        #expect(try options.format(forItem: "apns").get() == .apns)
        guard case .failure(let profile) = options.profile(forItem: "nope", configuration: configuration) else {
            Issue.record("an unknown item profile was accepted")
            return
        }
        #expect(profile.response.status == 400)
        #expect(String(decoding: profile.response.body, as: UTF8.self).contains(#""code":"unknown-profile""#))
        guard case .failure(let format) = options.format(forItem: "gcm") else {
            Issue.record("an unknown item format was accepted")
            return
        }
        #expect(String(decoding: format.response.body, as: UTF8.self).contains(#"no envelope format \"gcm\""#))
    }
}
