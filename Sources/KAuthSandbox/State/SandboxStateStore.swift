import KAuthBasics
import KAuthCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The state file's layout. Collections are arrays of records carrying their own `value`, so
/// that no token ever becomes a JSON object key.
private struct SandboxStateFile: Codable {
    var version: Int
    var users: [SandboxUserRecord]
    var consents: [ConsentRecord]
    var codes: [CodeRecord]
    var accessTokens: [AccessTokenRecord]
    var refreshTokens: [RefreshTokenRecord]
    /// Absent in files written before the device grant existed.
    var deviceCodes: [DeviceCodeRecord]?
    /// Absent until an ID token is first signed (or in files from before OIDC).
    var signingKey: SigningKeyRecord?
}

/// Why the sandbox could not use its state file.
package enum SandboxStateError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file exists but is not a sandbox state file. It is left alone rather than replaced.
    case unreadable(path: String, reason: String)
    case writeFailed(path: String, reason: String)

    package var description: String {
        switch self {
        case .unreadable(let path, let reason): return "sandbox state file \(path) is unreadable: \(reason)"
        case .writeFailed(let path, let reason): return "cannot write sandbox state file \(path): \(reason)"
        }
    }
}

/// Reads and writes the state file. The file holds live sandbox tokens, so it is written 0600
/// through a temporary file and `rename`: a crash never leaves half a file behind.
struct SandboxStateStore: Sendable {
    let path: String

    static let currentVersion = 1

    func load() throws -> SandboxState? {
        let data: Data
        do {
            guard let contents = try FileSystem.live.readFile(path) else { return nil }
            data = contents
        } catch {
            throw SandboxStateError.unreadable(path: path, reason: "\(error)")
        }
        let file: SandboxStateFile
        do {
            file = try Self.decoder().decode(SandboxStateFile.self, from: data)
        } catch {
            throw SandboxStateError.unreadable(path: path, reason: "not a sandbox state file (\(error))")
        }
        guard file.version == Self.currentVersion else {
            throw SandboxStateError.unreadable(path: path, reason: "unsupported version \(file.version)")
        }
        guard !file.users.isEmpty else {
            throw SandboxStateError.unreadable(path: path, reason: "no users")
        }
        return SandboxState(
            users: file.users,
            consents: file.consents,
            codes: Dictionary(file.codes.map { ($0.value, $0) }, uniquingKeysWith: { first, _ in first }),
            accessTokens: Dictionary(file.accessTokens.map { ($0.value, $0) }, uniquingKeysWith: { first, _ in first }),
            refreshTokens: Dictionary(
                file.refreshTokens.map { ($0.value, $0) }, uniquingKeysWith: { first, _ in first }),
            deviceCodes: Dictionary(
                (file.deviceCodes ?? []).map { ($0.deviceCode, $0) }, uniquingKeysWith: { first, _ in first }),
            signingKey: file.signingKey
        )
    }

    func save(_ state: SandboxState) throws {
        // Sorted so that the file does not churn between writes of the same state.
        let file = SandboxStateFile(
            version: Self.currentVersion,
            users: state.users,
            consents: state.consents,
            codes: state.codes.values.sorted { $0.value < $1.value },
            accessTokens: state.accessTokens.values.sorted { $0.value < $1.value },
            refreshTokens: state.refreshTokens.values.sorted { $0.value < $1.value },
            deviceCodes: state.deviceCodes.isEmpty
                ? nil : state.deviceCodes.values.sorted { $0.deviceCode < $1.deviceCode },
            signingKey: state.signingKey
        )
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        let data: Data
        do {
            data = try encoder.encode(file)
        } catch {
            throw SandboxStateError.writeFailed(path: path, reason: "\(error)")
        }
        try writeAtomically(data)
    }

    private static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }

    /// The same atomic write as the keystore's (temporary file, fsync, rename, folder fsync).
    private func writeAtomically(_ data: Data) throws {
        do {
            try FileSystem.live.writeFileAtomically(path, data, 0o600)
        } catch {
            throw SandboxStateError.writeFailed(path: path, reason: "\(error)")
        }
    }
}
