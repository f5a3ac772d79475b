extension SNSEnvelope {
    /// The `AWS.SNS.MOBILE.APNS*` message attributes: the header ones set the APNs headers, the
    /// TTL of the judged platform is checked. Returns the paths of the push type and priority.
    ///
    /// A message attribute is `{"DataType": "String", "StringValue": "..."}` (Amazon SNS message
    /// attributes: https://docs.aws.amazon.com/sns/latest/dg/SNSMessageAttributes.html, "Name,
    /// type, and value"; the mobile ones are String attributes in every example read).
    static func attributes(
        _ given: JSONValue?, platform: String, into derivation: inout Derivation
    ) -> (pushType: String, priority: String) {
        var paths = (pushType: "apns-push-type", priority: "apns-priority")
        guard let given else { return paths }
        guard let members = given.members else {
            derivation.wrongType(
                "MessageAttributes", given, expected: "an object of attribute name to {DataType, StringValue}",
                provider: "SNS")
            return paths
        }
        for member in members where member.key.hasPrefix(attributePrefix) {
            let path = "MessageAttributes.\(member.key)"
            guard let value = stringValue(member.value, path: path, into: &derivation) else { continue }
            if let header = headerAttributes[member.key] {
                derivation.setHeader(header, value)
                if header == "apns-push-type" { paths.pushType = path }
                if header == "apns-priority" { paths.priority = path }
            } else if member.key == "AWS.SNS.MOBILE.\(platform).TTL" {
                timeToLive(value, path: path, into: &derivation)
            } else if !member.key.hasSuffix(".TTL") {
                derivation.add(
                    .envelopeHeaderUnknown, path: path,
                    message:
                        "\(member.key) is not an SNS attribute for APNs (\(headerAttributes.keys.sorted().joined(separator: ", ")), and the TTLs): it sets nothing",
                    fix: "spell the attribute as SNS does, or leave it out")
            }
        }
        return paths
    }

    /// The attribute's `StringValue` when it is a String attribute; else a finding and nil.
    static func stringValue(_ attribute: JSONValue, path: String, into derivation: inout Derivation) -> String? {
        if attribute["DataType"]?.string == "String", let value = attribute["StringValue"]?.string {
            return value
        }
        let what =
            if attribute.members == nil {
                "is \(attribute.typeName), not an attribute object"
            } else if attribute["DataType"]?.string != "String" {
                "has DataType \(attribute["DataType"]?.shortDescription ?? "missing"), not \"String\""
            } else {
                "has StringValue \(attribute["StringValue"]?.shortDescription ?? "missing"), not a string"
            }
        derivation.add(
            .envelopeSNSAttributeInvalid, path: path,
            message:
                "\(path) \(what); SNS reads its mobile attributes as {\"DataType\": \"String\", \"StringValue\": ...}",
            fix: "send {\"DataType\": \"String\", \"StringValue\": \"\(attribute.string ?? "value")\"}")
        return nil
    }

    /// `AWS.SNS.MOBILE.APNS.TTL`: seconds from the publish time ("TTL is relative to the publish
    /// time ... the TTL value must be a positive integer, unless the value of 0 has a specific
    /// meaning for the push notification service, such as with APNs": Amazon SNS, "Using the
    /// time to live message attribute", https://docs.aws.amazon.com/sns/latest/dg/sns-ttl.html).
    /// SNS passes APNs the expiration that is left when it hands the push over, a time Preflight
    /// does not know: the TTL's form is checked, and no `apns-expiration` is derived from it.
    static func timeToLive(_ value: String, path: String, into derivation: inout Derivation) {
        guard !value.isEmpty, value.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else {
            derivation.add(
                .envelopeSNSAttributeInvalid, path: path,
                message:
                    "\(path) is \"\(Quoting.bounded(value))\"; SNS needs the time to live as whole seconds (0 or more)",
                fix: "send the TTL in seconds, for example \"3600\"")
            return
        }
    }
}
