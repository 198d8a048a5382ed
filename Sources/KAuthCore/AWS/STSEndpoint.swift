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
            guard let origin = value.firstRange(of: "://"), !value[origin.upperBound...].isEmpty,
                !value.contains(where: { $0.isWhitespace || $0 == "#" || $0 == "?" })
            else {
                throw KAuthError.invalidSetting(
                    name: name, value: value, expected: ["an https URL such as https://sts.us-east-1.amazonaws.com"])
            }
            let url = value[origin.upperBound...].contains("/") ? value : value + "/"
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

    /// Lower-case letters and digits in groups joined by `-` (`us-east-1`, `us-gov-west-1`).
    static func isRegionName(_ text: String) -> Bool {
        let groups = text.split(separator: "-", omittingEmptySubsequences: false)
        return text.count <= 32 && groups.count >= 2
            && groups.allSatisfy { group in
                !group.isEmpty && group.allSatisfy { ($0.isASCII && $0.isLowercase) || ($0.isASCII && $0.isNumber) }
            }
    }

    /// `AWS_CA_BUNDLE`, the CA certificates the AWS CLI trusts instead of the system's.
    package static func trust(_ environment: Environment) -> TLSTrust {
        TLSTrust(caFile: environment["AWS_CA_BUNDLE"])
    }
}
