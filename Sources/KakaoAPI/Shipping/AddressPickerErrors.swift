import KAuthCore

/// How the shipping-address picker ended without an address.
package enum AddressPickerEnd: Sendable, Equatable {
    /// Nothing came back in time: the user closed the picker, or Kakao showed an error page
    /// instead of sending the browser back (a `return_url` it does not accept).
    case timedOut(seconds: Int, hint: AddressPickerHint)
    /// Ctrl-C while waiting.
    case interrupted
    /// The single-use start link was opened twice: someone else may have tried to take the
    /// picker (and the user's AGT) over.
    case takeover
}

/// What usually keeps the picker from coming back: facts for the message that says so.
package struct AddressPickerHint: Sendable, Equatable {
    package var provider: String
    /// `http://127.0.0.1:PORT`: the origin of the `return_url`, which Kakao may require to be
    /// registered for the app.
    package var returnOrigin: String
    /// Whether the port was fixed (`--port`, `KAUTH_REDIRECT_PORT`); a free port changes on every
    /// run, so a registration would not hold.
    package var fixedPort: Bool
    /// Where the console registers it.
    package var registration: String

    package init(provider: String, returnOrigin: String, fixedPort: Bool, registration: String) {
        self.provider = provider
        self.returnOrigin = returnOrigin
        self.fixedPort = fixedPort
        self.registration = registration
    }
}

/// The picker came back with `status=error`.
package struct AddressPickerFailure: Sendable, Equatable {
    /// Kakao's `error_code` as sent (`KAE…`), empty when none came.
    package var code: String
    /// Kakao's `error_msg`, untrusted text.
    package var message: String?
    /// What the code means, when it is one of Kakao's.
    package var meaning: KakaoAppsError?

    package init(code: String, message: String?, meaning: KakaoAppsError?) {
        self.code = code
        self.message = message
        self.meaning = meaning
    }
}

/// How the shipping-address picker fails, in facts; the command line gives the words. It travels
/// inside `KAuthError.product` (as `KakaoProductFailure.addressPicker`), since the core knows nothing of the picker.
package enum AddressPickerError: Sendable, Equatable {
    /// The picker ended without an answer: closed, timed out, interrupted or stopped.
    case ended(AddressPickerEnd)
    /// The picker came back with an error (`KAE…`).
    case failed(AddressPickerFailure)
    /// The AGT request to `path` succeeded (`status`) without an AGT.
    case noAgentToken(path: String, status: Int)
    /// The AGT request to `path` failed with `status` and no error kauth can read.
    case agentTokenUnreadable(path: String, status: Int)
    /// The picker chose address `id`, but the user's address list did not return it.
    case addressNotReturned(id: Int64)
}
