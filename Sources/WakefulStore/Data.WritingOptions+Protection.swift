import Foundation
import Wakeful

extension Data.WritingOptions {
    /// An atomic write whose file is created with `protection` (`FileProtectionType`), so the class
    /// holds from the file's first byte: the temporary file of an atomic write is a new file, and a
    /// new file of the container's default class cannot be created before the first unlock.
    /// Elsewhere than on Apple platforms the protection options are accepted and ignored.
    ///
    /// https://developer.apple.com/documentation/foundation/nsdata/writingoptions/nofileprotection
    public init(atomicallyCreatingWith protection: DataProtectionClass) {
        let protectionOption: Data.WritingOptions =
            switch protection {
            case .none: .noFileProtection
            case .completeUntilFirstUserAuthentication: .completeFileProtectionUntilFirstUserAuthentication
            case .completeUnlessOpen: .completeFileProtectionUnlessOpen
            case .complete: .completeFileProtection
            }
        self = [.atomic, protectionOption]
    }
}
