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
