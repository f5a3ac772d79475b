import Testing

@testable import PreflightHTTP

/// The request's header table: names found in any case, by their bytes, repeats joined in the
/// order sent, and the same answers once the names are indexed.
struct HeaderFieldsTests {
    /// A table filled as the server fills it, from the bytes as sent.
    static func table(_ pairs: [(String, String)]) -> HeaderFields {
        var table = HeaderFields()
        for (name, value) in pairs {
            Array(name.utf8).withUnsafeBytes { name in
                Array(value.utf8).withUnsafeBytes { value in _ = table.add(name: name, value: value) }
            }
        }
        return table
    }

    @Test func aNameIsFoundInAnyCaseAndTheNamesComeLowercasedInTheOrderSent() {
        let headers = Self.table([("Host", "x"), ("APNs-Push-Type", "alert"), ("accept", "*/*")])
        #expect(headers["host"] == "x")
        #expect(headers["HOST"] == "x")
        #expect(headers["apns-push-type"] == "alert")
        #expect(headers["Accept"] == "*/*")
        #expect(headers["accept-encoding"] == nil)
        #expect(headers["acc"] == nil)
        #expect(headers.count == 3)
        #expect(headers.map(\.name) == ["host", "apns-push-type", "accept"])
        #expect(headers.map(\.value) == ["x", "alert", "*/*"])
        #expect(!headers.hasRepeats)
        #expect(headers.repeatedNames == [])
    }

    /// `content-length` and `content-type` share their first eight bytes (the tag), and two names
    /// of one length can differ only in their last byte.
    @Test func namesWithTheSameFirstEightBytesAreToldApartByTheRest() {
        let headers = Self.table([
            ("Content-Type", "text/plain"), ("Content-Length", "12"), ("x-acme-tenant", "a"), ("x-acme-tenanx", "b"),
        ])
        #expect(headers["content-length"] == "12")
        #expect(headers["content-type"] == "text/plain")
        #expect(headers["content-typf"] == nil)
        #expect(headers["x-acme-tenant"] == "a")
        #expect(headers["X-ACME-TENANX"] == "b")
        #expect(headers["content-"] == nil)
    }

    /// Up to 16 bytes a name is compared as two words (the second zero-padded), past 16 byte by
    /// byte: names that differ only in their last byte, at each length around those bounds.
    @Test(arguments: [9, 15, 16, 17, 24, 25])
    func namesThatDifferOnlyInTheirLastByteAreToldApart(length: Int) {
        let name = String(repeating: "n", count: length - 1)
        let headers = Self.table([(name + "a", "first"), (name.uppercased() + "B", "second")])
        #expect(headers[HeaderName(name + "A")] == "first")
        #expect(headers[HeaderName(name + "b")] == "second")
        #expect(headers[HeaderName(name + "c")] == nil)
        #expect(headers[HeaderName(name)] == nil)
        #expect(headers[HeaderName(name + "aa")] == nil)
        var seen: [String] = []
        headers.forEach(namedIn: [HeaderName(name + "c"), HeaderName(name + "b")]) { seen.append("\($0)=\($1)") }
        #expect(seen == ["1=second"])
    }

    @Test func aRepeatedNameIsJoinedInTheOrderSentAndListed() {
        let headers = Self.table([("X-A", "1"), ("x-b", "2"), ("x-a", "3"), ("X-B", "4"), ("x-a", "5")])
        #expect(headers["x-a"] == "1, 3, 5")
        #expect(headers["x-b"] == "2, 4")
        #expect(headers.count == 2)
        #expect(headers.hasRepeats)
        #expect(headers.repeatedNames == ["x-a", "x-b"])
    }

    /// Past `indexedFrom` names the table is indexed; lookups, repeats and order stay the same.
    @Test func aTableOfManyNamesAnswersAsASmallOne() {
        var pairs = (0..<40).map { ("X-Name-\($0)", "v\($0)") }
        pairs.append(("x-name-3", "again"))
        pairs.append(("X-NAME-39", "again"))
        let headers = Self.table(pairs)
        #expect(headers.count == 40)
        #expect(headers["x-name-0"] == "v0")
        #expect(headers["X-Name-17"] == "v17")
        #expect(headers["x-name-3"] == "v3, again")
        #expect(headers["x-name-39"] == "v39, again")
        #expect(headers["x-name-40"] == nil)
        #expect(headers.map(\.name) == (0..<40).map { "x-name-\($0)" })
        #expect(headers.repeatedNames == ["x-name-3", "x-name-39"])
    }

    /// Two names repeated in turn thousands of times: each value chained, all read back in order.
    @Test func interleavedRepeatsAreAllKept() {
        let pairs = (0..<4000).map { ($0 % 2 == 0 ? "X-A" : "x-b", String($0)) }
        let headers = Self.table(pairs)
        let a = headers["x-a"] ?? ""
        #expect(a.split(separator: ",").count == 2000)
        #expect(a.hasPrefix("0, 2, 4, "))
        #expect(a.hasSuffix(", 3996, 3998"))
        #expect(headers["x-b"]?.hasSuffix("3997, 3999") == true)
    }

    @Test func anEmptiedTableIsFilledAgainFromNothing() {
        var headers = Self.table((0..<20).map { ("X-\($0)", "\($0)") } + [("x-1", "again")])
        headers.removeAll()
        #expect(headers.isEmpty)
        #expect(headers["x-1"] == nil)
        #expect(!headers.hasRepeats)
        Array("X-1".utf8).withUnsafeBytes { name in
            Array("new".utf8).withUnsafeBytes { value in _ = headers.add(name: name, value: value) }
        }
        #expect(headers["x-1"] == "new")
        #expect(headers["x-2"] == nil)
        #expect(headers.map(\.name) == ["x-1"])
    }

    /// Names of up to eight bytes are matched by the tag and length, longer ones byte by byte
    /// past the tag; each found name is given as its position in the list, in the order sent.
    @Test func onlyTheListedNamesAreVisitedInTheOrderSent() {
        let headers = Self.table([
            ("Host", "x"), ("ServiceBusNotification-Format", "apple"), ("APNS-Topic", "t"), ("apns-", "bare"),
            ("apns-i", "short"), ("ServiceBusNotificatioX-Format", "typo"), ("apns-id", "i"),
            ("apns-topic", "again"),
        ])
        let names: [HeaderName] = ["apns-id", "APNS-topic", "servicebusnotification-format", "apns-idx"]
        var seen: [String] = []
        headers.forEach(namedIn: names) { name, value in seen.append("\(name)=\(value)") }
        #expect(seen == ["2=apple", "1=t, again", "0=i"])
    }

    @Test func aNameMadeAtRunTimeIsFoundAsALiteralIs() {
        let headers = Self.table([("Preflight-Profile", "onesignal"), ("Preflight-Profilf", "no")])
        #expect(headers[HeaderName("PREFLIGHT-profile")] == "onesignal")
        #expect(HeaderName("PREFLIGHT-profile").text == "preflight-profile")
        #expect(headers[HeaderName("preflight-profil")] == nil)
    }

    /// Eight bytes lowercased at once equal each byte lowercased alone, for every byte value in
    /// every position, beside neighbours that could carry into it.
    @Test func aWordIsLowercasedAsItsBytesAre() {
        for byte in 0...255 {
            for position in 0..<8 {
                for neighbour: UInt64 in [0x00, 0x40, 0x41, 0x5A, 0x5B, 0x7F, 0x80, 0xC1, 0xFF] {
                    let word = (0..<8).reduce(UInt64(0)) { word, index in
                        word | (index == position ? UInt64(byte) : neighbour) << UInt64(8 * index)
                    }
                    let expected = (0..<8).reduce(UInt64(0)) { lowered, index in
                        let value = UInt8(truncatingIfNeeded: word >> UInt64(8 * index))
                        let lower = value >= 0x41 && value <= 0x5A ? value + 0x20 : value
                        return lowered | UInt64(lower) << UInt64(8 * index)
                    }
                    #expect(HeaderFields.lowercased(word) == expected, "byte \(byte) at \(position)")
                }
            }
        }
    }

    /// A value's comma is found in the table's bytes: in the value, or made by a repeat (whose
    /// values are read joined with ", "); nil for a header not sent.
    @Test func aCommaInAValueIsFoundInPlace() {
        var headers: HeaderFields = ["Host": "a.example", "X-List": "1,2", "Empty": "", "Twice": "x"]
        headers.add("twice", "y")
        #expect(headers.valueHasComma(HeaderName("host")) == false)
        #expect(headers.valueHasComma(HeaderName("x-list")) == true)
        #expect(headers.valueHasComma(HeaderName("empty")) == false)
        #expect(headers.valueHasComma(HeaderName("twice")) == true)
        #expect(headers.valueHasComma(HeaderName("absent")) == nil)
    }

    /// A method token is its metric label when RFC 9110 or 5789 names it, case-sensitively;
    /// anything else is `other`.
    @Test func aMethodTokenIsItsLabelOrOther() {
        for method in HTTPMethod.allCases where method != .other {
            #expect(HTTPMethod(token: method.rawValue) == method)
        }
        for token in ["get", "Post", "other", "", "BREW", "GETS", "POS"] {
            #expect(HTTPMethod(token: token) == .other, "\(token)")
        }
    }

    /// A method's index (the metrics' row) is its place among all the cases.
    @Test func aMethodsIndexIsItsPlaceAmongTheCases() {
        #expect(HTTPMethod.allCases.map(\.index) == Array(HTTPMethod.allCases.indices))
    }

    /// A stored name's key, two masked loads from a buffer with room past it, equals the key made
    /// from the name's bytes alone, for names of every length to 24 with any bytes after them.
    @Test func aNamesKeyLoadedWholeIsItsKeyByteByByte() {
        var generator = SystemRandomNumberGenerator()
        for count in 0...24 {
            for _ in 0..<20 {
                let room = (0..<(count + 16)).map { _ in UInt8.random(in: 0...255, using: &generator) }
                room.withUnsafeBytes { all in
                    let loaded = HeaderName.Key(lowercasedAt: all.baseAddress!, count: count)
                    #expect(loaded == HeaderName.Key(lowercased: UnsafeRawBufferPointer(rebasing: all[..<count])))
                }
            }
        }
    }

    @Test func aDictionaryLiteralAddsItsPairsInOrder() {
        let headers: HeaderFields = ["B": "2", "a": "1"]
        #expect(headers.map(\.name) == ["b", "a"])
        #expect(headers["A"] == "1")
    }
}
