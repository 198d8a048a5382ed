/// Cryptographically secure random bytes (PKCE verifier, `state`, `nonce`, keystore salts).
package struct RandomSource: Sendable {
    package var bytes: @Sendable (_ count: Int) -> [UInt8]

    package init(bytes: @escaping @Sendable (Int) -> [UInt8]) {
        self.bytes = bytes
    }

    /// The operating system's CSPRNG (`getrandom`/`arc4random` through the standard library).
    package static let live = RandomSource { count in
        var generator = SystemRandomNumberGenerator()
        return (0..<count).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    }
}
