import KAuthBasics

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// How keystore values become bytes and back: JSON with snake_case keys (from the models'
/// `CodingKeys`), RFC 3339 UTC instants, sorted keys so identical contents are identical bytes.
enum KeystoreJSON {
    static func encode<Value: Encodable>(_ value: Value) throws -> Data {
        let encoder = JSONEncoder()
        // Pretty and sorted: the file stays readable in an editor, and equal contents give equal
        // bytes, which is how `update` decides whether anything changed.
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(RFC3339.string(from: date))
        }
        var data = try encoder.encode(value)
        data.append(UInt8(ascii: "\n"))
        return data
    }

    /// Through `JSONValueDecoder`, not JSONDecoder: the same values and errors, without the
    /// runtime's conformance lookups for every model type that made decoding the keystore a
    /// large part of each `kauth token` start (JSONValueDecoder.swift says why).
    static func decode<Value: Decodable>(_ type: Value.Type, from data: Data) throws -> Value {
        try JSONValueDecoder(dateDecoding: rfc3339).decode(type, from: data)
    }

    private static let rfc3339: @Sendable (any Decoder) throws -> Date = { decoder in
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let date = RFC3339.date(from: text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "'\(text)' is not an RFC 3339 date")
        }
        return date
    }

    /// Why decoding failed, with the JSON path, for `KeystoreError.corrupt`.
    static func fault(_ error: any Error) -> KeystoreProblem {
        guard let error = error as? DecodingError else { return .json(.other(String(describing: error))) }
        func location(_ context: DecodingError.Context) -> String {
            context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
        }
        switch error {
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty { return .json(.notJSON) }
            return .json(.corrupted(context.debugDescription, at: location(context)))
        case .keyNotFound(let key, let context):
            return .json(.missing(key: key.stringValue, at: location(context)))
        case .typeMismatch(let type, let context):
            return .json(.typeMismatch(expected: "\(type)", at: location(context)))
        case .valueNotFound(let type, let context):
            return .json(.null(expected: "\(type)", at: location(context)))
        @unknown default:
            return .json(.other(String(describing: error)))
        }
    }
}

/// RFC 3339 instants in UTC (`2025-01-02T03:04:05Z`).
///
/// The form kauth writes, whole seconds in UTC from 1970 to 9999, is written and read by hand
/// (`UTCSeconds`): every start reads the keystore's instants, and `Date.ISO8601FormatStyle` sets
/// up a calendar and a time zone for each, which cost a `kauth token` more than everything
/// else it did with the keystore. Any other text or date goes to the format style as before.
package enum RFC3339 {
    /// Whole seconds, rounded down: sub-second precision means nothing for token expiry, and
    /// rounding down never makes a token look valid for longer than it is.
    package static func string(from date: Date) -> String {
        let seconds = (date.timeIntervalSince1970).rounded(.down)
        if let text = UTCSeconds.text(seconds) { return text }
        return Date(timeIntervalSince1970: seconds).formatted(Date.ISO8601FormatStyle())
    }

    /// Accepts fractional seconds and numeric offsets too, in case a file was written by hand.
    package static func date(from text: String) -> Date? {
        if let seconds = UTCSeconds.seconds(text) { return Date(timeIntervalSince1970: seconds) }
        if let date = try? Date.ISO8601FormatStyle().parse(text) { return date }
        return try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text)
    }
}

/// `YYYY-MM-DDTHH:MM:SSZ` for whole seconds since 1970 up to the year 9999, both ways, with the
/// proleptic Gregorian calendar's day arithmetic (H. Hinnant's `days_from_civil` and
/// `civil_from_days`); nil for anything else, which the caller hands to the format style.
enum UTCSeconds {
    static let range = 0.0..<253_402_300_800.0  // 1970-01-01T00:00:00Z ..< 10000-01-01T00:00:00Z

    static func text(_ seconds: Double) -> String? {
        guard range.contains(seconds), seconds.rounded(.down) == seconds else { return nil }
        let total = Int(seconds)
        let (days, time) = total.quotientAndRemainder(dividingBy: 86_400)
        let (year, month, day) = civil(days: days)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(20)
        func digits(_ value: Int, _ count: Int) {
            var divisor = 1
            for _ in 1..<count { divisor *= 10 }
            while divisor > 0 {
                bytes.append(UInt8(ascii: "0") + UInt8(value / divisor % 10))
                divisor /= 10
            }
        }
        digits(year, 4)
        bytes.append(UInt8(ascii: "-"))
        digits(month, 2)
        bytes.append(UInt8(ascii: "-"))
        digits(day, 2)
        bytes.append(UInt8(ascii: "T"))
        digits(time / 3600, 2)
        bytes.append(UInt8(ascii: ":"))
        digits(time / 60 % 60, 2)
        bytes.append(UInt8(ascii: ":"))
        digits(time % 60, 2)
        bytes.append(UInt8(ascii: "Z"))
        return String(decoding: bytes, as: UTF8.self)
    }

    static func seconds(_ text: String) -> Double? {
        let bytes = Array(text.utf8)
        guard bytes.count == 20, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
            bytes[19] == UInt8(ascii: "Z")
        else { return nil }
        func number(_ from: Int, _ count: Int) -> Int? {
            var value = 0
            for byte in bytes[from..<from + count] {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
            let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2),
            year >= 1970, (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year),
            hour < 24, minute < 60, second < 60
        else { return nil }
        return Double(days(year: year, month: month, day: day) * 86_400 + hour * 3600 + minute * 60 + second)
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days since 1970-01-01 (years from 1970 on, so no negative eras).
    static func days(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = y / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    static func civil(days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = z / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shifted = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shifted + 2) / 5 + 1
        let month = shifted < 10 ? shifted + 3 : shifted - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}

/// The on-disk shape of a keystore encrypted with `KAUTH_PASSPHRASE`:
///
/// ```json
/// {
///   "version": 1,
///   "protection": "passphrase",
///   "encryption": {
///     "kdf": "pbkdf2-sha256", "iterations": 600000, "salt": "<base64url, 16 bytes>",
///     "cipher": "aes-256-gcm", "nonce": "<base64url, 12 bytes>", "tag": "<base64url, 16 bytes>"
///   },
///   "ciphertext": "<base64url>"
/// }
/// ```
///
/// The plaintext is the same JSON an unencrypted keystore holds, so decryption leads into the one
/// decoding path. The key is PBKDF2-HMAC-SHA256(passphrase, salt, iterations) → 32 bytes; salt and
/// nonce are fresh for every write, so no key–nonce pair is ever reused. Everything a reader needs
/// (KDF, cost, cipher) is in the file, so the cost can be raised later without breaking old files.
/// Binary fields are base64url without padding, the encoding the rest of kauth uses.
struct EncryptedKeystoreFile: Codable, Equatable {
    struct Encryption: Codable, Equatable {
        var kdf: String
        var iterations: Int
        var salt: String
        var cipher: String
        var nonce: String
        var tag: String
    }

    static let kdf = "pbkdf2-sha256"
    static let cipher = "aes-256-gcm"
    static let saltLength = 16
    /// Refuses costs a damaged or planted file could use to make every read hang: ten times the
    /// default, about two seconds a read on a current x86 core.
    static let maximumIterations = 6_000_000
    /// Authenticated with the ciphertext so an encrypted blob from another kauth file format can
    /// never be mistaken for a keystore, even if it decrypts.
    static let associatedData = Array("kauth credentials v1".utf8)

    static let protection = "passphrase"

    var version: Int
    /// Absent in files written before kauth knew other protections; `encryption.kdf` says the same.
    var protection: String?
    var encryption: Encryption
    var ciphertext: String
}

/// Just enough of any keystore file to choose how to read the rest.
struct KeystoreFileHeader: Decodable {
    var version: Int?
    /// `protection` as written: `keyring`, `passphrase`, `none`, or nil in older files (then
    /// `encryption` tells a passphrase file from a plain one).
    var protection: String?
    /// A plain file's `no_keyring_reason`.
    var noKeyringReason: String?
    var isEncrypted: Bool

    enum CodingKeys: String, CodingKey {
        case version, protection, encryption
        case noKeyringReason = "no_keyring_reason"
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        version = try container.decodeIfPresent(Int.self, forKey: .version)
        protection = try container.decodeIfPresent(String.self, forKey: .protection)
        noKeyringReason = try? container.decodeIfPresent(String.self, forKey: .noKeyringReason)
        isEncrypted = container.contains(.encryption)
    }
}
