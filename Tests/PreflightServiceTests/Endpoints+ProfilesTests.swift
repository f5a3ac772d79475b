import PreflightCore
import PreflightService
import Testing

/// `GET /v1/profiles` and `GET /v1/profiles/{name}` over real HTTP, and the report's link to them.
@Suite struct EndpointsProfilesTests {
    /// The test configuration with a profile of its own, mapped from one app.
    static func configuration(keys: [String] = []) throws -> PreflightConfiguration {
        let file = #"{"profiles": {"myapp": {"media_keys": ["/pic"]}}, "apps": {"com.example.shop": "myapp"}}"#
        var configuration = try PreflightConfiguration.decode(Array(file.utf8))
        let test = testConfiguration()
        configuration.listen = test.listen
        configuration.server = test.server
        configuration.egress = test.egress
        configuration.auth.apiKeys = keys
        return configuration
    }

    @Test func theListNamesEveryPresetInOrderThenTheConfiguredOne() throws {
        try withService(try Self.configuration()) { service in
            let response = try httpRequest(port: service.port, "GET", "/v1/profiles")
            #expect(response.status == 200)
            #expect(response.headers["content-type"] == "application/json")
            let list = try #require(response.json)
            #expect(list["default_profile"]?.string == "generic")
            guard case .array(let profiles)? = list["profiles"] else {
                Issue.record("no profiles in \(response.text)")
                return
            }
            #expect(profiles.compactMap { $0["name"]?.string } == ExtensionProfile.presetOrder.map(\.name) + ["myapp"])
            let presets = profiles.dropLast()
            #expect(presets.allSatisfy { $0["source"]?["models"]?.string?.isEmpty == false })
            let myapp = try #require(profiles.last)
            #expect(myapp["source"] == nil)
            #expect(myapp["apps"] == .array([.string("com.example.shop")]))
            #expect(myapp["media_keys"] == .array([.string("/pic")]))
            #expect(myapp["url"]?.string == "/v1/profiles/myapp")
        }
    }

    /// The preset's `source` as JSON, read from the preset: its citation moves with the SDK it models.
    static var clevertapSource: String {
        var writer = JSONWriter()
        ExtensionProfile.clevertap.source?.writeJSON(to: &writer, citation: true)
        return writer.text
    }

    @Test func oneProfileIsItsEntryExactly() throws {
        try withService(try Self.configuration()) { service in
            let response = try httpRequest(port: service.port, "GET", "/v1/profiles/clevertap")
            #expect(response.status == 200)
            #expect(
                response.text
                    == #"{"name":"clevertap","media_keys":["/ct_mediaUrl"],"required_keys":["/ct_mediaType"],"naming":"declared","type_key":"/ct_mediaType","download":"disk","attachments":{"mode":"first"},"accept":null,"ats":null,"device":{"memory_bytes":25165824,"time_budget_s":25,"throughput_bits_per_s":5000000},"source":"#
                    + Self.clevertapSource + #","default":false,"apps":[],"url":"/v1/profiles/clevertap"}"#
            )
        }
    }

    @Test func anUnknownNameIs404InTheAPIsErrorShape() throws {
        try withService(try Self.configuration()) { service in
            let response = try httpRequest(port: service.port, "GET", "/v1/profiles/nope")
            #expect(response.status == 404)
            #expect(
                response.text
                    == #"{"error":{"code":"unknown-profile","message":"no profile \"nope\"; known: "#
                    + (ExtensionProfile.presetOrder.map(\.name) + ["myapp"]).joined(separator: ", ") + #""}}"#
            )
            // No name at all is no endpoint.
            let empty = try httpRequest(port: service.port, "GET", "/v1/profiles/")
            #expect(empty.status == 404)
            #expect(empty.errorCode == "not-found")
        }
    }

    @Test(arguments: ["/v1/profiles", "/v1/profiles/braze", "/v1/profiles/nope"])
    func bothNeedTheKeyWhenKeysAreSet(path: String) throws {
        try withService(try Self.configuration(keys: ["k1"])) { service in
            let anonymous = try httpRequest(port: service.port, "GET", path)
            #expect(anonymous.status == 401)
            #expect(anonymous.errorCode == "unauthorized")
            let allowed = try httpRequest(port: service.port, "GET", path, headers: [("Authorization", "Bearer k1")])
            #expect(allowed.status == (path.hasSuffix("nope") ? 404 : 200))
        }
    }

    /// The report's payload: the name, the link, and what the profile models (what was not read for Braze).
    @Test(
        arguments: [
            (
                "braze",
                #"{"aps":{"alert":"a","mutable-content":1},"ab":{"att":{"url":"https://x.test/a.jpg","type":"jpg"}}}"#
            ),
            (
                "clevertap",
                #"{"aps":{"alert":"a","mutable-content":1},"ct_mediaUrl":"https://x.test/a.jpg","ct_mediaType":"image"}"#
            ),
            ("myapp", #"{"aps":{"alert":"a","mutable-content":1},"pic":"https://x.test/a.jpg"}"#),
        ])
    func theReportLinksTheProfileAndSaysWhatItModels(profile: String, body: String) throws {
        try withService(try Self.configuration()) { service in
            let response = try httpRequest(
                port: service.port, "POST", "/v1/preflight?fetch=false&profile=\(profile)",
                headers: [("apns-push-type", "alert")], body: Array(body.utf8))
            let payload = try #require(response.json?["payload"])
            #expect(payload["profile"]?.string == profile)
            #expect(payload["profile_url"]?.string == "/v1/profiles/\(profile)")
            let preset = ExtensionProfile.presets[profile]
            switch profile {
            case "braze":
                let source = try #require(payload["profile_source"])
                #expect(source["models"]?.string == preset?.source?.models)
                #expect(source["unverified"]?.string == preset?.source?.unverified)
                #expect(source["unverified"]?.string?.contains("closed binary") == true)
                #expect(source["citation"] == nil)
            case "clevertap":
                #expect(
                    payload["profile_source"]
                        == .object([
                            JSONMember(key: "models", value: .string(preset?.source?.models ?? "?")),
                            JSONMember(
                                key: "unverified", value: preset?.source?.unverified.map { .string($0) } ?? .null),
                        ]))
            default:
                #expect(payload["profile_source"] == nil)
            }
        }
    }
}
