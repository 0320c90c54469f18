#if canImport(UIKit)
    import Foundation
    import Wakeful
    import WakefulStore

    /// Tells whether the phone has been unlocked since it started, which UIKit does not say
    /// (`isProtectedDataAvailable` is false on any locked phone): a small file of class
    /// ``MonitorOpenPolicy/firstUnlockMarkerProtection``, written while protected data is available,
    /// can be read from the first unlock on and not before (FileProtectionType
    /// `completeUntilFirstUserAuthentication`: "After the user unlocks the device for the first time,
    /// your app can access the file").
    struct FirstUnlockMarker: Sendable {
        let url: URL

        /// Whether the marker can be read now; false before the first unlock, and before the marker
        /// was ever written (the first launch of an install on a locked phone).
        var unlockedSinceBoot: Bool { FileManager.default.contents(atPath: url.path) != nil }

        /// Writes the marker once; call it while protected data is available.
        func write() {
            guard !FileManager.default.fileExists(atPath: url.path) else { return }
            try? Data([1]).write(
                to: url,
                options: Data.WritingOptions(atomicallyCreatingWith: MonitorOpenPolicy.firstUnlockMarkerProtection))
        }
    }
#endif
