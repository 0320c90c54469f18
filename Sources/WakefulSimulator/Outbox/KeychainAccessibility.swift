import Foundation
import Wakeful

/// Where the simulated app keeps the device credential its uploads need: a Keychain item with its
/// accessibility (`app.outbox.credential` in a scenario file, DATA-5).
public enum KeychainAccessibility: String, Sendable, Hashable, CaseIterable {
    /// `kSecAttrAccessibleWhenUnlocked`, the Keychain's default: unreadable whenever the phone is
    /// locked with a passcode.
    case whenUnlocked
    /// `kSecAttrAccessibleAfterFirstUnlock`, what Wakeful recommends: unreadable only from a restart
    /// to the first unlock.
    case afterFirstUnlock
    /// `kSecAttrAccessibleAlways` (deprecated): always readable.
    case always
}

extension DataProtectionGate {
    /// Whether the Keychain hands out an item of `accessibility` now (DATA-5): the item classes
    /// follow the file classes' keys, `WhenUnlocked` the `complete` one and `AfterFirstUnlock` the
    /// default's.
    func allowsKeychain(_ accessibility: KeychainAccessibility) -> Bool {
        switch accessibility {
        case .whenUnlocked: allows(.complete, openedUnlocked: false)
        case .afterFirstUnlock: allows(.completeUntilFirstUserAuthentication, openedUnlocked: false)
        case .always: true
        }
    }
}
