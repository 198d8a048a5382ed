import KAuthBasics
import KAuthCore
import KakaoAPI
import Testing

extension ListenerPages {
    /// Pages for a test whose listener is scripted and shows no browser anything. The real pages
    /// are the command line's words (tested there); a page asked for here fails the test.
    package static var unshown: Self {
        let unexpected: @Sendable (HTTPServerRequest) -> HTTPServerResponse = { request in
            Issue.record("a page was asked for, for \(request.path)")
            return .html(500, "")
        }
        return ListenerPages(
            takeover: unexpected, stateMismatch: unexpected, incomplete: unexpected, alreadyFinished: unexpected,
            answer: { _, request in .afterEnding(unexpected(request)) },
            concluded: { _, request in unexpected(request) })
    }
}
