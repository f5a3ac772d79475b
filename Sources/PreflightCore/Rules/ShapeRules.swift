/// The shape an SDK helper's own decoding demands of the payload around its media keys: where it
/// refuses the shape, it attaches nothing, whatever the URL.
public enum ShapeRules {
    /// Which helper's decoding a profile copies.
    public enum Check: String, Sendable, CaseIterable {
        /// No check of its own: the media keys are read as they are.
        case none
        /// firebase-ios-sdk `FIRMessagingExtensionHelper.m`, `populateNotificationContent:withContentHandler:`:
        /// `fcm_options` must be a dictionary and its `image` a string, else the push is delivered
        /// without an attachment (`isKindOfClass:` checks before `URLWithString:`).
        case firebase
        /// Airship ios-library `MediaAttachmentPayload.swift`, `init(from:)` and
        /// `PayloadOptions.validate()`: `com.urbanairship.media_attachment` is a `Decodable`; a
        /// member of the wrong type, or a `crop` without `x`, `y`, `width` and `height` in 0...1,
        /// throws, and the extension attaches nothing.
        case airship
    }

    /// The finding for the first part of the payload the profile's helper refuses, nil when it
    /// takes the shape.
    public static func check(_ root: JSONView, profile: ExtensionProfile) -> Finding? {
        switch profile.shapeCheck {
        case .none: nil
        case .firebase: firebase(root, profile: profile)
        case .airship: airship(root, profile: profile)
        }
    }

    private static func firebase(_ root: JSONView, profile: ExtensionProfile) -> Finding? {
        guard let options = root["fcm_options"], !options.isNull else { return nil }
        guard options.isObject else {
            return refused("/fcm_options", options, wanted: "an object", profile, fix: "make fcm_options an object")
        }
        guard let image = options["image"], !image.isNull, !image.isString else { return nil }
        return refused(
            "/fcm_options/image", image, wanted: "a string", profile,
            fix: "set fcm_options.image to the URL as a string")
    }

    private static let airshipKey = "com.urbanairship.media_attachment"

    private static func airship(_ root: JSONView, profile: ExtensionProfile) -> Finding? {
        guard let media = root[airshipKey] else { return nil }
        let base = "/" + airshipKey
        guard media.isObject else {
            return refused(base, media, wanted: "an object", profile, fix: "make \(airshipKey) an object")
        }
        if let urls = media["urls"] {
            // Decoded as [[String: String]]: every element an object of strings (url, url_id).
            let elements = urls.elements.map(Array.init) ?? []
            let bad = elements.firstIndex { element in
                guard let members = element.members else { return true }
                return members.contains { !$0.value.isString }
            }
            if !urls.isArray || bad != nil {
                let path = bad.map { "\(base)/urls/\($0)" } ?? "\(base)/urls"
                let value = bad.map { elements[$0] } ?? urls
                return refused(
                    path, value, wanted: urls.isArray ? "an object of strings" : "an array of objects of strings",
                    profile, fix: "send urls as [{\"url\": \"https://...\", \"url_id\": \"...\"}]")
            }
        } else if let url = media["url"], !url.isString {
            // `[String]`, else `String`.
            let strings = url.elements.map { $0.allSatisfy(\.isString) } ?? false
            if !strings {
                return refused(
                    "\(base)/url", url, wanted: "a string or an array of strings", profile,
                    fix: "send url as the media's URL string, or an array of them")
            }
        }
        if let thumbnail = media["thumbnail_id"], !thumbnail.isNull, !thumbnail.isString {
            return refused(
                "\(base)/thumbnail_id", thumbnail, wanted: "a string", profile, fix: "quote the thumbnail_id")
        }
        return airshipOptions(media, base: base, profile: profile)
            ?? airshipContent(media, base: base, profile: profile)
    }

    /// `PayloadOptions`: `time` a number, `hidden` a boolean, `crop` numbers with `x`, `y`,
    /// `width` and `height` each in 0...1 (`cropRequiredFields`, `validate()`).
    private static func airshipOptions(_ media: JSONView, base: String, profile: ExtensionProfile) -> Finding? {
        guard let options = media["options"], !options.isNull else { return nil }
        let path = base + "/options"
        guard options.isObject else {
            return refused(path, options, wanted: "an object", profile, fix: "make options an object")
        }
        if let time = options["time"], !time.isNull, !time.isNumber {
            return refused(path + "/time", time, wanted: "a number", profile, fix: "give options.time in seconds")
        }
        if let hidden = options["hidden"], !hidden.isNull, !isBool(hidden) {
            return refused(path + "/hidden", hidden, wanted: "a boolean", profile, fix: "use true or false")
        }
        guard let crop = options["crop"], !crop.isNull else { return nil }
        let cropFix = "give crop x, y, width and height, each a fraction from 0 to 1"
        guard let members = crop.members, members.allSatisfy({ $0.value.isNumber }) else {
            return refused(path + "/crop", crop, wanted: "an object of numbers", profile, fix: cropFix)
        }
        for field in ["x", "y", "width", "height"] {
            guard let value = crop[field]?.double, (0.0...1.0).contains(value) else {
                let what = crop[field].map { "\($0.shortDescription), outside 0...1" } ?? "missing"
                return Finding(
                    .mediaURLShapeInvalid, path: "\(path)/crop/\(field)",
                    message:
                        "options.crop.\(field) is \(what): the \(profile.name) extension fails to decode the media attachment (`PayloadOptions.validate()`) and attaches nothing",
                    fix: cropFix)
            }
        }
        return nil
    }

    /// `ContentText`: `title`, `subtitle`, `body` strings.
    private static func airshipContent(_ media: JSONView, base: String, profile: ExtensionProfile) -> Finding? {
        guard let content = media["content"], !content.isNull else { return nil }
        guard content.isObject else {
            return refused(base + "/content", content, wanted: "an object", profile, fix: "make content an object")
        }
        for field in ["title", "subtitle", "body"] {
            if let value = content[field], !value.isNull, !value.isString {
                return refused(
                    "\(base)/content/\(field)", value, wanted: "a string", profile, fix: "send content.\(field) as text"
                )
            }
        }
        return nil
    }

    private static func isBool(_ value: JSONView) -> Bool {
        if case .bool = value.value { return true }
        return false
    }

    private static func refused(
        _ path: String, _ value: JSONView, wanted: String, _ profile: ExtensionProfile, fix: String
    ) -> Finding {
        Finding(
            .mediaURLShapeInvalid, path: path,
            message:
                "\(Quoting.bounded(path)) is \(value.typeName), not \(wanted): the \(profile.name) extension skips the media and delivers the push without an attachment",
            fix: fix)
    }
}
