import KAuthBasics

/// How a call to AWS STS failed, in facts: STS's own error, or an answer kauth could not read.
/// The core carries it as `KAuthError.product`, as it carries the failures of Kakao's product
/// APIs: STS is no OAuth provider, and its words and exit code (1) are the command line's.
/// Text from the answer stays as it came (the command line prints it `.visible`).
package enum STSFailure: ProductFailure, Equatable {
    /// STS answered with its `ErrorResponse`: the HTTP status, `Code` and `Message`.
    case refused(status: Int, code: String, message: String)
    /// An answer that is not what STS sends, with the HTTP status.
    case unreadable(status: Int, STSUnreadableAnswer)
}

/// What was wrong with an answer STS is not known to send.
package enum STSUnreadableAnswer: Sendable, Equatable {
    /// Not an XML document `XMLReader` accepts.
    case notXML(XMLReadError)
    /// An XML document, but not the one expected: its root element and namespace.
    case otherDocument(root: String, namespace: String?)
    /// A field the credentials need is missing, repeated, empty or has characters no
    /// credential has (the value is not kept: it may be a secret).
    case badField(String)
    /// `Expiration` is not an RFC 3339 instant.
    case badExpiration(String)
}
