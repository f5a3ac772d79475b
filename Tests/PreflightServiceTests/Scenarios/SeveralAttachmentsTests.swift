import Foundation
import PreflightCore
import PreflightService
import Testing

/// Extensions that attach several media (OneSignal's `att`, a configured carousel): each media
/// downloaded from nginx or the misbehaving origin and judged at its own key, the report's
/// `attachments`, the time budget in the extension's order, its failure rule, `payload.max_media`,
/// the findings cap across media, and a profile's `Accept` header.
@Suite(.serialized) struct SeveralAttachmentsTests {
    let origins: Origins

    init() throws {
        origins = try Origins.load()
    }

    static let aps = #""aps":{"alert":"Sale","mutable-content":1}"#

    /// A push with `urls` under `att` (keys `k1`, `k2`, ...), or under `images` as an array.
    static func push(_ urls: [String], under key: String = "att") -> String {
        guard key == "att" else {
            return #"{\#(aps),"images":[\#(urls.map { "\"\($0)\"" }.joined(separator: ","))]}"#
        }
        let members = urls.enumerated().map { #""k\#($0.offset + 1)":"\#($0.element)""# }
        return #"{\#(aps),"att":{\#(members.joined(separator: ","))}}"#
    }

    /// A profile reading every element of `/images`, named by the URL's path.
    static func carousel(
        _ order: ExtensionProfile.Order, _ onFailure: ExtensionProfile.FailureRule, name: String = "carousel"
    ) throws -> ExtensionProfile {
        ExtensionProfile(
            name: name, mediaKeys: [try JSONPointer("/images/*")],
            naming: .urlPath, download: .disk, attachments: .every(order: order, onFailure: onFailure))
    }

    static func attachments(_ result: MediaCheckResult) throws -> [JSONValue] {
        guard case .array(let list)? = result.report["attachments"] else {
            throw TestConnection.Failure(description: "no attachments in \(result.report)")
        }
        return list
    }

    /// Each attachment as `key attached file_name uti [codes]`, for one exact comparison.
    static func summary(_ result: MediaCheckResult) throws -> [String] {
        try attachments(result).map { entry in
            var codes: [String] = []
            if case .array(let list)? = entry["finding_codes"] { codes = list.compactMap(\.string) }
            let attached = entry["attached"] == .bool(true) ? "attached" : "not-attached"
            return [
                entry["key"]?.string ?? "-", attached, entry["file_name"]?.string ?? "-", entry["uti"]?.string ?? "-",
                "[\(codes.joined(separator: ","))]",
            ].joined(separator: " ")
        }
    }

    /// OneSignal downloads every `att` value and drops only a failed one: two of three attached,
    /// and the failed one's error keeps the verdict a fail (the user misses a media the sender meant).
    @Test func oneSignalAttachesTheGoodOnesAndFailsOnTheMissingOne() throws {
        try withService(origins.configuration()) { service in
            let urls = [
                origins.https + "/media/image.jpg", origins.https + "/media/image.png", origins.https + "/missing.jpg",
            ]
            let result = try judgePreset(service, "onesignal", body: Self.push(urls))
            #expect(result.status == 422)
            #expect(result.codes == ["media.fetch.http-status"])
            #expect(result.finding("media.fetch.http-status")?["path"]?.string == "/att/k3")
            #expect(
                try Self.summary(result) == [
                    "/att/k1 attached attachment.jpeg public.jpeg []",
                    "/att/k2 attached attachment.png public.png []",
                    "/att/k3 not-attached - - [media.fetch.http-status]",
                ])
            let list = try Self.attachments(result)
            #expect(list.map { $0["media"]?["http_status"]?.integer } == [200, 200, 404])
            #expect(list.map { $0["kind"]?.string } == ["image", "image", nil])
            // `media` and `attachment` stay the first's.
            #expect(result.media?["url"]?.string == urls[0])
            #expect(result.attachment?["identifier"]?.string == "/att/k1")
            #expect(result.report["payload"]?["media_key"]?.string == "/att/k1")
        }
    }

    /// A parallel drops-all profile (Airship's rule): one failure leaves none attached.
    @Test func dropsAllAttachesNoneWhenOneFails() throws {
        var configuration = origins.configuration()
        configuration.profiles["carousel"] = try Self.carousel(.parallel, .dropsAll)
        try withService(configuration) { service in
            let urls = [
                origins.https + "/media/image.jpg", origins.https + "/missing.jpg", origins.https + "/media/image.png",
            ]
            let result = try judgePreset(service, "carousel", body: Self.push(urls, under: "images"))
            #expect(result.status == 422)
            #expect(result.codes == ["media.fetch.http-status", "attachment.dropped-all"])
            let dropped = try #require(result.finding("attachment.dropped-all"))
            #expect(dropped["path"]?.string == "/images/1")
            #expect(dropped["severity"]?.string == "error")
            #expect(
                try Self.summary(result) == [
                    "/images/0 not-attached image.jpg public.jpeg []",
                    "/images/1 not-attached - - [media.fetch.http-status,attachment.dropped-all]",
                    "/images/2 not-attached image.png public.png []",
                ])
            #expect(result.attachment == nil)
            // The same push under drops-that-one: two attached.
            var rule = configuration
            rule.profiles["carousel"] = try Self.carousel(.parallel, .dropsThatOne)
            try withService(rule) { other in
                let kept = try judgePreset(other, "carousel", body: Self.push(urls, under: "images"))
                #expect(kept.codes == ["media.fetch.http-status"])
                #expect(try Self.attachments(kept).map { $0["attached"] } == [.bool(true), .bool(false), .bool(true)])
            }
        }
    }

    /// A push naming 50 media costs at most `payload.max_media` downloads: the origin counts them.
    @Test func fiftyMediaMakeTenDownloads() throws {
        var configuration = origins.configuration()
        configuration.payload.maxMedia = 10
        let token = UUID().uuidString.prefix(8)
        let paths = (1...50).map { "/jpeg/cap-\(token)-\($0).jpg" }
        try withService(configuration) { service in
            let result = try judgePreset(service, "onesignal", body: Self.push(paths.map { origins.origin + $0 }))
            #expect(result.codes == ["media.attachments.not-downloaded"])
            let capped = try #require(result.finding("media.attachments.not-downloaded"))
            #expect(capped["path"]?.string == "/att/k11")
            #expect(capped["severity"]?.string == "warning")
            #expect(try Self.attachments(result).count == 10)
        }
        let hits = try paths.map { try origins.hits($0) }
        #expect(hits.reduce(0, +) == 10)
        #expect(Array(hits.prefix(10)) == Array(repeating: 1, count: 10))
    }

    /// The same three files, each 0.6 s at the profile's throughput: one after another they pass
    /// the 1 s budget (at the second), all at once they fit.
    @Test func theTimeBudgetCountsAsTheExtensionDownloads() throws {
        let size = try #require(
            try FileManager.default.attributesOfItem(atPath: origins.media + "/image.jpg")[.size] as? Int)
        var configuration = origins.configuration()
        for (name, order) in [("sequential", ExtensionProfile.Order.sequential), ("parallel", .parallel)] {
            var profile = try Self.carousel(order, .dropsThatOne, name: name)
            profile.device.timeBudgetSeconds = 1
            profile.device.throughputBitsPerSecond = Int(Double(size * 8) / 0.6)
            configuration.profiles[name] = profile
        }
        try withService(configuration) { service in
            let urls = (1...3).map { origins.https + "/media/image.jpg?copy=\($0)" }
            let sequential = try judgePreset(service, "sequential", body: Self.push(urls, under: "images"))
            #expect(sequential.codes == ["attachment.device-time"])
            let late = try #require(sequential.finding("attachment.device-time"))
            #expect(late["path"]?.string == "/images/1")
            let message = try #require(late["message"]?.string)
            #expect(message.contains("one after another (order: sequential)"), "\(message)")
            #expect(
                message.contains("take about 1.8 s, over the 1 s it has; media 2, /images/1, would end at about 1.2 s"))
            #expect(sequential.status == 200)
            let parallel = try judgePreset(service, "parallel", body: Self.push(urls, under: "images"))
            #expect(parallel.codes == [])
            #expect(try Self.attachments(parallel).count == 3)
        }
    }

    /// The cap of findings per code holds across the media: 15 failed downloads, 10 findings kept.
    @Test func theFindingsCapHoldsAcrossMedia() throws {
        var configuration = origins.configuration()
        configuration.payload.maxMedia = 20
        try withService(configuration) { service in
            let urls = (1...15).map { origins.https + "/missing.jpg?n=\($0)" }
            let result = try judgePreset(service, "onesignal", body: Self.push(urls))
            #expect(result.codes == Array(repeating: "media.fetch.http-status", count: 10))
            #expect(result.report["findings_omitted"]?["media.fetch.http-status"]?.integer == 5)
            let list = try Self.attachments(result)
            #expect(list.count == 15)
            #expect(list.allSatisfy { $0["finding_codes"] == .array([.string("media.fetch.http-status")]) })
        }
    }

    /// A profile's `accept` is sent with its downloads; the cache keeps answers by URL and
    /// Accept, so the profile without it gets the origin's own answer to it (406), not the other's.
    @Test func aProfilesAcceptHeaderIsSentAndKeysTheCache() throws {
        var configuration = origins.configuration()
        var webp = ExtensionProfile(
            name: "webp", mediaKeys: [try JSONPointer("/image")], naming: .urlPath, download: .disk)
        webp.accept = "image/webp"
        configuration.profiles["webp"] = webp
        let path = "/negotiated/\(UUID().uuidString.prefix(8)).jpg"
        try withService(configuration) { service in
            let body = #"{\#(Self.aps),"image":"\#(origins.origin + path)"}"#
            let negotiated = try judgePreset(service, "webp", body: body)
            #expect(negotiated.codes == [])
            #expect(negotiated.attachment?["uti"]?.string == "public.jpeg")
            let plain = try judgePreset(service, "generic", body: body)
            #expect(plain.codes == ["media.fetch.http-status"])
            #expect(plain.media?["http_status"]?.integer == 406)
            #expect(plain.media?["cached"] == .bool(false))
            let again = try judgePreset(service, "webp", body: body)
            #expect(again.media?["cached"] == .bool(true))
        }
        #expect(try origins.hits(path) == 2)
    }

    /// A batch item and `preflight check` carry the same `attachments`.
    @Test func batchesCarryTheAttachments() throws {
        try withService(origins.configuration()) { service in
            let urls = [origins.https + "/media/image.jpg", origins.https + "/media/image.gif"]
            let body =
                #"{"items": [{"payload": \#(Self.push(urls)), "profile": "onesignal", "headers": {"apns-push-type": "alert"}}]}"#
            let response = try httpRequest(port: service.port, "POST", "/v1/preflight/batch", body: Array(body.utf8))
            #expect(response.status == 200)
            guard case .array(let results)? = response.json?["results"],
                case .array(let list)? = results.first?["attachments"]
            else { throw TestConnection.Failure(description: "no attachments in \(response.text)") }
            #expect(list.map { $0["uti"]?.string } == ["public.jpeg", "com.compuserve.gif"])
        }
    }

    @Test func theCheckCommandCarriesTheAttachments() throws {
        let configuration = origins.configuration()
        let file = try scratchDirectory("several-attachments").appendingPathComponent("config.json")
        let resolve = configuration.fetch.resolve.map { "\"\($0)\"" }.joined(separator: ",")
        let ports = configuration.egress.allowedPorts.map(String.init).joined(separator: ",")
        try Data(
            #"""
            {"fetch": {"ca_file": "\#(origins.caFile)", "resolve": [\#(resolve)]},
             "egress": {"allow_cidrs": ["127.0.0.0/8"], "allowed_ports": [\#(ports)]}}
            """#.utf8
        ).write(to: file)
        let urls = [origins.https + "/media/image.jpg", origins.https + "/missing.jpg"]
        let text = try runProcess(
            preflightBinary,
            ["check", "--config", file.path, "--profile", "onesignal", "--header", "apns-push-type:alert", "-"],
            input: Array(Self.push(urls).utf8))
        #expect(text.status == 1, "\(text.output)")
        #expect(text.output.contains("\n  attachments: 1 of 2 attached\n"), "\(text.output)")
        #expect(text.output.contains("\n    /att/k1: attached as attachment.jpeg\n"))
        #expect(text.output.hasSuffix("\n    /att/k2: not attached (media.fetch.http-status)\n"))
        let json = try runProcess(
            preflightBinary,
            ["check", "--config", file.path, "--profile", "onesignal", "--format", "json", "-"],
            input: Array(Self.push(urls).utf8))
        let report = try JSONParser.parse(Array(json.output.utf8)).value
        guard case .array(let list)? = report["attachments"] else {
            throw TestConnection.Failure(description: "no attachments in \(json.output)")
        }
        #expect(list.map { $0["key"]?.string } == ["/att/k1", "/att/k2"])
    }
}
