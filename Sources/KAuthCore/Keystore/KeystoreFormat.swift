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
package enum RFC3339 {
    /// Whole seconds, rounded down: sub-second precision means nothing for token expiry, and
    /// rounding down never makes a token look valid for longer than it is.
    package static func string(from date: Date) -> String {
        let seconds = (date.timeIntervalSince1970).rounded(.down)
        return Date(timeIntervalSince1970: seconds).formatted(Date.ISO8601FormatStyle())
    }

    /// Accepts fractional seconds and numeric offsets too, in case a file was written by hand.
    package static func date(from text: String) -> Date? {
        if let date = try? Date.ISO8601FormatStyle().parse(text) { return date }
        return try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text)
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
