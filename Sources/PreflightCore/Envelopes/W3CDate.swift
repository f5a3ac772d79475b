/// A date and time in the W3C profile of ISO 8601 (https://www.w3.org/TR/NOTE-datetime), with
/// minutes at least: `YYYY-MM-DDThh:mmTZD`, `YYYY-MM-DDThh:mm:ssTZD` and
/// `YYYY-MM-DDThh:mm:ss.sTZD`, where TZD is `Z` or `+hh:mm` / `-hh:mm`. Azure Notification Hubs
/// takes the APNs expiry in this form.
enum W3CDate {
    /// The UNIX time in seconds of `text` (a fraction of a second dropped), or nil when it is not
    /// of that form or names no real date.
    static func unixSeconds(_ text: String) -> Int? {
        var reader = Reader(bytes: Array(text.utf8))
        guard let year = reader.number(4), reader.take("-"), let month = reader.number(2), reader.take("-"),
            let day = reader.number(2), reader.take("T"), let hour = reader.number(2), reader.take(":"),
            let minute = reader.number(2)
        else { return nil }
        var second = 0
        if reader.take(":") {
            guard let seconds = reader.number(2) else { return nil }
            second = seconds
            if reader.take(".") {
                guard reader.digits() > 0 else { return nil }
            }
        }
        guard let offset = reader.zone(), reader.atEnd else { return nil }
        guard (1...12).contains(month), (1...CivilDate.days(in: month, of: year)).contains(day), hour < 24, minute < 60,
            second < 60
        else { return nil }
        let days = CivilDate.daysSince1970(year: year, month: month, day: day)
        return days * 86_400 + hour * 3_600 + minute * 60 + second - offset
    }

    private struct Reader {
        var bytes: [UInt8]
        var index = 0

        var atEnd: Bool { index == bytes.count }

        mutating func take(_ character: Unicode.Scalar) -> Bool {
            guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
            index += 1
            return true
        }

        /// Exactly `count` digits as a number.
        mutating func number(_ count: Int) -> Int? {
            guard index + count <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[index..<index + count] {
                guard byte >= 0x30, byte <= 0x39 else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            index += count
            return value
        }

        /// Skips digits; how many.
        mutating func digits() -> Int {
            let start = index
            while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1 }
            return index - start
        }

        /// The zone's offset east of UTC, in seconds.
        mutating func zone() -> Int? {
            if take("Z") { return 0 }
            let sign = take("+") ? 1 : take("-") ? -1 : 0
            guard sign != 0, let hours = number(2), hours < 24, take(":"), let minutes = number(2), minutes < 60 else {
                return nil
            }
            return sign * (hours * 3_600 + minutes * 60)
        }
    }
}
