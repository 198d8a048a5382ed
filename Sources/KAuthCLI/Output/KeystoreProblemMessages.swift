import KAuthBasics
import KAuthCore

/// The words for why the keystore, or a file beside it, could not be used: the core's
/// `KeystoreProblem` and `UnsafeFile` facts, as the part in parentheses of the keystore messages.
extension ErrorMessages {
    static func words(_ problem: KeystoreProblem) -> String {
        switch problem {
        case .system(let text): return text
        case .unsafe(let reason): return words(reason)
        case .lockTimedOut(let path): return "lock '\(path)' timed out"
        case .json(let fault): return words(fault)
        case .notAFolder: return "it is not a folder"
        case .shortRandom: return "the random source returned fewer bytes than asked for"
        case .cannotEncrypt(let problem): return "cannot encrypt: \(words(problem))"
        case .cannotEncode(let problem): return "cannot encode: \(words(problem))"
        case .cannotDecrypt(let problem): return "cannot decrypt: \(words(problem))"
        case .readBackDiffers: return "the new contents do not read back the same; nothing was written"
        case .wouldNotReadBack(let problem):
            return "the new contents would not read back (\(words(problem))); nothing was written"
        case .missingVersion: return "missing 'version'"
        case .unsupportedVersion(let version, let supported):
            return
                "version \(version) is not supported (this kauth reads version \(supported)); a newer kauth may have written it"
        case .encryptionWithoutProtection: return "'protection' is none but the file has 'encryption'"
        case .unknownProtection(let name): return "protection '\(name)' is not known; a newer kauth may have written it"
        case .unknown(let member, let value): return "unknown \(member) '\(value)'"
        case .bad(let member): return "bad \(member)"
        case .implausibleIterations(let count, let maximum):
            return "implausible iteration count \(count) (at most \(maximum))"
        case .inDecryptedContents(let problem): return "decrypted contents: \(words(problem))"
        }
    }

    static func words(_ reason: UnsafeFile) -> String {
        switch reason {
        case .symbolicLink: return "it is a symbolic link"
        case .otherOwner: return "it belongs to another user"
        case .notPrivateRegularFile: return "it is not a private regular file"
        case .folder: return "it is a folder"
        case .othersCanWrite: return "others can write it"
        }
    }

    private static func words(_ fault: JSONFault) -> String {
        func location(_ path: String) -> String { path.isEmpty ? "" : " at \(path)" }
        switch fault {
        case .notJSON: return "not valid JSON"
        case .corrupted(let account, let path): return account + location(path)
        case .missing(let key, let path): return "missing '\(key)'\(location(path))"
        case .typeMismatch(let type, let path): return "expected \(type)\(location(path))"
        case .null(let type, let path): return "expected \(type), found null\(location(path))"
        case .other(let text): return text
        }
    }
}
