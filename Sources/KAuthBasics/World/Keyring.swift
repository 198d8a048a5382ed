/// The operating system's keyring, where the keystore's key lives (see `KeyringKeystoreKey`):
/// the Secret Service on Linux, the login keychain on macOS.
///
/// Every call has a deadline of its own (about 3 s): a keyring that hangs or never starts must
/// not cost a command D-Bus's 25 s. Failures are `KeyringFailure`s, so the keystore can say
/// which one happened and what to do.
package struct Keyring: Sendable {
    /// Which keyring this is, as the keystore file records it (`secret_service`, `login_keychain`).
    package var kind: KeyringKind
    /// Stores `secret` under `item`, replacing what was there. Never prompts.
    package var store: @Sendable (_ item: KeyringItem, _ secret: String) throws(KeyringFailure) -> Void
    /// The secret stored under `item`. `cached: true` may answer from a short-lived copy kept
    /// outside the keyring (the kernel's per-user keyring), which is kept for the next calls.
    package var lookup: @Sendable (_ item: KeyringItem, _ cached: Bool) throws(KeyringFailure) -> String
    /// Deletes `item` and any cached copy; an item that is not there is not an error.
    package var remove: @Sendable (_ item: KeyringItem) throws(KeyringFailure) -> Void
    /// Forgets a cached copy (one that did not open the file), so the next lookup asks the keyring.
    package var forgetCached: @Sendable (_ item: KeyringItem) -> Void

    package init(
        kind: KeyringKind,
        store: @escaping @Sendable (KeyringItem, String) throws(KeyringFailure) -> Void,
        lookup: @escaping @Sendable (KeyringItem, Bool) throws(KeyringFailure) -> String,
        remove: @escaping @Sendable (KeyringItem) throws(KeyringFailure) -> Void,
        forgetCached: @escaping @Sendable (KeyringItem) -> Void = { _ in }
    ) {
        self.kind = kind
        self.store = store
        self.lookup = lookup
        self.remove = remove
        self.forgetCached = forgetCached
    }

    /// A system with no keyring kauth can use: every call fails with `failure`.
    package static func none(_ failure: KeyringFailure, kind: KeyringKind = .secretService) -> Keyring {
        Keyring(
            kind: kind, store: { _, _ throws(KeyringFailure) in throw failure },
            lookup: { _, _ throws(KeyringFailure) in throw failure },
            remove: { _ throws(KeyringFailure) in throw failure })
    }
}

/// The keyrings kauth knows, by the name the keystore file records.
package enum KeyringKind: String, Sendable, Equatable, Codable {
    case secretService = "secret_service"
    case loginKeychain = "login_keychain"

    /// As `kauth status` shows it.
    package var displayName: String {
        switch self {
        case .secretService: "Secret Service"
        case .loginKeychain: "login keychain"
        }
    }
}

/// One keystore key in the keyring: the keystore folder it belongs to and the random id its file
/// records, so that two folders never share (or delete) each other's key.
package struct KeyringItem: Sendable, Equatable {
    package var home: String
    package var keyID: String

    package init(home: String, keyID: String) {
        self.home = home
        self.keyID = keyID
    }

    /// The item's label where a keyring shows one (Seahorse, Keychain Access).
    package var label: String { "kauth keystore key for \(home)" }
}

/// Why the keyring could not be used.
package enum KeyringFailure: Error, Sendable, Equatable {
    /// No session bus to reach the Secret Service on (no `DBUS_SESSION_BUS_ADDRESS`, no
    /// `$XDG_RUNTIME_DIR/bus`): a headless login, a container, cron.
    case noSessionBus
    /// The keyring (or the item) is locked.
    case locked
    /// No answer within the deadline: a keyring that hangs, or never started.
    case timedOut
    /// The keyring has no such item: a keystore copied from another machine or user, or a key
    /// deleted by hand.
    case notFound
    /// The keyring could not be used at all (libsecret missing, a D-Bus error); the reason says why.
    case unavailable(String)
}

#if !os(Linux) && !os(macOS)
    extension Keyring {
        package static func live(environment: Environment) -> Keyring {
            .none(.unavailable("kauth knows no keyring on this system"))
        }
    }
#endif
