import KAuthBasics

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// STS `AssumeRoleWithWebIdentity` (API version 2011-06-15): a login's token for a role's
/// temporary credentials. The call is not signed (the token is the proof), so it is a plain
/// form POST; STS answers in XML, read with `XMLReader`, for the four values kauth needs and
/// nothing else.
package struct AssumeRoleWithWebIdentity: Sendable {
    package var roleARN: String
    package var sessionName: String
    /// `DurationSeconds`; nil: STS's default (one hour), capped by the role's maximum.
    package var durationSeconds: Int?

    package init(roleARN: String, sessionName: String, durationSeconds: Int? = nil) {
        self.roleARN = roleARN
        self.sessionName = sessionName
        self.durationSeconds = durationSeconds
    }

    /// The namespace of every STS answer of this API version, errors included.
    static let namespace = "https://sts.amazonaws.com/doc/2011-06-15/"

    /// Answers are a few kilobytes; anything much larger is not STS.
    static let reader = XMLReader(maxBytes: 256 * 1024, maxDepth: 16, maxElements: 1000)

    /// The request, with `token` as `WebIdentityToken` (redacted in `--verbose` by its name).
    package func request(token: String, endpoint: STSEndpoint) -> HTTPRequest {
        var form = [
            ("Action", "AssumeRoleWithWebIdentity"), ("Version", "2011-06-15"), ("RoleArn", roleARN),
            ("RoleSessionName", sessionName), ("WebIdentityToken", token)
        ]
        if let durationSeconds { form.append(("DurationSeconds", String(durationSeconds))) }
        return HTTPRequest.form(endpoint.url, form)
    }

    /// Trades `token` at `endpoint`. Transport failures are `KAuthError.unavailable` (exit 5);
    /// STS's answers, errors included, are read here.
    package func send(token: String, endpoint: STSEndpoint, world: World) async throws -> AWSTemporaryCredentials {
        let http = world.http.trusting(STSEndpoint.trust(world.environment))
        let response = try await http.perform(request(token: token, endpoint: endpoint))
        do {
            return try Self.credentials(from: response)
        } catch {
            throw KAuthError.product(ProductError(error))
        }
    }

    /// The credentials of a success, or STS's error as an `STSFailure`.
    static func credentials(from response: HTTPResponse) throws(STSFailure) -> AWSTemporaryCredentials {
        let root: XMLElement
        do {
            root = try reader.read(response.body)
        } catch {
            throw .unreadable(status: response.status, .notXML(error))
        }
        guard (200..<300).contains(response.status) else {
            guard root.name == "ErrorResponse", root.namespace == namespace, let error = root.child("Error"),
                let code = error.child("Code")?.text, !code.isEmpty
            else {
                throw .unreadable(status: response.status, .otherDocument(root: root.name, namespace: root.namespace))
            }
            throw .refused(status: response.status, code: code, message: error.child("Message")?.text ?? "")
        }
        guard root.name == "AssumeRoleWithWebIdentityResponse", root.namespace == namespace,
            let credentials = root.descendant("AssumeRoleWithWebIdentityResult", "Credentials")
        else {
            throw .unreadable(status: response.status, .otherDocument(root: root.name, namespace: root.namespace))
        }
        func field(_ name: String) throws(STSFailure) -> String {
            let value = credentials.child(name)?.text.trimmingWhitespace() ?? ""
            // Printable ASCII without spaces: what access keys and session tokens are made of, and
            // nothing a JSON reader or a terminal could take for something else.
            guard !value.isEmpty, value.utf8.count <= 16 * 1024, value.utf8.allSatisfy({ (0x21...0x7E).contains($0) })
            else {
                throw .unreadable(status: response.status, .badField(name))
            }
            return value
        }
        let expirationText = try field("Expiration")
        guard let expiration = RFC3339.date(from: expirationText) else {
            throw .unreadable(status: response.status, .badExpiration(expirationText))
        }
        return AWSTemporaryCredentials(
            accessKeyID: try field("AccessKeyId"), secretAccessKey: try field("SecretAccessKey"),
            sessionToken: try field("SessionToken"), expiration: expiration.wholeSeconds)
    }
}

/// Credentials STS gave: what `credential_process` prints.
package struct AWSTemporaryCredentials: Sendable, Equatable {
    package var accessKeyID: String
    package var secretAccessKey: String
    package var sessionToken: String
    package var expiration: Date

    package init(accessKeyID: String, secretAccessKey: String, sessionToken: String, expiration: Date) {
        self.accessKeyID = accessKeyID
        self.secretAccessKey = secretAccessKey
        self.sessionToken = sessionToken
        self.expiration = expiration
    }
}
