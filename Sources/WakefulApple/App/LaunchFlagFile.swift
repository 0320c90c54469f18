#if canImport(UIKit)
    import Foundation
    import Wakeful
    import WakefulStore

    /// A yes/no a process leaves for the next launch: the file exists or not. Its existence can be
    /// read before the first unlock, and it is created with ``LaunchStoragePlan/launchFlagProtection``
    /// so it can be written then too.
    struct LaunchFlagFile: Sendable {
        let url: URL

        /// Whether the flag is set.
        var isSet: Bool { FileManager.default.fileExists(atPath: url.path) }

        /// Sets or clears the flag; a failure leaves the previous value (a best effort: the next
        /// launch then resumes nothing, as before the flag existed).
        func set(_ value: Bool) {
            guard value != isSet else { return }
            if value {
                try? Data().write(
                    to: url,
                    options: Data.WritingOptions(atomicallyCreatingWith: LaunchStoragePlan.launchFlagProtection))
            } else {
                try? FileManager.default.removeItem(at: url)
            }
        }
    }
#endif
