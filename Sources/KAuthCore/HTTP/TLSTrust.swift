/// What a TLS connection to a provider trusts and presents beyond the system's defaults: a CA
/// bundle for a provider behind a private CA, and a client certificate for one that demands it.
/// Paths of PEM files, handed to libcurl as they are; a file that cannot be used fails the
/// request with libcurl's reason, never a connection without verification.
package struct TLSTrust: Sendable, Equatable {
    /// PEM CA certificates trusted instead of the system's (`ca_file`, `KAUTH_CA_FILE`).
    package var caFile: String?
    /// PEM client certificate (`client_cert`), and its key when not in the same file (`client_key`).
    package var clientCertificate: String?
    package var clientKey: String?

    package init(caFile: String? = nil, clientCertificate: String? = nil, clientKey: String? = nil) {
        self.caFile = caFile
        self.clientCertificate = clientCertificate
        self.clientKey = clientKey
    }

    package var isEmpty: Bool { caFile == nil && clientCertificate == nil && clientKey == nil }
}

extension HTTPClient {
    /// This client, with `trust` on every request that does not carry its own: a provider's
    /// requests all go through it, whatever part of kauth sends them.
    package func trusting(_ trust: TLSTrust) -> HTTPClient {
        guard !trust.isEmpty else { return self }
        let send = self.send
        return HTTPClient { request in
            var request = request
            if request.tls == nil { request.tls = trust }
            return try await send(request)
        }
    }
}
