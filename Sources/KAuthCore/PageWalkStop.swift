/// Why `kauth api --paginate` stopped before the last page.
package enum PageWalkStop: Sendable, Equatable {
    /// Page `page` failed; `failure` is its own error.
    case failed(page: Int, url: String, KAuthError)
    /// Page `page` is not JSON, so it cannot be joined.
    case notJSON(page: Int, url: String)
    /// Page `page` links to a host the token must not go to; nothing was sent there.
    case foreignLink(page: Int, url: String)
    /// Page `page` links to a page already fetched.
    case repeatedLink(page: Int, url: String)
    /// The bound was reached with more pages announced.
    case tooManyPages(Int)
}
