#if os(macOS)
    import Foundation
    import Security

    // Untested: kauth's tests run on Linux only. This compiles on macOS and follows Apple's
    // documented generic-password calls; Docs/security.md says so.

    extension Keyring {
        /// macOS: a generic password in the login keychain (`SecItemAdd`/`SecItemCopyMatching`),
        /// service "kauth keystore key", account "<KAUTH_HOME> <key id>". No user interface is ever
        /// shown: a locked keychain is `locked`. There is no kernel-keyring copy; the keychain is a
        /// local call, not a D-Bus round trip.
        package static func live(environment: Environment) -> Keyring {
            Keyring(
                kind: .loginKeychain,
                store: { item, secret throws(KeyringFailure) in
                    try? Keychain.delete(item)
                    var attributes = Keychain.query(item)
                    attributes[kSecValueData as String] = Data(secret.utf8)
                    attributes[kSecAttrLabel as String] = item.label
                    try Keychain.check(SecItemAdd(attributes as CFDictionary, nil))
                },
                lookup: { item, _ throws(KeyringFailure) in
                    var query = Keychain.query(item)
                    query[kSecReturnData as String] = true
                    query[kSecMatchLimit as String] = kSecMatchLimitOne
                    var result: CFTypeRef?
                    try Keychain.check(SecItemCopyMatching(query as CFDictionary, &result))
                    guard let data = result as? Data, let text = String(data: data, encoding: .utf8) else {
                        throw .unavailable("the keychain item holds no text")
                    }
                    return text
                },
                remove: { item throws(KeyringFailure) in try Keychain.delete(item) }
            )
        }
    }

    enum Keychain {
        static func query(_ item: KeyringItem) -> [String: Any] {
            [
                kSecClass as String: kSecClassGenericPassword,
                kSecAttrService as String: "kauth keystore key",
                kSecAttrAccount as String: "\(item.home) \(item.keyID)",
                // Never a dialog: a script must fail, not wait for a click.
                kSecUseAuthenticationUI as String: kSecUseAuthenticationUIFail
            ]
        }

        static func delete(_ item: KeyringItem) throws(KeyringFailure) {
            let status = SecItemDelete(query(item) as CFDictionary)
            if status == errSecItemNotFound { return }
            try check(status)
        }

        static func check(_ status: OSStatus) throws(KeyringFailure) {
            switch status {
            case errSecSuccess: return
            case errSecItemNotFound: throw .notFound
            case errSecInteractionNotAllowed, errSecAuthFailed: throw .locked
            default:
                let text = SecCopyErrorMessageString(status, nil) as String? ?? "OSStatus \(status)"
                throw .unavailable(text)
            }
        }
    }
#endif
