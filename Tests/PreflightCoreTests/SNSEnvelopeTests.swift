import Testing

@testable import PreflightCore

/// AWS SNS `Publish` bodies: the documented per-platform form unwrapped to the APNs payload,
/// each level's mistake named in SNS's terms, the `AWS.SNS.MOBILE.APNS.*` attributes as headers.
@Suite struct SNSEnvelopeTests {
    static let target = #""TargetArn":"arn:aws:sns:us-east-1:123456789012:endpoint/APNS/MyApp/1""#
    static let payload =
        #"{"aps":{"alert":{"title":"T","body":"B"},"mutable-content":1},"image":"https://a.test/p.jpg"}"#

    /// A Publish body whose `Message` is `platforms` serialized to a string, with `extra` members.
    static func publish(_ platforms: JSONValue, extra: String = #""MessageStructure":"json""#) -> String {
        var writer = JSONWriter()
        writer.value(platforms)
        return #"{\#(target),\#(extra),"Message":\#(quoted(writer.text))}"#
    }

    /// `{"default": "d", "APNS": payload}` with the payload as a string.
    static func platforms(_ apns: String = payload, key: String = "APNS") -> JSONValue {
        .object([JSONMember(key: "default", value: .string("d")), JSONMember(key: key, value: .string(apns))])
    }

    static func quoted(_ text: String) -> String {
        var writer = JSONWriter()
        writer.value(JSONValue.string(text))
        return writer.text
    }

    static func attribute(_ name: String, _ value: String) -> String {
        #""MessageAttributes":{"\#(name)":{"DataType":"String","StringValue":"\#(value)"}}"#
    }

    @Test func theDocumentedExampleUnwrapsToTheAPNSStringByteForByte() throws {
        let inspection = EnvelopeTests.inspect(try EnvelopeTests.example("sns"), headers: APNsHeaders())
        #expect(EnvelopeTests.codes(inspection) == [])
        #expect(inspection.findings.first?.code == .envelopeDetected)
        #expect(inspection.findings.first?.path == "Message")
        let envelope = try #require(inspection.envelope)
        #expect(envelope.format == .sns)
        let inner =
            #"{"aps":{"alert":{"title":"Weekend deals","body":"Check out these awesome deals!"},"mutable-content":1},"image":"https://foo.bar/pizza-monster.png"}"#
        #expect(envelope.payloadText == inner)
        #expect(inspection.summary.bytes == inner.utf8.count)
        #expect(envelope.headers == APNsHeaders(pushType: "alert", priority: "10"))
        #expect(inspection.profile.name == "generic")
        #expect(inspection.summary.mediaKey == "/image")
    }

    @Test func theSandboxPayloadIsJudgedWhenItIsTheOnlyOne() throws {
        let inspection = EnvelopeTests.inspect(Self.publish(Self.platforms(key: "APNS_SANDBOX")), format: .sns)
        #expect(EnvelopeTests.codes(inspection) == [])
        #expect(inspection.envelope?.payloadText == Self.payload)
    }

    @Test func withBothPlatformsAPNSIsJudgedAndTheSandboxIsNamed() throws {
        let both = JSONValue.object(
            Self.platforms().members! + [JSONMember(key: "APNS_SANDBOX", value: .string(#"{"aps":{}}"#))])
        let inspection = EnvelopeTests.inspect(Self.publish(both), format: .sns)
        #expect(EnvelopeTests.codes(inspection) == ["envelope.sns.sandbox.not-judged"])
        #expect(inspection.findings.first { $0.code == .envelopeSNSSandboxNotJudged }?.severity == .info)
        #expect(inspection.envelope?.payloadText == Self.payload)
    }

    /// The classic mistake at each level: an object where SNS needs a JSON string.
    @Test func anObjectWhereSNSNeedsAStringFailsAtItsLevel() throws {
        let apnsObject = try JSONParser.parse(Array(Self.payload.utf8)).value
        let inner = JSONValue.object([
            JSONMember(key: "default", value: .string("d")), JSONMember(key: "APNS", value: apnsObject),
        ])
        let second = EnvelopeTests.inspect(Self.publish(inner), format: .sns)
        #expect(EnvelopeTests.codes(second) == ["envelope.sns.not-string"])
        #expect(second.findings.first?.path == "Message.APNS")
        #expect(second.report.verdict == .fail)
        #expect(second.envelope?.usable == false)
        var writer = JSONWriter()
        writer.value(Self.platforms())
        let first = EnvelopeTests.inspect(
            #"{\#(Self.target),"MessageStructure":"json","Message":\#(writer.text)}"#, format: .sns)
        #expect(EnvelopeTests.codes(first) == ["envelope.sns.not-string"])
        #expect(first.findings.first?.path == "Message")
    }

    @Test func invalidJSONIsNamedAtItsLevel() {
        let outer = EnvelopeTests.inspect(
            #"{\#(Self.target),"MessageStructure":"json","Message":"{\"default\":\"d\",\"APNS\":"}"#, format: .sns)
        #expect(EnvelopeTests.codes(outer) == ["envelope.sns.invalid-json"])
        #expect(outer.findings.first?.path == "Message")
        let inner = EnvelopeTests.inspect(Self.publish(Self.platforms(#"{"aps":{"alert":"x",}}"#)), format: .sns)
        #expect(EnvelopeTests.codes(inner) == ["envelope.sns.invalid-json"])
        #expect(inner.findings.first?.path == "Message.APNS")
        #expect(inner.report.verdict == .fail)
    }

    @Test func noAPNSKeyMeansTheDefaultTextWithoutMedia() {
        let body = Self.publish(.object([JSONMember(key: "default", value: .string("d"))]))
        let inspection = EnvelopeTests.inspect(body, format: .sns)
        #expect(EnvelopeTests.codes(inspection) == ["envelope.sns.apns.missing"])
        #expect(inspection.report.verdict == .fail)
    }

    @Test func noDefaultIsAWarning() {
        let body = Self.publish(.object([JSONMember(key: "APNS", value: .string(Self.payload))]))
        let inspection = EnvelopeTests.inspect(body, format: .sns)
        #expect(EnvelopeTests.codes(inspection) == ["envelope.sns.default.missing"])
        #expect(inspection.report.verdict == .warn)
    }

    /// Without `MessageStructure` the whole string is the alert: no mutable-content, no media.
    @Test func perPlatformJSONWithoutMessageStructureIsSentAsText() throws {
        var writer = JSONWriter()
        writer.value(Self.platforms())
        let body = #"{\#(Self.target),"Message":\#(Self.quoted(writer.text))}"#
        let inspection = EnvelopeTests.inspect(body)
        #expect(inspection.envelope?.format == .sns)
        #expect(EnvelopeTests.codes(inspection) == ["envelope.sns.structure.missing", "media.none"])
        #expect(inspection.report.verdict == .fail)
        let derived = try EnvelopeTests.derived(inspection)
        #expect(derived["aps"]?["alert"]?.string == writer.text)
        // Plain text without MessageStructure is a plain alert push, and fine.
        let text = EnvelopeTests.inspect(#"{\#(Self.target),"Message":"Your order shipped"}"#)
        #expect(EnvelopeTests.codes(text) == ["media.none"])
        #expect(text.report.verdict == .pass)
    }

    @Test func aMessageStructureOtherThanJSONIsRefused() {
        let body = Self.publish(Self.platforms(), extra: #""MessageStructure":"string""#)
        #expect(EnvelopeTests.codes(EnvelopeTests.inspect(body, format: .sns)) == ["envelope.field.invalid"])
    }

    @Test func aPublishWithoutATargetOrToAPhoneNumber() {
        let untargeted = EnvelopeTests.inspect(
            #"{"MessageStructure":"json","Message":\#(Self.quoted("{}"))}"#, format: .sns)
        #expect(EnvelopeTests.codes(untargeted).first == "envelope.invalid")
        let sms = EnvelopeTests.inspect(#"{"PhoneNumber":"+15550100","Message":"hi"}"#, format: .sns)
        #expect(EnvelopeTests.codes(sms).first == "envelope.ios.missing")
    }

    /// `AWS.SNS.MOBILE.APNS.PUSH_TYPE: background` reaches the header rules as the push type.
    @Test func theAttributesAreTheAPNsHeaders() throws {
        let body = Self.publish(
            Self.platforms(#"{"aps":{"content-available":1}}"#),
            extra: #""MessageStructure":"json",\#(Self.attribute("AWS.SNS.MOBILE.APNS.PUSH_TYPE", "background"))"#)
        let inspection = EnvelopeTests.inspect(body, headers: APNsHeaders())
        #expect(inspection.envelope?.headers.pushType == "background")
        #expect(inspection.summary.pushType == "background")
        #expect(inspection.summary.judgedAs == .background)
        let alert = Self.publish(
            Self.platforms(),
            extra: #""MessageStructure":"json",\#(Self.attribute("AWS.SNS.MOBILE.APNS.PUSH_TYPE", "background"))"#)
        let contradicted = EnvelopeTests.inspect(alert, headers: APNsHeaders())
        #expect(EnvelopeTests.codes(contradicted).contains("envelope.header.contradicts"))
        #expect(
            contradicted.findings.first { $0.code == .envelopeHeaderContradicts }?.path
                == "MessageAttributes.AWS.SNS.MOBILE.APNS.PUSH_TYPE")
        for (name, header) in [
            ("PRIORITY", \APNsHeaders.priority), ("COLLAPSE_ID", \APNsHeaders.collapseID),
            ("TOPIC", \APNsHeaders.topic),
        ] {
            let set = EnvelopeTests.inspect(
                Self.publish(
                    Self.platforms(),
                    extra: #""MessageStructure":"json",\#(Self.attribute("AWS.SNS.MOBILE.APNS." + name, "5"))"#
                ), format: .sns)
            #expect(set.envelope?.headers[keyPath: header] == "5", "\(name)")
        }
    }

    @Test(arguments: [
        (#"{"AWS.SNS.MOBILE.APNS.PUSH_TYPE":"alert"}"#, "is a string, not an attribute object"),
        (#"{"AWS.SNS.MOBILE.APNS.PUSH_TYPE":{"DataType":"Number","StringValue":"10"}}"#, #"has DataType "Number""#),
        (#"{"AWS.SNS.MOBILE.APNS.PRIORITY":{"DataType":"String","StringValue":10}}"#, "has StringValue 10"),
        (#"{"AWS.SNS.MOBILE.APNS.TTL":{"DataType":"String","StringValue":"1h"}}"#, "whole seconds"),
    ])
    func aWrongAttributeIsNamed(attributes: String, message: String) throws {
        let body = Self.publish(
            Self.platforms(), extra: #""MessageStructure":"json","MessageAttributes":\#(attributes)"#)
        let inspection = EnvelopeTests.inspect(body, format: .sns)
        #expect(EnvelopeTests.codes(inspection) == ["envelope.sns.attribute.invalid"])
        let finding = try #require(inspection.findings.first)
        #expect(finding.message.contains(message), "\(finding.message)")
        #expect(inspection.envelope?.headers == APNsHeaders(pushType: "alert"))
    }

    @Test func aValidTTLSetsNoHeaderAndAnUnknownAttributeIsNamed() {
        let ttl = Self.publish(
            Self.platforms(), extra: #""MessageStructure":"json",\#(Self.attribute("AWS.SNS.MOBILE.APNS.TTL", "3600"))"#
        )
        let judged = EnvelopeTests.inspect(ttl, format: .sns)
        #expect(EnvelopeTests.codes(judged) == [])
        #expect(judged.envelope?.headers.expiration == nil)
        let unknown = Self.publish(
            Self.platforms(),
            extra: #""MessageStructure":"json",\#(Self.attribute("AWS.SNS.MOBILE.APNS.PUSHTYPE", "alert"))"#)
        #expect(EnvelopeTests.codes(EnvelopeTests.inspect(unknown, format: .sns)) == ["envelope.header.unknown"])
    }

    /// The inner payload is read as sent: its repeated keys are reported.
    @Test func theAPNSStringsRepeatedKeysAreReported() {
        let body = Self.publish(
            Self.platforms(#"{"aps":{"alert":"a","alert":"b","mutable-content":1},"image":"https://a.test/p.jpg"}"#))
        let inspection = EnvelopeTests.inspect(body, format: .sns)
        #expect(EnvelopeTests.codes(inspection) == ["payload.duplicate-key"])
        #expect(inspection.findings.first?.path == "aps.alert")
    }

    @Test func theShapeIsDetected() throws {
        let detect = { (body: String) in EnvelopeFormat.detect(try JSONParser.parse(Array(body.utf8)).value) }
        #expect(try detect(#"{"Message":"x","MessageStructure":"json"}"#) == .sns)
        #expect(try detect(#"{"TopicArn":"arn","Message":{"APNS":{}}}"#) == .sns)
        #expect(try detect(#"{"Message":"x"}"#) == nil)
        #expect(try detect(#"{"aps":{},"Message":"x","TargetArn":"a"}"#) == nil)
    }
}
