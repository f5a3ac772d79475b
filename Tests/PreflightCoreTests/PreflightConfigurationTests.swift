import Foundation
import Testing

@testable import PreflightCore

@Suite struct PreflightConfigurationTests {
    @Test func emptyFileKeepsEveryDefault() throws {
        let config = try PreflightConfiguration.decode(Array("{}".utf8))
        #expect(config == PreflightConfiguration())
        #expect(config.listen.port == 8080)
        #expect(config.payload.maxBytes == 4096)
        #expect(config.payload.voipMaxBytes == 5120)
        #expect(config.fetch.timeoutMs == 25000)
        #expect(config.limits.nseMemoryBytes == 25_165_824)
        #expect(config.defaultProfile == "generic")
        #expect(config.profiles["generic"]?.mediaKeys.first?.text == "/image")
        #expect(config.profiles["generic"]?.mediaKeys.count == 10)
        #expect(
            Set(config.profiles.keys) == [
                "generic", "firebase", "onesignal", "airship", "clevertap", "braze", "customerio", "klaviyo",
                "iterable",
                "pushwoosh", "batch", "notifee", "webengage", "pinpoint", "moengage", "expo",
            ])
    }

    /// `config/preflight.json` spells out the built-in defaults, so the two cannot drift apart.
    @Test func theCommittedConfigurationIsTheDefaults() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let data = try Data(contentsOf: root.appendingPathComponent("config/preflight.json"))
        #expect(try PreflightConfiguration.decode(Array(data)) == PreflightConfiguration())
    }

    /// `config/preflight.json` names every key the decoder reads, in every group, so an operator
    /// reading it sees each setting there is.
    @Test func theCommittedConfigurationNamesEveryKey() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let data = try Data(contentsOf: root.appendingPathComponent("config/preflight.json"))
        let file = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        func names(_ group: String) -> Set<String> { Set((file[group] as? [String: Any] ?? [:]).keys) }
        typealias Configuration = PreflightConfiguration
        #expect(Set(file.keys) == Set(Configuration.keys.map(\.name)))
        #expect(names("listen") == Set(Configuration.Listen.keys.map(\.name)))
        #expect(names("server") == Set(Configuration.Server.keys.map(\.name)))
        #expect(names("payload") == Set(Configuration.Payload.keys.map(\.name)))
        #expect(names("fetch") == Set(Configuration.Fetch.keys.map(\.name)))
        #expect(names("egress") == Set(Configuration.Egress.keys.map(\.name)))
        #expect(names("limits") == Set(Configuration.Limits.keys.map(\.name)))
        #expect(names("cache") == Set(Configuration.Cache.keys.map(\.name)))
        #expect(names("bulk") == Set(Configuration.Bulk.keys.map(\.name)))
    }

    @Test func readsEveryGroup() throws {
        let text = """
            {"listen": {"host": "::1", "port": 9000},
             "server": {"threads": 3, "max_connections": 10, "per_ip_connections": 2, "connection_timeout_s": 5,
                        "max_body_bytes": 1000, "connection_memory_bytes": 65536, "drain_timeout_s": 7},
             "auth": {"api_keys": ["a", "b"]},
             "payload": {"max_bytes": 100, "voip_max_bytes": 200, "allow_http_media": true},
             "fetch": {"enabled": false, "timeout_ms": 1, "connect_timeout_ms": 2, "slow_ms": 3, "max_redirects": 4,
                       "max_concurrent": 5, "ca_file": "/tmp/ca.pem", "resolve": ["h:443:127.0.0.1"]},
             "egress": {"allow_cidrs": ["127.0.0.0/8"], "deny_cidrs": ["8.8.8.0/24"], "allowed_ports": [443]},
             "limits": {"image_bytes": 1, "audio_bytes": 2, "video_bytes": 3, "nse_memory_bytes": 4},
             "cache": {"ttl_s": 6, "max_entries": 7},
             "profiles": {"myapp": {"media_keys": ["/pic", "/data/*"], "required_keys": ["/kind"], "naming": "url-path",
                                    "download": "disk", "device": {"memory_bytes": 1000, "time_budget_s": 10,
                                                                   "throughput_bits_per_s": 2000000}},
                          "firebase": {"download": "memory"}},
             "apps": {"com.example.app": "myapp"}, "default_profile": "firebase"}
            """
        let config = try PreflightConfiguration.decode(Array(text.utf8))
        #expect(config.listen.host == "::1")
        #expect(config.listen.port == 9000)
        #expect(config.server.threads == 3)
        #expect(config.server.drainTimeoutSeconds == 7)
        #expect(config.server.connectionMemoryBytes == 65536)
        #expect(config.auth.apiKeys == ["a", "b"])
        #expect(config.payload.allowHTTPMedia)
        let myapp = try #require(config.profiles["myapp"])
        #expect(myapp.mediaKeys.map(\.text) == ["/pic", "/data/*"])
        #expect(myapp.requiredKeys.map(\.text) == ["/kind"])
        #expect(myapp.naming == .urlPath)
        #expect(myapp.download == .disk)
        #expect(myapp.device.memoryBytes == 1000)
        #expect(myapp.device.timeBudgetSeconds == 10)
        #expect(myapp.device.throughputBitsPerSecond == 2_000_000)
        #expect(config.profiles["firebase"]?.download == .memory)
        // limits.nse_memory_bytes (4 here) is every profile's memory unless the profile gives its own.
        #expect(config.profiles["firebase"]?.device.memoryBytes == 4)
        #expect(config.profiles["generic"]?.device.memoryBytes == 4)
        #expect(config.profiles["firebase"]?.naming == .responseImageSubtype)
        #expect(config.apps == ["com.example.app": "myapp"])
        #expect(config.defaultProfile == "firebase")
        #expect(config.profile(named: nil, topic: "com.example.app")?.name == "myapp")
        #expect(config.profile(named: nil, topic: "other")?.name == "firebase")
        #expect(config.profile(named: "airship", topic: "com.example.app")?.name == "airship")
        #expect(config.profile(named: "nope", topic: nil) == nil)
        #expect(config.fetch.caFile == "/tmp/ca.pem")
        #expect(config.fetch.resolve == ["h:443:127.0.0.1"])
        #expect(config.egress.allowedPorts == [443])
        #expect(config.limits.videoBytes == 3)
        #expect(config.cache.maxEntries == 7)
    }

    @Test(arguments: [
        (#"{"lisen": {}}"#, "lisen: unknown key"),
        (#"{"fetch": {"timeout": 5}}"#, "fetch.timeout: unknown key"),
        (#"{"server": {"threads": "2"}}"#, "server.threads: expected an integer, got a string"),
        (#"{"server": {"threads": 1.5}}"#, "server.threads: expected an integer, got a number"),
        (#"{"payload": {"allow_http_media": 1}}"#, "payload.allow_http_media: expected true or false, got an integer"),
        (#"{"auth": {"api_keys": "k"}}"#, "auth.api_keys: expected an array of strings, got a string"),
        (#"{"auth": {"api_keys": [1]}}"#, "auth.api_keys: expected an array of strings, got an array"),
        (#"{"egress": {"allowed_ports": [0]}}"#, "egress.allowed_ports: 0 is out of range 1...65535"),
        (#"{"fetch": {"ca_file": 3}}"#, "fetch.ca_file: expected a string or null, got an integer"),
        (#"{"limits": []}"#, "limits: expected an object, got an array"),
        (
            #"{"payload": {"media_keys": ["image", "aps.image-url"]}}"#,
            #"payload.media_keys: replaced by profiles, whose media_keys are JSON Pointers; write "profiles": {"generic": {"media_keys": ["/image", "/aps/image-url"]}}"#
        ),
        (#"{"profiles": {"x": {"media_keys": ["image"]}}}"#, #"profiles.x.media_keys: "image" is not a JSON Pointer"#),
        (#"{"profiles": {"x": {"naming": "guess"}}}"#, #"profiles.x.naming: "guess" is not one of url-string"#),
        (#"{"profiles": {"x": {"naming": "declared"}}}"#, "profiles.x.type_key: declared naming needs"),
        (#"{"profiles": {"x": {"download": "cloud"}}}"#, #"profiles.x.download: "cloud" is not disk or memory"#),
        (#"{"profiles": {"x": {"max_content_length": 0}}}"#, "profiles.x.max_content_length: 0 is out of range 1..."),
        (#"{"profiles": {"x": {"max_content_length": "50MB"}}}"#, "profiles.x.max_content_length: expected an integer"),
        (#"{"apps": {"com.a": "nope"}}"#, #"apps.com.a: no profile "nope""#),
        (#"{"default_profile": "nope"}"#, #"default_profile: no profile "nope""#),
        (
            #"{"server": {"max_connections": 100, "max_parked_requests": 100}}"#,
            "server.max_parked_requests: 100 must be below server.max_connections (100)"
        ),
        (#"{"server": {"admin_listen": {"port": 1, "tls": true}}}"#, "server.admin_listen.tls: unknown key"),
        (#"{"server": {"admin_listen": 9090}}"#, "server.admin_listen: expected an object, got an integer"),
        (#"{"cache": {"max_bytes": -1}}"#, "cache.max_bytes: -1 is out of range"),
        (#"[]"#, "configuration must be a JSON object"),
        (#"{"a":"#, "configuration is not valid JSON"),
    ])
    func namesTheOffendingKey(text: String, message: String) {
        do {
            _ = try PreflightConfiguration.decode(Array(text.utf8))
            Issue.record("accepted \(text)")
        } catch {
            #expect(error.message.hasPrefix(message), "\(error.message)")
        }
    }

    @Test func adminListenerFromTheFileOrTheEnvironment() throws {
        var config = try PreflightConfiguration.decode(
            Array(#"{"server": {"admin_listen": {"host": "::1", "port": 9191}}}"#.utf8))
        #expect(config.server.adminListen?.host == "::1")
        #expect(config.server.adminListen?.port == 9191)
        #expect(
            try PreflightConfiguration.decode(Array(#"{"server": {"admin_listen": null}}"#.utf8)).server.adminListen
                == nil)

        config = try PreflightConfiguration.decode(Array(#"{"listen": {"host": "0.0.0.0"}}"#.utf8))
        try config.applyEnvironment(["PREFLIGHT_ADMIN_PORT": "9292"])
        #expect(config.server.adminListen?.host == "0.0.0.0")
        #expect(config.server.adminListen?.port == 9292)
        #expect(throws: ConfigurationError.self) { try config.applyEnvironment(["PREFLIGHT_ADMIN_PORT": "admin"]) }
    }

    @Test func environmentOverridesTheFile() throws {
        var config = try PreflightConfiguration.decode(Array(#"{"listen": {"port": 1}}"#.utf8))
        try config.applyEnvironment([
            "PREFLIGHT_HOST": "0.0.0.0", "PREFLIGHT_PORT": "9090", "PREFLIGHT_API_KEYS": " one, two ,,",
        ])
        #expect(config.listen.host == "0.0.0.0")
        #expect(config.listen.port == 9090)
        #expect(config.auth.apiKeys == ["one", "two"])
        #expect(throws: ConfigurationError.self) { try config.applyEnvironment(["PREFLIGHT_PORT": "http"]) }
    }
}

extension PreflightConfigurationTests {
    /// Numeric addresses as inet_pton reads them, for `listen.host` and `fetch.resolve`.
    @Test(arguments: [
        ("127.0.0.1", true), ("::1", true), ("::", true), ("2001:db8::8:800:200c:417a", true),
        ("::ffff:10.0.0.1", true), ("1:2:3:4:5:6:7:8", true), ("not-an-ip", false), ("1.2.3", false),
        ("256.1.1.1", false), ("01.2.3.4", false), ("1:2:3:4:5:6:7:8:9", false), ("1::2::3", false),
        ("12345::", false), ("", false),
    ])
    func numericAddresses(text: String, valid: Bool) {
        #expect(PreflightConfiguration.isNumericAddress(text) == valid)
    }

    /// `fetch.resolve` entries of curl's shape pass; others name the key.
    @Test(arguments: [
        ("a.test:443:127.0.0.1", true), ("+a.test:443:127.0.0.1,10.0.0.1", true), ("a.test:80:[::1]", true),
        ("-a.test:80", true), ("garbage", false), ("a.test:http:127.0.0.1", false), ("a.test:80:", false),
        ("a.test:80:example.com", false), (":80:127.0.0.1", false),
    ])
    func resolveEntries(entry: String, valid: Bool) {
        let text = #"{"fetch": {"resolve": ["\#(entry)"]}}"#
        let result = Result { () throws(ConfigurationError) in try PreflightConfiguration.decode(Array(text.utf8)) }
        switch result {
        case .success: #expect(valid, "\(entry) was accepted")
        case .failure(let error):
            #expect(!valid, "\(entry): \(error.message)")
            #expect(error.message.hasPrefix("fetch.resolve: "))
        }
    }
}
