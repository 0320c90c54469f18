import Foundation

/// What the ``Uploader`` is doing, for metrics, tests and the app's own hooks.
public enum UploaderStatus: Sendable, Hashable {
    /// Nothing in flight; it uploads on the next event that allows it.
    case idle
    /// An attempt for this batch is in flight.
    case uploading(batch: UUID)
    /// The last attempt failed; the next waits until this time (context seconds).
    case backingOff(until: TimeInterval)
    /// The server answered 401: uploads wait for ``Uploader/credentialsRenewed()``.
    case awaitingCredentials
    /// The device credential could not be read (its Keychain item is withheld while the phone is
    /// locked, DATA-5): uploads wait for the unlock (`protectedDataDidBecomeAvailable`).
    case awaitingUnlock
    /// The server answered 410: the device is revoked and uploads stopped for good.
    case revoked
}
