/// A failure the command line finds itself, in its own words: a value it cannot use, a file it
/// cannot read, a combination of flags that makes no sense. The core and Kakao's product APIs
/// throw facts (`KAuthError`) and cannot name this type, so a sentence of theirs cannot reach the
/// user. `Output/ExitCodes.swift` maps it, with `KAuthError`, to exit codes and JSON codes.
enum CommandError: Error, Equatable {
    /// The command cannot be done as asked: exit 2, JSON code `usage`.
    case usage(Localized)
    /// Anything else that stops the command: exit 1, JSON code `failure`.
    case failed(Localized)
    /// The person said no when asked to confirm (`kauth unlink` on a terminal): nothing was
    /// sent. Exit 6, JSON code `cancelled`, beside a login the person cancelled.
    case cancelled(Localized)
}
