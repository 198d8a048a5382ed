extension CommandContext {
    /// Messages for errors, knowing this command's flags.
    var messages: ErrorMessages { messages(in: language) }

    /// Messages for errors in `language`: English for `--json`, whose output never changes with it.
    func messages(in language: Language) -> ErrorMessages {
        let flags = Set((command.flags + command.globals).map(\.name))
        var messages = ErrorMessages(
            commandPath: command.path, hasFlag: { flags.contains($0.name) }, profileFlag: globals.profile)
        let context = self
        messages.language = language
        messages.browserTurnedOff = command.given(among: command.flags).contains { $0.flag.name == "no-browser" }
        messages.recreate = { profile in LoginRecipe.flags(for: profile, context: context) }
        if command.path == ["kauth", "login"] {
            messages.repeatLogin = LoginRecipe.repeating(command)
            let scopes = command.given(among: command.flags.filter { $0.name == "scopes" }).flatMap(\.values)
            messages.loginScopes = scopes.isEmpty ? nil : scopes.joined(separator: " ")
            messages.handOverLogin = LoginRecipe.repeating(
                command,
                only: [
                    GlobalFlags.provider.spec, GlobalFlags.profile.spec, SharedFlags.issuer.spec,
                    SharedFlags.clientID.spec
                ])
        }
        return messages
    }
}
