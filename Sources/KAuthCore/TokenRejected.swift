/// The API rejected the bearer token (Kakao -401, HTTP 401); the client refreshes once and retries.
struct TokenRejected: Error {
    var message: String
}
