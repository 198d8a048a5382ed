import KAuthCore

/// How sharing fails before anything is sent, in facts; the command line gives the words. It
/// travels inside `KAuthError.product`, since the core knows nothing of templates.
package enum ShareFailure: ProductFailure, Equatable {
    /// A message template with problems, each with its JSON path; nothing was sent.
    case invalidTemplate(violations: [TemplateViolation])
}

extension KAuthError {
    /// A message template with problems; nothing was sent.
    package static func invalidTemplate(violations: [TemplateViolation]) -> KAuthError {
        .product(ProductError(ShareFailure.invalidTemplate(violations: violations)))
    }
}
