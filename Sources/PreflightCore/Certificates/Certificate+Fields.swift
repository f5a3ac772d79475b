/// How the certificate's fields are read: names, times, the public key, the signature algorithm.
extension Certificate {
    /// Attribute types of a Name, by the short names RFC 4514 and OpenSSL use.
    static let attributeNames: [String: String] = [
        "2.5.4.3": "CN", "2.5.4.6": "C", "2.5.4.7": "L", "2.5.4.8": "ST", "2.5.4.10": "O", "2.5.4.11": "OU",
        "2.5.4.5": "serialNumber", "2.5.4.9": "street", "1.2.840.113549.1.9.1": "emailAddress",
        "0.9.2342.19200300.100.1.25": "DC", "0.9.2342.19200300.100.1.1": "UID",
    ]

    /// ExtendedKeyUsage purposes (RFC 5280 4.2.1.12).
    static let purposeNames: [String: String] = [
        "1.3.6.1.5.5.7.3.1": "serverAuth", "1.3.6.1.5.5.7.3.2": "clientAuth", "1.3.6.1.5.5.7.3.3": "codeSigning",
        "1.3.6.1.5.5.7.3.4": "emailProtection", "1.3.6.1.5.5.7.3.8": "timeStamping",
        "1.3.6.1.5.5.7.3.9": "OCSPSigning", "2.5.29.37.0": "anyExtendedKeyUsage",
    ]

    /// Signature algorithms by OID: OpenSSL's long name and the hash (RFC 3279, 4055, 5758, 8410).
    static let signatureAlgorithms: [String: (name: String, hash: Hash?)] = [
        "1.2.840.113549.1.1.2": ("md2WithRSAEncryption", .md2),
        "1.2.840.113549.1.1.4": ("md5WithRSAEncryption", .md5),
        "1.2.840.113549.1.1.5": ("sha1WithRSAEncryption", .sha1),
        "1.2.840.113549.1.1.11": ("sha256WithRSAEncryption", .sha256),
        "1.2.840.113549.1.1.12": ("sha384WithRSAEncryption", .sha384),
        "1.2.840.113549.1.1.13": ("sha512WithRSAEncryption", .sha512),
        "1.2.840.113549.1.1.14": ("sha224WithRSAEncryption", .sha224),
        "1.2.840.10045.4.1": ("ecdsa-with-SHA1", .sha1),
        "1.2.840.10045.4.3.1": ("ecdsa-with-SHA224", .sha224),
        "1.2.840.10045.4.3.2": ("ecdsa-with-SHA256", .sha256),
        "1.2.840.10045.4.3.3": ("ecdsa-with-SHA384", .sha384),
        "1.2.840.10045.4.3.4": ("ecdsa-with-SHA512", .sha512),
        "1.2.840.10040.4.3": ("dsaWithSHA1", .sha1),
        "2.16.840.1.101.3.4.3.2": ("dsa_with_SHA256", .sha256),
        "1.3.101.112": ("ED25519", nil),
        "1.3.101.113": ("ED448", nil),
    ]

    /// Hash algorithms by OID (RSASSA-PSS parameters, RFC 4055 section 2.1).
    static let hashes: [String: Hash] = [
        "1.3.14.3.2.26": .sha1, "2.16.840.1.101.3.4.2.4": .sha224, "2.16.840.1.101.3.4.2.1": .sha256,
        "2.16.840.1.101.3.4.2.2": .sha384, "2.16.840.1.101.3.4.2.3": .sha512, "1.2.840.113549.2.5": .md5,
    ]

    /// Named curves by OID (RFC 5480) and their sizes in bits.
    static let curveBits: [String: Int] = [
        "1.2.840.10045.3.1.7": 256, "1.3.132.0.34": 384, "1.3.132.0.35": 521, "1.3.132.0.33": 224,
        "1.3.132.0.10": 256, "1.2.840.10045.3.1.1": 192, "1.3.36.3.3.2.8.1.1.7": 256, "1.3.36.3.3.2.8.1.1.11": 384,
        "1.3.36.3.3.2.8.1.1.13": 512,
    ]

    /// A Name (SEQUENCE OF RDN, each a SET OF type and value), last RDN first as RFC 4514 writes it.
    static func name(_ element: DERReader.Element) -> String? {
        var rdns = element.children
        var parts: [String] = []
        while let rdn = rdns.next() {
            guard rdn.tag == DERReader.set else { return nil }
            var attributes = rdn.children
            var values: [String] = []
            while let attribute = attributes.next() {
                var pair = attribute.children
                guard let type = pair.next()?.objectIdentifier, let value = pair.next() else { return nil }
                values.append("\(attributeNames[type] ?? type)=\(text(value))")
            }
            parts.append(values.joined(separator: "+"))
        }
        return parts.reversed().joined(separator: ", ")
    }

    /// A directory string: UTF-8, Printable, IA5, Teletex (read as Latin-1), BMP (UTF-16) or
    /// Universal (UTF-32); another type as hex.
    static func text(_ value: DERReader.Element) -> String {
        switch value.tag {
        case 0x0c, 0x13, 0x16, 0x1a: return String(decoding: value.content, as: UTF8.self)
        case 0x14: return String(String.UnicodeScalarView(value.content.map { Unicode.Scalar($0) }))
        case 0x1e:
            let units = stride(from: value.content.startIndex, to: value.content.endIndex - 1, by: 2).map {
                UInt16(value.content[$0]) << 8 | UInt16(value.content[$0 + 1])
            }
            return String(decoding: units, as: UTF16.self)
        case 0x1c:
            let scalars = stride(from: value.content.startIndex, to: value.content.endIndex - 3, by: 4).compactMap {
                at in Unicode.Scalar(value.content[at..<(at + 4)].reduce(UInt32(0)) { $0 << 8 | UInt32($1) })
            }
            return String(String.UnicodeScalarView(scalars))
        default:
            return "#" + value.content.map { byte in String(byte, radix: 16).leftPadded(2) }.joined()
        }
    }

    /// UTCTime (`YYMMDDHHMMSSZ`, years 1950 to 2049) or GeneralizedTime (`YYYYMMDDHHMMSSZ`), the
    /// forms RFC 5280 4.1.2.5 allows, as seconds since 1970; nil for anything else.
    static func time(_ element: DERReader.Element) -> Int64? {
        let digits = Array(element.content)
        let yearDigits: Int
        switch element.tag {
        case DERReader.utcTime: yearDigits = 2
        case DERReader.generalizedTime: yearDigits = 4
        default: return nil
        }
        guard digits.count == yearDigits + 11, digits.last == UInt8(ascii: "Z"),
            digits.dropLast().allSatisfy({ $0 >= 0x30 && $0 <= 0x39 })
        else { return nil }
        let numbers = digits.dropLast().map { Int($0 - 0x30) }
        func field(_ at: Int, _ count: Int) -> Int { numbers[at..<(at + count)].reduce(0) { $0 * 10 + $1 } }
        var year = field(0, yearDigits)
        if yearDigits == 2 { year += year >= 50 ? 1900 : 2000 }
        let at = yearDigits
        let (month, day) = (field(at, 2), field(at + 2, 2))
        let (hour, minute, second) = (field(at + 4, 2), field(at + 6, 2), field(at + 8, 2))
        guard (1...12).contains(month), (1...CivilDate.days(in: month, of: year)).contains(day), hour < 24, minute < 60,
            second < 60
        else { return nil }
        return Int64(
            CivilDate.daysSince1970(year: year, month: month, day: day) * 86_400 + hour * 3_600 + minute * 60 + second)
    }

    /// SubjectPublicKeyInfo: the key's algorithm and size (an RSA modulus's bits, an EC curve's size).
    static func publicKey(_ info: DERReader.Element) -> (KeyType, Int?) {
        var fields = info.children
        guard let algorithm = fields.next(if: DERReader.sequence) else { return (.other, nil) }
        var parts = algorithm.children
        switch parts.next()?.objectIdentifier {
        case "1.2.840.113549.1.1.1", "1.2.840.113549.1.1.10":
            guard let key = fields.next()?.bitStringBytes else { return (.rsa, nil) }
            var wrapper = DERReader(key)
            var numbers = wrapper.next(if: DERReader.sequence)?.children
            return (.rsa, numbers?.next()?.unsignedBitCount)
        case "1.2.840.10045.2.1":
            return (.ec, parts.next()?.objectIdentifier.flatMap { curveBits[$0] })
        case "1.3.101.112": return (.ed25519, nil)
        case "1.3.101.113": return (.ed448, nil)
        default: return (.other, nil)
        }
    }

    /// The signature algorithm's name and hash; RSASSA-PSS carries its hash in its parameters
    /// (RFC 4055 3.1: `[0] hashAlgorithm`, SHA-1 when absent).
    static func signatureAlgorithm(_ algorithm: DERReader.Element) -> (String, Hash?) {
        var parts = algorithm.children
        guard let oid = parts.next()?.objectIdentifier else { return ("unreadable", nil) }
        if let known = signatureAlgorithms[oid] { return known }
        guard oid == "1.2.840.113549.1.1.10" else { return (oid, nil) }
        guard let parameters = parts.next(if: DERReader.sequence) else { return ("rsassaPss with sha1", .sha1) }
        var fields = parameters.children
        guard let explicit = fields.next(if: DERReader.context(0, constructed: true)) else {
            return ("rsassaPss with sha1", .sha1)
        }
        var inner = explicit.children
        var hashFields = inner.next(if: DERReader.sequence)?.children
        guard let hashOID = hashFields?.next()?.objectIdentifier, let hash = hashes[hashOID] else {
            return ("rsassaPss with unreadable parameters", nil)
        }
        return ("rsassaPss with \(hash.rawValue)", hash)
    }

    /// An iPAddress entry: IPv4 dotted, IPv6 as RFC 5952 writes it (the longest run of zero groups as `::`).
    static func ipAddress(_ octets: ArraySlice<UInt8>) -> String? {
        let bytes = Array(octets)
        if bytes.count == 4 { return bytes.map(String.init).joined(separator: ".") }
        guard bytes.count == 16 else { return nil }
        let groups = (0..<8).map { UInt16(bytes[2 * $0]) << 8 | UInt16(bytes[2 * $0 + 1]) }
        var best = (start: -1, length: 0)
        var run = (start: -1, length: 0)
        for (index, group) in groups.enumerated() {
            if group == 0 {
                run = run.start < 0 ? (index, 1) : (run.start, run.length + 1)
                if run.length > best.length { best = run }
            } else {
                run = (-1, 0)
            }
        }
        let hex = groups.map { String($0, radix: 16) }
        guard best.length >= 2 else { return hex.joined(separator: ":") }
        let head = hex[..<best.start].joined(separator: ":")
        let tail = hex[(best.start + best.length)...].joined(separator: ":")
        return head + "::" + tail
    }

    /// `seconds` since 1970 as ISO 8601 in UTC (`2026-12-01T19:11:55Z`).
    public static func iso8601(_ seconds: Int64) -> String {
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let rest = seconds - days * 86_400
        // Hinnant's civil_from_days.
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        func two(_ value: Int64) -> String { String(value).leftPadded(2) }
        return
            "\(String(year).leftPadded(4))-\(two(month))-\(two(day))T\(two(rest / 3600)):\(two(rest / 60 % 60)):\(two(rest % 60))Z"
    }
}

extension String {
    /// The string with leading zeros up to `width` characters.
    fileprivate func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
