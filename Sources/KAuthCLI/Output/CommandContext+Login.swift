extension CommandContext {
    /// The `kauth login` that recreates a profile's login (its provider and whatever else it
    /// needs), as a command printed exactly in either language.
    func loginInvocation(_ profile: String) -> Invocation {
        Invocation("kauth login" + messages.recreate(profile))
    }
}
