import Foundation

/// Where the simulated app keeps the settings it reads at launch to decide what to start, such as
/// "tracking is on" (`app.settings` in a scenario file, DATA-6).
public enum SettingsStore: String, Sendable, Hashable, CaseIterable {
    /// A file of class `none`, always readable (what Wakeful recommends).
    case unprotectedFile
    /// `UserDefaults`: its file has the container's class, so a process launched before the first
    /// unlock after a restart reads it empty and, as one iOS 9 report saw, keeps the empty copy
    /// until it is relaunched (DATA-6). The app then starts none of its strategies.
    case userDefaults
}
