import KAuthCore

/// How sharing fails before anything is sent, in facts; the command line gives the words. It
/// travels inside `KAuthError.product`, since the core knows nothing of templates.
package enum ShareFailure: Sendable, Equatable {
    /// A message template with problems, each with its JSON path; nothing was sent.
    case invalidTemplate(violations: [TemplateViolation])
    /// A call through the share service asked for a user's token: share calls carry the app key.
    case userTokenCall
}
