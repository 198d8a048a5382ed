import KAuthBasics

/// Where `AssumeRoleWithWebIdentity` is sent, as the AWS CLI and SDKs choose it:
/// `AWS_ENDPOINT_URL_STS`, else `AWS_ENDPOINT_URL`, else the regional endpoint of `AWS_REGION`,
/// else `AWS_DEFAULT_REGION`, else `us-east-1`.
package struct STSEndpoint: Sendable, Equatable {
    /// The URL the request is posted to (a path `/` added to a bare origin).
    package var url: String
    /// The setting it came from (`AWS_ENDPOINT_URL_STS`, `AWS_REGION`, …), or nil for the default.
    package var source: String?

    package static let variables = [
        "AWS_ENDPOINT_URL_STS", "AWS_ENDPOINT_URL", "AWS_REGION", "AWS_DEFAULT_REGION", "AWS_CA_BUNDLE"
    ]

    /// The endpoint the environment names. The token travels there, so it must be https, or
    /// plain http to this machine (a local STS); a region must be a region's name, never a host.
    package static func resolve(_ environment: Environment) throws -> STSEndpoint {
        for name in ["AWS_ENDPOINT_URL_STS", "AWS_ENDPOINT_URL"] {
            guard let value = environment[name] else { continue }
            try Provider.requireSecure(value, label: name)
            // What follows `https://` or `http://` (requireSecure let only those through). Bytes
            // and scalars, not characters: this runs before every AWS command, and character
            // and substring searches cost pages of code and Unicode tables a run otherwise skips.
            let afterScheme = value.utf8.dropFirst(value.utf8.dropFirst(4).first == UInt8(ascii: ":") ? 7 : 8)
            guard !afterScheme.isEmpty, !value.unicodeScalars.contains(where: isRefusedInEndpoint) else {
                throw KAuthError.invalidSetting(
                    name: name, value: value, expected: ["an https URL such as https://sts.us-east-1.amazonaws.com"])
            }
            let url = afterScheme.contains(UInt8(ascii: "/")) ? value : value + "/"
            return STSEndpoint(url: url, source: name)
        }
        for name in ["AWS_REGION", "AWS_DEFAULT_REGION"] {
            guard let region = environment[name] else { continue }
            guard isRegionName(region) else {
                throw KAuthError.invalidSetting(
                    name: name, value: region, expected: ["a region name such as us-east-1"])
            }
            return STSEndpoint(url: regionalURL(region), source: name)
        }
        return STSEndpoint(url: regionalURL("us-east-1"), source: nil)
    }

    /// STS's regional endpoint; the China regions are under `amazonaws.com.cn`.
    static func regionalURL(_ region: String) -> String {
        "https://sts.\(region).amazonaws.com\(region.hasPrefix("cn-") ? ".cn" : "")/"
    }

    /// Lower-case letters and digits in groups joined by `-` (`us-east-1`, `us-gov-west-1`),
    /// at most 32 of them. (Read as bytes: the text must be ASCII.)
    static func isRegionName(_ text: String) -> Bool {
        let groups = text.utf8.split(separator: UInt8(ascii: "-"), omittingEmptySubsequences: false)
        return text.utf8.count <= 32 && groups.count >= 2
            && groups.allSatisfy { group in
                !group.isEmpty
                    && group.allSatisfy {
                        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0)
                            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0)
                    }
            }
    }

    /// What an endpoint URL may not hold: white space (a pasted line break), `#` and `?`.
    static func isRefusedInEndpoint(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "#", "?", " ", "\t", "\n", "\u{0B}", "\u{0C}", "\r": true
        case _ where scalar.isASCII: false
        default: scalar.properties.isWhitespace
        }
    }

    /// `AWS_CA_BUNDLE`, the CA certificates the AWS CLI trusts instead of the system's.
    package static func trust(_ environment: Environment) -> TLSTrust {
        TLSTrust(caFile: environment["AWS_CA_BUNDLE"])
    }
}
