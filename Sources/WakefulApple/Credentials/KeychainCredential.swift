#if canImport(UIKit)
    import Foundation
    import Security

    /// The device credential in the Keychain, stored so that uploads can read it in the background
    /// on a locked phone: `kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly` (DATA-5).
    ///
    /// The Keychain's default class, `WhenUnlocked`, is unreadable whenever the phone is locked, when
    /// most background uploads happen; `UserDefaults` reads empty before the first unlock after a
    /// restart (DATA-6). Items of this class are unreadable only from a restart to the first unlock,
    /// when the outbox cannot be read either. `ThisDeviceOnly` keeps the token out of backups: a
    /// restored phone registers as a new install.
    ///
    /// ```swift
    /// let keychain = KeychainCredential()
    /// try keychain.save(registration.token)
    /// configuration.credential = { try keychain.read() }
    /// ```
    public struct KeychainCredential: Sendable {
        /// The item's service (`kSecAttrService`).
        public var service: String
        /// The item's account (`kSecAttrAccount`).
        public var account: String

        /// A credential item; the defaults suit one credential per app.
        public init(service: String = "Wakeful", account: String = "deviceToken") {
            self.service = service
            self.account = account
        }

        /// The stored credential, or nil when none was saved.
        /// - Throws: ``KeychainCredentialError/unavailable`` while the phone withholds the item
        ///   (`errSecInteractionNotAllowed`, DATA-5); ``KeychainCredentialError/failed(_:)`` otherwise.
        public func read() throws(KeychainCredentialError) -> String? {
            var query = identity
            query[kSecReturnData as String] = true
            query[kSecMatchLimit as String] = kSecMatchLimitOne
            var result: CFTypeRef?
            let status = SecItemCopyMatching(query as CFDictionary, &result)
            switch status {
            case errSecSuccess: return (result as? Data).flatMap { String(data: $0, encoding: .utf8) }
            case errSecItemNotFound: return nil
            default: throw KeychainCredentialError(status)
            }
        }

        /// Stores `token`, replacing the item and its accessibility if one exists (an item saved
        /// earlier with the default class becomes readable while locked).
        /// - Throws: ``KeychainCredentialError`` when the Keychain refuses.
        public func save(_ token: String) throws(KeychainCredentialError) {
            let attributes: [String: Any] = [
                kSecValueData as String: Data(token.utf8),
                kSecAttrAccessible as String: kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly,
            ]
            let status = SecItemUpdate(identity as CFDictionary, attributes as CFDictionary)
            if status == errSecItemNotFound {
                let added = SecItemAdd(identity.merging(attributes) { $1 } as CFDictionary, nil)
                guard added == errSecSuccess else { throw KeychainCredentialError(added) }
                return
            }
            guard status == errSecSuccess else { throw KeychainCredentialError(status) }
        }

        /// Removes the item (after a 410, the device was revoked); nothing happens if there is none.
        /// - Throws: ``KeychainCredentialError`` when the Keychain refuses.
        public func delete() throws(KeychainCredentialError) {
            let status = SecItemDelete(identity as CFDictionary)
            guard status == errSecSuccess || status == errSecItemNotFound else {
                throw KeychainCredentialError(status)
            }
        }

        private var identity: [String: Any] {
            [
                kSecClass as String: kSecClassGenericPassword,
                kSecAttrService as String: service,
                kSecAttrAccount as String: account,
            ]
        }
    }

    /// Why ``KeychainCredential`` could not read or write the item.
    public enum KeychainCredentialError: Error, Sendable, Hashable {
        /// The phone withholds the item: locked, or not unlocked since a restart
        /// (`errSecInteractionNotAllowed`, −25308, DATA-5). Retry after the unlock.
        case unavailable
        /// Any other Keychain status.
        case failed(OSStatus)

        init(_ status: OSStatus) {
            self = status == errSecInteractionNotAllowed ? .unavailable : .failed(status)
        }
    }
#endif
