import Foundation

/// The five app states of iOS (STATE-1).
///
/// `background` means the app is executing while not in the foreground; `suspended` means it is in
/// memory but runs no code. iOS decides suspension alone and never announces it (STATE-1), so an app
/// on a device only ever observes `notRunning`, `inactive`, `active` and `background`; the simulator
/// records all five.
public enum AppState: String, Sendable, Hashable, Codable, CaseIterable {
    /// Not launched, or terminated.
    case notRunning
    /// In the foreground but not receiving events (during transitions).
    case inactive
    /// In the foreground and receiving events.
    case active
    /// Executing while not in the foreground.
    case background
    /// In memory, executing no code.
    case suspended

    /// Whether the app's code can run in this state.
    public var isExecuting: Bool {
        switch self {
        case .inactive, .active, .background: true
        case .notRunning, .suspended: false
        }
    }

    /// Whether the app is on screen.
    public var isForeground: Bool { self == .active || self == .inactive }
}
