import KAuthBasics
import KAuthCore

/// `kauth login --client-credentials`: a machine's login (RFC 6749 §4.4).
extension LoginCommand {
    /// The client logs itself in with its own authentication (secret, signed assertion or client
    /// certificate, `token_endpoint_auth_method`); `kauth token` asks the grant again later.
    static func clientCredentials(
        _ context: CommandContext, options: Options, login: StoredLogin, provider: Provider
    ) async throws -> Int32 {
        // The flags of a browser login are refused by name, so one added later is refused too
        // until it is placed here.
        let alsoHere: [PartialKeyPath<Options>] = [
            \.scopes, \.clientID, \.clientSecret, \.issuer, \.clientCredentials, \.resources
        ]
        let taken = alsoHere.map { Options.flag(of: $0).name } + [CommonFlags.json.spec.name]
        if let (flag, _) = context.command.given(among: spec.flags).first(where: { !taken.contains($0.flag.name) }) {
            throw CommandError.usage(MachineLoginWords.flagDoesNotApply(flag: flag.name).localized)
        }
        // RFC 8707 resources: the flags, else the provider's `resource` key, as a browser login.
        let config = try? context.configStore.load()
        let resources = try resources(options.resources, context: context, provider: provider) { key in
            let name = "provider.\(provider.name).\(key)"
            return config?.value(name).flatMap { $0.isEmpty ? nil : ($0, name) }
        }
        var tokens = context.tokenService(login)
        tokens.keystore = tokens.keystore.choosingProtection()
        let session = try await tokens.clientCredentialsLogin(
            provider: provider, scopes: options.scopes.map(ScopeList.parse), resources: resources)
        if context.json {
            report(session, provider: provider, profile: login.profile, context: context)
            return 0
        }
        if let note = (try? context.keystore.protection()).flatMap({
            unencryptedNote($0, path: context.keystore.path)
        }) {
            context.err(context.words(note))
        }
        context.say(
            MachineLoginWords.loggedIn(
                provider: Provider.displayName(of: session), clientID: session.clientID, profile: login.profile))
        if !session.scopes.isEmpty { context.say(MachineLoginWords.scopes(session.scopes.joined(separator: " "))) }
        if !resources.isEmpty { context.say(MachineLoginWords.resources(resources.joined(separator: " "))) }
        context.say(
            MachineLoginWords.renewsByGrant(
                expiry: Expiry(date: session.accessTokenExpiresAt, now: context.world.clock.now())))
        return 0
    }
}
