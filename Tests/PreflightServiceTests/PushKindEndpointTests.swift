import PreflightCore
import PreflightService
import Testing

/// Every push kind over the real server (POST /v1/preflight and /v1/preflight/batch) and the
/// CLI: a valid push of each kind passes, judged as that kind; a push sent as the wrong kind, or
/// missing what its kind needs, gets its exact codes.
@Suite(.serialized) struct PushKindEndpointTests {
    /// A valid push of each kind: request headers and payload.
    static let valid: [(PushKind, [(String, String)], String)] = [
        (
            .richAlert, [("apns-push-type", "alert"), ("apns-topic", "com.example.app")],
            #"{"aps":{"alert":{"title":"Sale","body":"Today"},"mutable-content":1},"image":"https://cdn.example.com/a.jpg"}"#
        ),
        (.alert, [("apns-push-type", "alert")], #"{"aps":{"badge":3}}"#),
        (
            .background, [("apns-push-type", "background"), ("apns-priority", "5")],
            #"{"aps":{"content-available":1}}"#
        ),
        (.voip, [("apns-push-type", "voip"), ("apns-topic", "com.example.app.voip")], #"{"caller":"Ada"}"#),
        (
            .liveActivity,
            [("apns-push-type", "liveactivity"), ("apns-topic", "com.example.app.push-type.liveactivity")],
            #"{"aps":{"timestamp":1700000000,"event":"update","content-state":{"score":"2-1"},"alert":{"title":{"loc-key":"GOAL"},"body":"2-1","sound":"goal.caf"}}}"#
        ),
        (
            .liveActivityBroadcast,
            [
                ("apns-push-type", "liveactivity"), ("apns-channel-id", "dHdpY2UgYSBjaGFubmVs"),
                ("apns-priority", "10"), ("apns-expiration", "0"),
            ],
            #"{"aps":{"timestamp":1700000000,"event":"update","content-state":{"score":"2-1"}}}"#
        ),
        (
            .pushToTalk,
            [
                ("apns-push-type", "pushtotalk"), ("apns-topic", "com.example.app.voip-ptt"),
                ("apns-priority", "10"), ("apns-expiration", "0"),
            ],
            "{}"
        ),
        (
            .widgets, [("apns-push-type", "widgets"), ("apns-topic", "com.example.app.push-type.widgets")],
            #"{"aps":{"content-changed":true}}"#
        ),
        (
            .controls, [("apns-push-type", "controls"), ("apns-topic", "com.example.app.push-type.controls")],
            #"{"aps":{"content-changed":true}}"#
        ),
        (.location, [("apns-push-type", "location"), ("apns-topic", "com.example.app.location-query")], "{}"),
        (.complication, [("apns-push-type", "complication"), ("apns-topic", "com.example.app.complication")], "{}"),
        (
            .fileProvider,
            [("apns-push-type", "fileprovider"), ("apns-topic", "com.example.app.pushkit.fileprovider")],
            "{}"
        ),
        (.mdm, [("apns-push-type", "mdm")], #"{"mdm":"8E9B1B7A-1F5C"}"#),
    ]

    @Test func aValidPushOfEachKindPassesOverHTTP() throws {
        #expect(Set(Self.valid.map(\.0)) == Set(PushKind.allCases))
        try withService { service in
            for (kind, headers, body) in Self.valid {
                let response = try httpRequest(
                    port: service.port, "POST", "/v1/preflight?fetch=false", headers: headers, body: Array(body.utf8))
                #expect(response.status == 200, "\(kind): \(response.text)")
                #expect(response.json?["verdict"]?.string == "pass", "\(kind): \(response.text)")
                #expect(response.json?["payload"]?["judged_as"]?.string == kind.rawValue)
            }
        }
    }

    @Test func mistakenPushesGetTheirCodesOverHTTP() throws {
        let cases: [([(String, String)], String, String, [String])] = [
            // A valid silent push sent as an alert: one kind finding, not aps.alert.missing and
            // headers.push-type.not-alert.
            (
                [("apns-push-type", "alert")], #"{"aps":{"content-available":1}}"#, "alert",
                ["kind.silent-as-alert", "media.none"]
            ),
            (
                [("apns-push-type", "background"), ("apns-priority", "10")], #"{"aps":{"content-available":1}}"#,
                "background", ["kind.priority"]
            ),
            (
                [("apns-push-type", "background"), ("apns-priority", "5")],
                #"{"aps":{"alert":"Sale","content-available":1}}"#,
                "background", ["kind.alert-in-background"]
            ),
        ]
        try withService { service in
            for (headers, body, kind, expected) in cases {
                let response = try httpRequest(
                    port: service.port, "POST", "/v1/preflight?fetch=false", headers: headers, body: Array(body.utf8))
                #expect(response.status == 422, "\(response.text)")
                #expect(response.json?["payload"]?["judged_as"]?.string == kind)
                guard case .array(let findings)? = response.json?["findings"] else {
                    Issue.record("no findings in \(response.text)")
                    continue
                }
                #expect(findings.compactMap { $0["code"]?.string } == expected)
            }
        }
    }

    @Test func aBatchJudgesEachItemAsItsKind() throws {
        var items: [String] = []
        for (_, headers, body) in Self.valid {
            let headerObject = headers.map { #""\#($0.0)":"\#($0.1)""# }.joined(separator: ",")
            items.append(#"{"payload":\#(body),"headers":{\#(headerObject)}}"#)
        }
        try withService { service in
            let response = try httpRequest(
                port: service.port, "POST", "/v1/preflight/batch?fetch=false",
                body: Array(#"{"items":[\#(items.joined(separator: ","))]}"#.utf8))
            #expect(response.status == 200, "\(response.text)")
            guard case .array(let results)? = response.json?["results"] else {
                Issue.record("no results in \(response.text)")
                return
            }
            #expect(results.map { $0["payload"]?["judged_as"]?.string } == Self.valid.map { $0.0.rawValue })
            #expect(results.map { $0["verdict"]?.string } == Self.valid.map { _ in "pass" })
        }
    }

    @Test func theCLIJudgesABackgroundPush() throws {
        let silent = #"{"aps":{"content-available":1}}"#
        let pass = try runProcess(
            preflightBinary,
            ["check", "--header", "apns-push-type:background", "--header", "apns-priority:5", "--format", "json", "-"],
            input: Array(silent.utf8))
        #expect(pass.status == 0, "\(pass.output)")
        let report = try JSONParser.parse(Array(pass.output.utf8)).value
        #expect(report["verdict"]?.string == "pass")
        #expect(report["payload"]?["judged_as"]?.string == "background")
        let text = try runProcess(
            preflightBinary, ["check", "--header", "apns-push-type:background", "-"], input: Array(silent.utf8))
        #expect(text.status == 1)
        #expect(text.output.hasPrefix("FAIL  31 of 4096 bytes, push type background, judged as background"))
        #expect(text.output.contains("error   kind.priority at apns-priority:"))
    }
}
