import KAuthBasics
import KAuthCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Which validation a share went through; the sharer page's `validation_action`.
package enum ShareAction: String, Sendable, CaseIterable {
    case `default`
    case custom
    case scrap
}

/// What a share carries, for the validation API and the sharer URL.
package enum ShareMessage: Sendable, Equatable {
    /// A default template.
    case `default`(DefaultTemplate)
    /// A template made in the console's message template builder, with its `${…}` arguments.
    case custom(templateID: Int64, args: [String: String])
    /// A web page Kakao scrapes, optionally into a custom template.
    case scrap(url: String, templateID: Int64?, args: [String: String])

    package var action: ShareAction {
        switch self {
        case .default: return .default
        case .custom: return .custom
        case .scrap: return .scrap
        }
    }

    /// The sharer's `validation_params`: the template as an object, not a string.
    var validationParams: JSONValue {
        var members: [String: JSONValue] = ["link_ver": .string(ShareLinkVersion.current)]
        switch self {
        case .default(let template):
            members["template_object"] = template.json
        case .custom(let id, let args):
            members["template_id"] = .number(Double(id))
            if !args.isEmpty { members["template_args"] = .object(args.mapValues(JSONValue.string)) }
        case .scrap(let url, let id, let args):
            members["request_url"] = .string(url)
            if let id { members["template_id"] = .number(Double(id)) }
            if !args.isEmpty { members["template_args"] = .object(args.mapValues(JSONValue.string)) }
        }
        return .object(members)
    }
}

/// The web sharer URL: where a desktop shares, as the SDK does when
/// Kakao Talk is not installed. Kakao's page logs the user in, shows the friend or chat picker
/// and sends the message.
package enum SharerURL {
    package static let path = "/talk/friends/picker/easylink"

    /// `{base}/talk/friends/picker/easylink?app_key&validation_action&validation_params&ka[&lcba]`.
    ///
    /// - Parameter callbackArgs: the "server callback args" (`lcba`): Kakao calls the app's
    ///   registered callback URL after a successful share only when they are given.
    package static func make(
        base: String, appKey: String, message: ShareMessage, agent: String, callbackArgs: [String: String] = [:]
    ) -> String {
        var pairs: [(String, String)] = [
            ("app_key", appKey),
            ("validation_action", message.action.rawValue),
            ("validation_params", message.validationParams.jsonText()),
            ("ka", agent)
        ]
        if !callbackArgs.isEmpty {
            pairs.append(("lcba", JSONValue.object(callbackArgs.mapValues(JSONValue.string)).jsonText()))
        }
        return base + path + "?" + FormURLEncoding.encode(pairs)
    }
}

/// The `KA` value the SDK sends with share calls and URLs, in kauth's terms:
/// `sdk/0.1.0 sdk_type/kauth os/linux origin/kauth app_ver/0.1.0`.
package enum KakaoAgent {
    package static func value(version: String) -> String {
        #if os(macOS)
            let os = "macos"
        #elseif os(Linux)
            let os = "linux"
        #else
            let os = "unknown"
        #endif
        return "sdk/\(version) sdk_type/kauth os/\(os) origin/kauth app_ver/\(version)"
    }
}
