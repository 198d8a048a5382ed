import KAuthCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The `kauth login` command that recreates a login, for "run … again" hints: run exactly as
/// printed, it must log the same profile in to the same provider, not to Kakao by default or to
/// whichever profile happens to be the default one.
enum LoginRecipe {
    /// The flags that recreate `profile`'s stored login: the provider unless it is Kakao, the
    /// issuer and client id when the config and environment do not give the stored ones,
    /// `--openid` for a Kakao OpenID Connect login, and `--profile` unless a bare command
    /// picks that profile anyway.
    static func flags(for profile: String, context: CommandContext) -> String {
        let login = try? StoredLogin.read(context.keystore, profile: nil)
        var words: [String] = []
        if let session = login?.contents.profiles[profile] {
            let config = try? context.configStore.load()
            func configured(_ key: String) -> String? { config?.value("provider.\(session.provider).\(key)") }
            let type = ProviderType.named(session.providerType ?? session.provider)
            if session.provider != ProviderType.kakao.id { words += ["--provider", session.provider] }
            if type?.usesDiscovery == true, let issuer = session.issuer, configured("issuer") != issuer {
                words += ["--issuer", issuer]
            }
            let clientID = context.environment["KAUTH_CLIENT_ID"] ?? configured("client_id")
            if clientID != session.clientID { words += ["--client-id", session.clientID] }
            if session.openID, type?.usesDiscovery == false { words.append("--openid") }
        } else if let provider = context.globals.provider {
            words += ["--provider", provider]
        }
        // The profile a bare `kauth login` in this shell would log in.
        let bare = context.environment["KAUTH_PROFILE"] ?? login?.contents.defaultProfile ?? "default"
        if profile != bare { words += ["--profile", profile] }
        return words.map { " " + quoted($0) }.joined()
    }

    /// The running `kauth login`'s own flags, to repeat it after a failure that a second try can
    /// fix (a timeout, a denial): the same provider, issuer, client and options. A client secret
    /// given on the command line is not printed (it would reach logs): the hint says where it goes.
    /// `only`: just these flags (what a login of another kind, `--with-token`, also takes).
    static func repeating(_ command: ParsedCommand, only: [FlagSpec]? = nil) -> String {
        let unrepeated = [CommonFlags.json.spec, GlobalFlags.verbose.spec, GlobalFlags.noColor.spec].map(\.name)
        let only = only?.map(\.name)
        var words: [String] = []
        for (flag, values) in command.given(among: command.flags + GlobalFlags.specs)
        where !unrepeated.contains(flag.name) && only?.contains(flag.name) ?? true {
            if flag.name == SharedFlags.clientSecret.spec.name {
                words += ["--" + flag.name, "SECRET"]
                continue
            }
            if flag.takesValue {
                for value in values { words += ["--" + flag.name, value] }
            } else {
                words.append("--" + flag.name)
            }
        }
        return words.map { " " + quoted($0) }.joined()
    }

    /// A word as a POSIX shell reads it back: single-quoted when it holds anything but safe
    /// characters.
    static func quoted(_ word: String) -> String {
        let safe = word.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-_./:=,@%+".contains($0)) }
        if safe && !word.isEmpty { return word.visible }
        return "'" + word.visible.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''")
            + "'"
    }
}
