import Foundation

extension Event {
    /// The case name, as timelines spell it (`"regionExited"`).
    public var name: String { caseName.rawValue }

    /// The names of the cases, in declaration order: the one list that ``TimelineDecoder`` accepts.
    enum CaseName: String, TimelineCaseName {
        case didFinishLaunching, willEnterForeground, didBecomeActive, willResignActive, didEnterBackground
        case willTerminate, memoryWarning, backgroundTaskExpiring, backgroundTaskDenied, locationsUpdated
        case significantLocationChange, visit, locationUpdatesPaused, locationUpdatesResumed, authorizationChanged
        case regionEntered, regionExited, regionStateDetermined, regionMonitoringFailed, beaconsRanged, timerFired
        case remoteNotification, scheduledTaskLaunched, scheduledTaskExpiring, urlSessionEvents
        case urlSessionTaskCompleted, bluetooth, lowPowerModeChanged, backgroundRefreshStatusChanged
        case protectedDataWillBecomeUnavailable, protectedDataDidBecomeAvailable, voipPush
        case keepAliveFired, scheduledTaskSubmitFailed, requestCompleted, jobFinished, uploadCompleted
        case accuracyAuthorizationChanged
        case activityUpdated, activityHistory, motionAuthorizationChanged
        // Live updates and location sessions (LOC-8, LOC-9)
        case liveLocationUpdate, backgroundActivitySessionDiagnostic, serviceSessionDiagnostic
        case monitorEvent, monitorOpened, monitorOpenFailed
        case locationRequestFailed
        case healthObserverUpdate, healthSamplesQueried
        // Live Activities (LIVE)
        case liveActivityStarted, liveActivityRequestFailed, liveActivityPushToken, liveActivityPushToStartToken
        case liveActivityStateChanged

        static let expectedForm = "an event name, one of \(names.joined(separator: ", "))"
    }

    /// An event of the named case for the decoder to fill.
    static func placeholder(_ name: CaseName) -> Event {
        switch name {
        case .didFinishLaunching: .didFinishLaunching(.user)
        case .willEnterForeground: .willEnterForeground
        case .didBecomeActive: .didBecomeActive
        case .willResignActive: .willResignActive
        case .didEnterBackground: .didEnterBackground
        case .willTerminate: .willTerminate
        case .memoryWarning: .memoryWarning
        case .backgroundTaskExpiring: .backgroundTaskExpiring(.placeholder)
        case .backgroundTaskDenied: .backgroundTaskDenied(.placeholder)
        case .locationsUpdated: .locationsUpdated([])
        case .significantLocationChange: .significantLocationChange(.placeholder)
        case .visit: .visit(.placeholder)
        case .locationUpdatesPaused: .locationUpdatesPaused
        case .locationUpdatesResumed: .locationUpdatesResumed
        case .authorizationChanged: .authorizationChanged(.notDetermined)
        case .regionEntered: .regionEntered("")
        case .regionExited: .regionExited("")
        case .regionStateDetermined: .regionStateDetermined("", .unknown)
        case .regionMonitoringFailed: .regionMonitoringFailed("", .tooManyRegions)
        case .beaconsRanged: .beaconsRanged(.placeholder, [])
        case .timerFired: .timerFired("")
        case .remoteNotification: .remoteNotification(.placeholder)
        case .scheduledTaskLaunched: .scheduledTaskLaunched(.placeholder)
        case .scheduledTaskExpiring: .scheduledTaskExpiring(identifier: "")
        case .urlSessionEvents: .urlSessionEvents(sessionIdentifier: "")
        case .urlSessionTaskCompleted: .urlSessionTaskCompleted(.placeholder)
        case .bluetooth: .bluetooth(.placeholder(.connected))
        case .lowPowerModeChanged: .lowPowerModeChanged(false)
        case .backgroundRefreshStatusChanged: .backgroundRefreshStatusChanged(.available)
        case .protectedDataWillBecomeUnavailable: .protectedDataWillBecomeUnavailable
        case .protectedDataDidBecomeAvailable: .protectedDataDidBecomeAvailable
        case .voipPush: .voipPush(.placeholder)
        case .keepAliveFired: .keepAliveFired
        case .scheduledTaskSubmitFailed: .scheduledTaskSubmitFailed(identifier: "", error: .unavailable)
        case .requestCompleted: .requestCompleted(id: "", statusCode: nil, error: nil)
        case .jobFinished: .jobFinished(.placeholder)
        case .uploadCompleted: .uploadCompleted(.placeholder)
        case .accuracyAuthorizationChanged: .accuracyAuthorizationChanged(.full)
        case .activityUpdated: .activityUpdated(.placeholder)
        case .activityHistory: .activityHistory(.placeholder)
        case .motionAuthorizationChanged: .motionAuthorizationChanged(.notDetermined)
        // Live updates and location sessions (LOC-8, LOC-9)
        case .liveLocationUpdate: .liveLocationUpdate(.placeholder)
        case .backgroundActivitySessionDiagnostic: .backgroundActivitySessionDiagnostic([])
        case .serviceSessionDiagnostic: .serviceSessionDiagnostic([])
        case .monitorEvent: .monitorEvent(.placeholder)
        case .monitorOpened: .monitorOpened(name: "", conditions: [])
        case .monitorOpenFailed: .monitorOpenFailed(name: "", reason: .unavailable)
        case .locationRequestFailed: .locationRequestFailed(.other)
        case .healthObserverUpdate: .healthObserverUpdate(.placeholder)
        case .healthSamplesQueried: .healthSamplesQueried(.placeholder)
        // Live Activities (LIVE)
        case .liveActivityStarted: .liveActivityStarted(.placeholder)
        case .liveActivityRequestFailed: .liveActivityRequestFailed(id: "", error: .unsupported)
        case .liveActivityPushToken: .liveActivityPushToken(activity: "", token: "")
        case .liveActivityPushToStartToken: .liveActivityPushToStartToken("")
        case .liveActivityStateChanged: .liveActivityStateChanged(activity: "", state: .active)
        }
    }
}
