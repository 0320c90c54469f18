import Foundation

/// A silent push as the app receives it (`didReceiveRemoteNotification:fetchCompletionHandler:`).
///
/// The handler has 30 s to call its completion (PUSH-6); the app answers with
/// ``Command/completeRemoteNotification(id:result:)``.
public struct RemoteNotification: Sendable, Hashable, Codable {
    /// Identifies this delivery so the app can complete it.
    public var id: String
    /// Application-defined keys outside `aps`, as strings.
    public var userInfo: [Field]

    /// Creates a notification.
    public init(id: String, userInfo: [Field] = []) {
        self.id = id
        self.userInfo = userInfo
    }
}

/// What the app tells the system after handling a silent push or a fetch (`UIBackgroundFetchResult`).
public enum BackgroundFetchResult: String, Sendable, Hashable, Codable, CaseIterable {
    case newData, noData, failed
}

/// Which kind of scheduled background work launched the app.
public enum ScheduledTaskKind: String, Sendable, Hashable, Codable, CaseIterable {
    /// Legacy background fetch (BGT-1 to BGT-3).
    case backgroundFetch
    /// `BGAppRefreshTask` (BGT-4).
    case appRefresh
    /// `BGProcessingTask` (BGT-5).
    case processing
    /// `BGContinuedProcessingTask`, iOS 26 (BGT-13).
    case continuedProcessing
}

/// A scheduled task the system started (`BGTaskScheduler` launch handler, or a fetch).
public struct ScheduledTaskLaunch: Sendable, Hashable, Codable {
    /// The registered identifier (`BGTaskSchedulerPermittedIdentifiers`), or "fetch".
    public var identifier: String
    /// Which kind of task.
    public var kind: ScheduledTaskKind

    /// Creates a launch description.
    public init(identifier: String, kind: ScheduledTaskKind) {
        self.identifier = identifier
        self.kind = kind
    }
}

/// The outcome of one background URL-session task (URLS-1).
public struct URLSessionTaskResult: Sendable, Hashable, Codable {
    /// The background session's identifier.
    public var sessionIdentifier: String
    /// The app's description of the task (`taskDescription`).
    public var taskDescription: String
    /// The HTTP status, or nil when the transfer failed.
    public var statusCode: Int?
    /// Why it failed, e.g. `cancelledUserForceQuitApplication` (URLS-5).
    public var error: String?

    /// Creates a result.
    public init(sessionIdentifier: String, taskDescription: String, statusCode: Int?, error: String? = nil) {
        self.sessionIdentifier = sessionIdentifier
        self.taskDescription = taskDescription
        self.statusCode = statusCode
        self.error = error
    }
}

/// A Core Bluetooth delegate event that reaches the app (BLE-1).
public enum BluetoothEvent: Sendable, Hashable, Codable {
    /// `centralManager(_:willRestoreState:)` after a relaunch (BLE-4).
    case willRestoreState(peripherals: [String])
    /// A peripheral was discovered while scanning.
    case discovered(peripheral: String, rssi: Int)
    /// A pending or new connection completed.
    case connected(peripheral: String)
    /// A connection ended.
    case disconnected(peripheral: String, error: String?)
    /// A subscribed characteristic changed value.
    case valueUpdated(peripheral: String, characteristic: String, bytes: Int)
    // Accessories
    /// `peripheralManager(_:didReceiveWrite:)`: a central connected to the app's advertised
    /// service wrote `bytes` to one of its characteristics (BLE-1).
    case centralWrote(central: String, characteristic: String, bytes: Int)
}

/// `UIApplication.backgroundRefreshStatus`.
public enum BackgroundRefreshStatus: String, Sendable, Hashable, Codable, CaseIterable {
    case available, denied, restricted
}
