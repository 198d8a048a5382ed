#if os(Linux)
    import CKeyring
    #if canImport(Glibc)
        import Glibc
    #endif

    extension Keyring {
        /// Linux: the Secret Service over the session bus, through libsecret loaded on first use (see
        /// `Sources/CKeyring`), with a copy of each key read kept in the kernel's per-user keyring for
        /// `KernelKeyCache.lifetime` so that most `kauth token` runs never touch D-Bus.
        package static func live(environment: Environment) -> Keyring {
            let hasBus = SecretService.sessionBusExists(environment)
            return Keyring(
                kind: .secretService,
                store: { item, secret throws(KeyringFailure) in
                    guard hasBus else { throw .noSessionBus }
                    try SecretService.check { message, size in
                        kauth_secret_store(
                            item.home, item.keyID, item.label, secret, SecretService.timeoutMilliseconds, message, size)
                    }
                },
                lookup: { item, cached throws(KeyringFailure) in
                    if cached, let key = KernelKeyCache.get(item) { return key }
                    guard hasBus else { throw .noSessionBus }
                    var out = [CChar](repeating: 0, count: 256)
                    defer { for index in out.indices { out[index] = 0 } }
                    try SecretService.check { message, size in
                        kauth_secret_lookup(
                            item.home, item.keyID, SecretService.timeoutMilliseconds, &out, out.count, message, size)
                    }
                    let key = SecretService.text(out)
                    if cached { KernelKeyCache.put(item, key) }
                    return key
                },
                remove: { item throws(KeyringFailure) in
                    KernelKeyCache.remove(item)
                    guard hasBus else { throw .noSessionBus }
                    try SecretService.check { message, size in
                        kauth_secret_clear(item.home, item.keyID, SecretService.timeoutMilliseconds, message, size)
                    }
                },
                forgetCached: { item in KernelKeyCache.remove(item) }
            )
        }
    }

    enum SecretService {
        /// How long one call may take. gh uses the same bound for the same reason: a keyring that
        /// hangs would otherwise cost D-Bus's 25 s timeout, twice when the Secret Service is being
        /// started by D-Bus activation.
        static let timeoutMilliseconds = 3_000

        /// Whether there is a session bus to find the Secret Service on: `DBUS_SESSION_BUS_ADDRESS`,
        /// or the per-user bus systemd puts at `$XDG_RUNTIME_DIR/bus`. Checked before libsecret is
        /// loaded, so a headless run (cron, CI, a container) costs nothing and never starts
        /// `dbus-launch`.
        static func sessionBusExists(_ environment: Environment) -> Bool {
            if environment["DBUS_SESSION_BUS_ADDRESS"] != nil { return true }
            guard let runtime = environment["XDG_RUNTIME_DIR"] else { return false }
            var info = stat()
            return stat(runtime + "/bus", &info) == 0 && (info.st_mode & S_IFMT) == S_IFSOCK
        }

        /// A NUL-terminated C string written into `buffer`.
        static func text(_ buffer: [CChar]) -> String {
            String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }

        static func check(_ call: (UnsafeMutablePointer<CChar>, Int) -> Int32) throws(KeyringFailure) {
            var message = [CChar](repeating: 0, count: 256)
            let status = message.withUnsafeMutableBufferPointer { call($0.baseAddress!, $0.count) }
            let reason = text(message)
            switch kauth_secret_status(rawValue: UInt32(status)) {
            case KAUTH_SECRET_OK: return
            case KAUTH_SECRET_NOT_FOUND: throw .notFound
            case KAUTH_SECRET_LOCKED: throw .locked
            case KAUTH_SECRET_TIMED_OUT: throw .timedOut
            case KAUTH_SECRET_UNAVAILABLE: throw .unavailable("libsecret cannot be loaded: \(reason)")
            default:
                // gnome-keyring refuses to create an item in a locked collection with this text
                // (and no prompt was possible): that is a locked keyring, not a broken one.
                if reason.lowercased().contains("locked") { throw .locked }
                throw .unavailable(reason)
            }
        }
    }

    /// A copy of a keystore key in the kernel's per-user keyring (`add_key`/`keyctl`): memory only,
    /// readable by processes of the same uid, gone after `lifetime` seconds or at reboot. This is what
    /// keeps `kauth token` as fast with the key in the Secret Service as with a plain file: two
    /// system calls instead of loading libsecret and a D-Bus round trip.
    enum KernelKeyCache {
        /// Ten minutes: long enough that a script's burst of `kauth token` asks D-Bus once, short
        /// enough that a locked or cleared keyring stops opening the keystore soon after.
        static let lifetime: UInt32 = 600

        static func description(_ item: KeyringItem) -> String { "kauth:\(item.keyID):\(item.home)" }

        static func get(_ item: KeyringItem) -> String? {
            var buffer = [UInt8](repeating: 0, count: 256)
            defer { for index in buffer.indices { buffer[index] = 0 } }
            let length = kauth_kernel_key_get(description(item), &buffer, buffer.count)
            guard length > 0 else { return nil }
            return String(decoding: buffer[0..<Int(length)], as: UTF8.self)
        }

        static func put(_ item: KeyringItem, _ key: String) {
            let bytes = Array(key.utf8)
            // Best effort: where the kernel keyring is not allowed (some container profiles), every
            // run asks the Secret Service instead.
            _ = kauth_kernel_key_put(description(item), bytes, bytes.count, lifetime)
        }

        static func remove(_ item: KeyringItem) {
            kauth_kernel_key_remove(description(item))
        }
    }
#endif
