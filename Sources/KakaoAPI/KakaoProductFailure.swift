import KAuthCore

/// Every way Kakao's product APIs fail, as one closed list: the only `ProductFailure` there is.
/// The core carries it inside `KAuthError.product` without knowing it; the command line switches
/// over it exhaustively for words and exit codes, so a new kind of failure added here does not
/// compile until it has both.
package enum KakaoProductFailure: ProductFailure, Equatable {
    /// Sharing refused a template, or was called with a user's token.
    case share(ShareFailure)
    /// The shipping-address picker ended without an address, or failed.
    case addressPicker(AddressPickerError)
}

extension ProductError {
    /// The failure as the product APIs define it; nil only for a failure of a target that is not
    /// built yet, which nothing throws today.
    package var kakao: KakaoProductFailure? { failure as? KakaoProductFailure }
}

extension KAuthError {
    /// A message template with problems; nothing was sent.
    package static func invalidTemplate(violations: [TemplateViolation]) -> KAuthError {
        .product(ProductError(KakaoProductFailure.share(.invalidTemplate(violations: violations))))
    }

    /// A call through the share service asked for a user's token.
    package static func userTokenForShare() -> KAuthError {
        .product(ProductError(KakaoProductFailure.share(.userTokenCall)))
    }
}

extension KAuthError {
    /// The shipping-address picker ended without an answer.
    package static func addressPickerEnded(_ end: AddressPickerEnd) -> KAuthError {
        .product(ProductError(KakaoProductFailure.addressPicker(.ended(end))))
    }

    /// Kakao's shipping-address picker came back with an error (`KAE…`).
    package static func addressPickerFailed(_ failure: AddressPickerFailure) -> KAuthError {
        .product(ProductError(KakaoProductFailure.addressPicker(.failed(failure))))
    }

    /// The picker, or the requests around it, got an answer it cannot use.
    package static func addressPicker(_ error: AddressPickerError) -> KAuthError {
        .product(ProductError(KakaoProductFailure.addressPicker(error)))
    }
}
