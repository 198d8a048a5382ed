import KAuthBasics

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `$KAUTH_HOME/config`: `key = value` lines and `#` comments, kept as written so that
/// `kauth config set` changes one line and leaves the user's comments and order alone.
package struct ConfigFile: Sendable, Equatable {
    enum Line: Sendable, Equatable {
        case entry(key: String, value: String)
        case verbatim(String)
    }

    var lines: [Line]

    package init() {
        lines = []
    }

    /// Parses the file; a line that is neither a comment, blank, nor `key = value` is an error
    /// naming its line number.
    package init(parsing text: String, path: String) throws {
        lines = []
        for (number, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = raw.trimmingWhitespace()
            if trimmed.isEmpty || trimmed.hasPrefix("#") {
                lines.append(.verbatim(String(raw)))
                continue
            }
            guard let equals = trimmed.firstIndex(of: "=") else {
                throw KAuthError.config(.malformedLine(path: path, line: number + 1, text: trimmed))
            }
            let key = trimmed[..<equals].trimmingWhitespace()
            let value = trimmed[trimmed.index(after: equals)...].trimmingWhitespace()
            guard !key.isEmpty else {
                throw KAuthError.config(.missingKey(path: path, line: number + 1))
            }
            lines.append(.entry(key: key, value: value))
        }
        while case .verbatim("")? = lines.last { lines.removeLast() }
    }

    /// The last value set for `key`.
    package func value(_ key: String) -> String? {
        for line in lines.reversed() {
            if case .entry(key, let value) = line { return value }
        }
        return nil
    }

    /// Every `key = value`, in file order, later duplicates winning.
    package var entries: [(key: String, value: String)] {
        var seen: [String: Int] = [:]
        var result: [(key: String, value: String)] = []
        for line in lines {
            guard case .entry(let key, let value) = line else { continue }
            if let index = seen[key] {
                result[index].value = value
            } else {
                seen[key] = result.count
                result.append((key, value))
            }
        }
        return result
    }

    /// Replaces the key's line, or appends one.
    package mutating func set(_ key: String, _ value: String) {
        var replaced = false
        lines = lines.compactMap { line in
            guard case .entry(key, _) = line else { return line }
            if replaced { return nil }
            replaced = true
            return .entry(key: key, value: value)
        }
        if !replaced { lines.append(.entry(key: key, value: value)) }
    }

    /// Removes every line of the key; false when it was not set.
    @discardableResult
    package mutating func unset(_ key: String) -> Bool {
        let before = lines.count
        lines.removeAll { if case .entry(key, _) = $0 { return true } else { return false } }
        return lines.count != before
    }

    package func serialized() -> String {
        lines.map { line in
            switch line {
            case .entry(let key, let value): return "\(key) = \(value)"
            case .verbatim(let text): return text
            }
        }.joined(separator: "\n") + (lines.isEmpty ? "" : "\n")
    }
}

/// Reads and writes the config file through the injected file system. The file is always
/// written 0600: it may hold a client secret.
package struct ConfigStore: Sendable {
    package var path: String
    package var home: String
    var fileSystem: FileSystem

    package init(paths: KAuthPaths, fileSystem: FileSystem) {
        self.path = paths.config
        self.home = paths.home
        self.fileSystem = fileSystem
    }

    /// The config file; none is an empty config.
    ///
    /// The folder and the file must be this user's and writable by no one else (exit 7
    /// otherwise): a config planted by another user could send tokens to their server.
    package func load() throws -> ConfigFile {
        try KeystoreErrors.mapping { try checkSafe() }
        let data: Data?
        do {
            data = try fileSystem.readFile(path)
        } catch FileSystemError.unsafe(let path, let reason) {
            throw KAuthError.keystore(.unsafeFile(path: path, reason: reason))
        } catch {
            throw KAuthError.config(.unreadable(path: path, reason: "\(error)"))
        }
        guard let data else { return ConfigFile() }
        return try ConfigFile(parsing: String(decoding: data, as: UTF8.self), path: path)
    }

    private func checkSafe() throws {
        try HomeFolder.check(home, fileSystem: fileSystem)
        guard let info = try? fileSystem.fileInfo(path) else { return }
        guard !info.isDirectory else { throw KeystoreError.unsafeFile(path: path, reason: .folder) }
        guard info.ownerID == fileSystem.currentUserID() else {
            throw KeystoreError.unsafeFile(path: path, reason: .otherOwner)
        }
        guard info.permissions & 0o022 == 0 else {
            throw KeystoreError.unsafeFile(path: path, reason: .othersCanWrite)
        }
    }

    /// Writes the file, after making sure it can: a read-only home is exit 7, as for the keystore
    /// beside it, and nothing is changed.
    package func save(_ file: ConfigFile) throws {
        if let (refused, reason) = HomeFolder.writeRefusal(home, replaced: [path], fileSystem: fileSystem) {
            throw KAuthError.keystore(.readOnly(path: refused, reason: reason, before: .config))
        }
        do {
            try fileSystem.createDirectory(home, 0o700)
            try fileSystem.writeFileAtomically(path, Data(file.serialized().utf8), 0o600)
        } catch {
            // The system's words ("create: Permission denied"), not a Swift value's description.
            let reason = if case .system(let text) = FileKeystore.problem(error) { text } else { "\(error)" }
            throw KAuthError.config(.unwritable(path: path, reason: reason))
        }
    }

    /// The keys `kauth config set` accepts: `provider.NAME.KEY` with one of these KEYs (a `…_url`
    /// for the core's base URL roles and `addedURLRoles`).
    package static func providerKeys(addedURLRoles: [ProviderURLRole]) -> [String] {
        ProviderConfigKey.all(addedURLRoles: addedURLRoles).map(\.name)
    }

    /// The keys that stand alone rather than under `provider.NAME.`: `language` (`ko` or `en`,
    /// the language kauth speaks in, over the locale).
    package static let topLevelKeys: [ProviderConfigKey] = [ProviderConfigKey("language", .language)]

    /// The top-level key named `key`, if it is one.
    package static func topLevelKey(_ key: String) -> ProviderConfigKey? {
        topLevelKeys.first { $0.name == key }
    }

    /// Checks a key's shape: a top-level key, or `provider.NAME.KEY`, NAME of ASCII letters,
    /// digits, `-` and `_`.
    package static func validate(key: String, addedURLRoles: [ProviderURLRole]) throws {
        let providerKeys = providerKeys(addedURLRoles: addedURLRoles)
        if key.unicodeScalars.contains(where: isControl) { throw KAuthError.config(.controlCharacters(key: key)) }
        if topLevelKey(key) != nil { return }
        let parts = key.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3, parts[0] == "provider", !parts[1].isEmpty,
            parts[1].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }),
            providerKeys.contains(parts[2])
        else {
            throw KAuthError.config(.unknownKey(key, known: providerKeys))
        }
    }

    /// Checks a value: no line breaks or other control characters, which would write a second
    /// config line (`a\nprovider.kakao.api_url = …`) or hide one.
    package static func validate(key: String, value: String, addedURLRoles: [ProviderURLRole]) throws {
        try validate(key: key, addedURLRoles: addedURLRoles)
        if value.unicodeScalars.contains(where: isControl) { throw KAuthError.config(.controlCharacters(key: key)) }
    }

    /// C0 and C1 controls and DEL (a tab included: values are single words or URLs).
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
}
