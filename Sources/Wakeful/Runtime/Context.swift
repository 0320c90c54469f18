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
    /// The network path as the system reports it (`NWPathMonitor`); ``NetworkPath/unknown`` when the
    /// platform does not say.
    public var network: NetworkPath
    /// Whether the phone is on external power (`UIDevice.batteryState` charging or full); nil when unknown.
    public var externalPower: Bool?
    /// The local weekday and time of day, for strategies that act by the clock
    /// (``ScheduledTracking``); nil when the platform does not say.
    public var localTime: LocalTime?
    /// What the user lets the app do with location (`authorizationStatus`, `accuracyAuthorization`),
    /// which Core Location answers at any time; unknown platforms report nothing asked yet.
    public var locationPermission = LocationPermission()

    /// The value `backgroundTimeRemaining` reports when time is not limited (DBL_MAX, TASK-11).
    public static let unlimited = Double.greatestFiniteMagnitude

    /// Creates a context.
    public init(
        now: TimeInterval, appState: AppState, backgroundTimeRemaining: TimeInterval = Context.unlimited,
        network: NetworkPath = .unknown, externalPower: Bool? = nil, localTime: LocalTime? = nil
    ) {
        self.now = now
        self.appState = appState
        self.backgroundTimeRemaining = backgroundTimeRemaining
        self.network = network
        self.externalPower = externalPower
        self.localTime = localTime
    }

    /// Whether the app runs in the background (not on screen).
    public var isInBackground: Bool { appState == .background }
}

/// The network path the app sees.
public enum NetworkPath: String, Sendable, Hashable, Codable, CaseIterable {
    /// The platform does not say; treat as possibly reachable.
    case unknown
    /// No path: requests fail with `notConnectedToInternet`.
    case none
    /// Wi-Fi (unmetered).
    case wifi
    /// Cellular (metered).
    case cellular

    /// Whether a request may get through.
    public var mayBeReachable: Bool { self != .none }
}
