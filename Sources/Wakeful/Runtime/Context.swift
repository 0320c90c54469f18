import Foundation

/// What a strategy knows when it handles an event: the time and what the system reports.
///
/// The platform fills it in for each event; strategies never read a clock or a global.
public struct Context: Sendable, Hashable {
    /// The current time in seconds (simulated time in the simulator).
    public var now: TimeInterval
    /// The app's state as the system reports it.
    public var appState: AppState
    /// `UIApplication.backgroundTimeRemaining`: ``unlimited`` outside a finite task allowance (TASK-11).
    public var backgroundTimeRemaining: TimeInterval

    /// The value `backgroundTimeRemaining` reports when time is not limited (DBL_MAX, TASK-11).
    public static let unlimited = Double.greatestFiniteMagnitude

    /// Creates a context.
    public init(now: TimeInterval, appState: AppState, backgroundTimeRemaining: TimeInterval = Context.unlimited) {
        self.now = now
        self.appState = appState
        self.backgroundTimeRemaining = backgroundTimeRemaining
    }

    /// Whether the app runs in the background (not on screen).
    public var isInBackground: Bool { appState == .background }
}
