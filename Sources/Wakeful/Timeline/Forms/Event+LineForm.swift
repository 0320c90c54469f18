import Foundation

extension Event: TimelineVariant {
    /// The line form of every event, described once for ``TimelineJSONEncoder`` and
    /// ``TimelineDecoder``: the name, then the members in line order.
    func visitMembers<Coder: TimelineLineCoder>(_ coder: inout Coder) throws(Coder.Failure) -> Self {
        switch self {
        case .didFinishLaunching(let reason):
            try coder.caseName(CaseName.didFinishLaunching)
            return .didFinishLaunching(try coder.enumeration("reason", reason))
        case .willEnterForeground:
            try coder.caseName(CaseName.willEnterForeground)
            return self
        case .didBecomeActive:
            try coder.caseName(CaseName.didBecomeActive)
            return self
        case .willResignActive:
            try coder.caseName(CaseName.willResignActive)
            return self
        case .didEnterBackground:
            try coder.caseName(CaseName.didEnterBackground)
            return self
        case .willTerminate:
            try coder.caseName(CaseName.willTerminate)
            return self
        case .memoryWarning:
            try coder.caseName(CaseName.memoryWarning)
            return self
        case .backgroundTaskExpiring(let id):
            try coder.caseName(CaseName.backgroundTaskExpiring)
            return .backgroundTaskExpiring(try coder.taskID("task", id))
        case .backgroundTaskDenied(let id):
            try coder.caseName(CaseName.backgroundTaskDenied)
            return .backgroundTaskDenied(try coder.taskID("task", id))
        case .locationsUpdated(let fixes):
            try coder.caseName(CaseName.locationsUpdated)
            return .locationsUpdated(try coder.objects("locations", fixes))
        case .significantLocationChange(let fix):
            try coder.caseName(CaseName.significantLocationChange)
            return .significantLocationChange(try coder.members(fix))
        case .visit(let visit):
            try coder.caseName(CaseName.visit)
            return .visit(try coder.members(visit))
        case .locationUpdatesPaused:
            try coder.caseName(CaseName.locationUpdatesPaused)
            return self
        case .locationUpdatesResumed:
            try coder.caseName(CaseName.locationUpdatesResumed)
            return self
        case .authorizationChanged(let authorization):
            try coder.caseName(CaseName.authorizationChanged)
            return .authorizationChanged(try coder.enumeration("authorization", authorization))
        case .regionEntered(let region):
            try coder.caseName(CaseName.regionEntered)
            return .regionEntered(RegionID(rawValue: try coder.string("region", region.rawValue)))
        case .regionExited(let region):
            try coder.caseName(CaseName.regionExited)
            return .regionExited(RegionID(rawValue: try coder.string("region", region.rawValue)))
        case .regionStateDetermined(let region, let state):
            try coder.caseName(CaseName.regionStateDetermined)
            return .regionStateDetermined(
                RegionID(rawValue: try coder.string("region", region.rawValue)),
                try coder.enumeration("state", state)
            )
        case .regionMonitoringFailed(let region, let failure):
            try coder.caseName(CaseName.regionMonitoringFailed)
            return .regionMonitoringFailed(
                RegionID(rawValue: try coder.string("region", region.rawValue)),
                try coder.enumeration("failure", failure)
            )
        case .beaconsRanged(let constraint, let beacons):
            try coder.caseName(CaseName.beaconsRanged)
            return .beaconsRanged(try coder.constraint("constraint", constraint), try coder.objects("beacons", beacons))
        case .timerFired(let timer):
            try coder.caseName(CaseName.timerFired)
            return .timerFired(TimerID(rawValue: try coder.string("timer", timer.rawValue)))
        case .remoteNotification(let notification):
            try coder.caseName(CaseName.remoteNotification)
            return .remoteNotification(try coder.members(notification))
        case .scheduledTaskLaunched(let launch):
            try coder.caseName(CaseName.scheduledTaskLaunched)
            return .scheduledTaskLaunched(try coder.members(launch))
        case .scheduledTaskExpiring(let identifier):
            try coder.caseName(CaseName.scheduledTaskExpiring)
            return .scheduledTaskExpiring(identifier: try coder.string("identifier", identifier))
        case .urlSessionEvents(let session):
            try coder.caseName(CaseName.urlSessionEvents)
            return .urlSessionEvents(sessionIdentifier: try coder.string("session", session))
        case .urlSessionTaskCompleted(let result):
            try coder.caseName(CaseName.urlSessionTaskCompleted)
            return .urlSessionTaskCompleted(try coder.members(result))
        case .bluetooth(let bluetooth):
            try coder.caseName(CaseName.bluetooth)
            return .bluetooth(try coder.variant("bluetooth", bluetooth))
        case .lowPowerModeChanged(let enabled):
            try coder.caseName(CaseName.lowPowerModeChanged)
            return .lowPowerModeChanged(try coder.bool("enabled", enabled))
        case .backgroundRefreshStatusChanged(let status):
            try coder.caseName(CaseName.backgroundRefreshStatusChanged)
            return .backgroundRefreshStatusChanged(try coder.enumeration("status", status))
        case .protectedDataWillBecomeUnavailable:
            try coder.caseName(CaseName.protectedDataWillBecomeUnavailable)
            return self
        case .protectedDataDidBecomeAvailable:
            try coder.caseName(CaseName.protectedDataDidBecomeAvailable)
            return self
        case .voipPush(let notification):
            try coder.caseName(CaseName.voipPush)
            return .voipPush(try coder.members(notification))
        case .keepAliveFired:
            try coder.caseName(CaseName.keepAliveFired)
            return self
        case .scheduledTaskSubmitFailed(let identifier, let error):
            try coder.caseName(CaseName.scheduledTaskSubmitFailed)
            return .scheduledTaskSubmitFailed(
                identifier: try coder.string("identifier", identifier),
                error: try coder.enumeration("error", error)
            )
        case .requestCompleted(let id, let statusCode, let error):
            try coder.caseName(CaseName.requestCompleted)
            return .requestCompleted(
                id: try coder.string("id", id),
                statusCode: try coder.optionalInt("statusCode", statusCode),
                error: try coder.optionalString("error", error)
            )
        case .jobFinished(let result):
            try coder.caseName(CaseName.jobFinished)
            return .jobFinished(try coder.members(result))
        case .uploadCompleted(let outcome):
            try coder.caseName(CaseName.uploadCompleted)
            return .uploadCompleted(try coder.members(outcome))
        case .accuracyAuthorizationChanged(let accuracy):
            try coder.caseName(CaseName.accuracyAuthorizationChanged)
            return .accuracyAuthorizationChanged(try coder.enumeration("accuracy", accuracy))
        case .activityUpdated(let activity):
            try coder.caseName(CaseName.activityUpdated)
            return .activityUpdated(try coder.members(activity))
        case .activityHistory(let history):
            try coder.caseName(CaseName.activityHistory)
            return .activityHistory(try coder.members(history))
        case .motionAuthorizationChanged(let status):
            try coder.caseName(CaseName.motionAuthorizationChanged)
            return .motionAuthorizationChanged(try coder.enumeration("status", status))
        // Live updates and location sessions (LOC-8, LOC-9)
        case .liveLocationUpdate(let update):
            try coder.caseName(CaseName.liveLocationUpdate)
            return .liveLocationUpdate(try coder.members(update))
        case .backgroundActivitySessionDiagnostic(let diagnostics):
            try coder.caseName(CaseName.backgroundActivitySessionDiagnostic)
            return .backgroundActivitySessionDiagnostic(try coder.diagnostics(diagnostics))
        case .serviceSessionDiagnostic(let diagnostics):
            try coder.caseName(CaseName.serviceSessionDiagnostic)
            return .serviceSessionDiagnostic(try coder.diagnostics(diagnostics))
        case .monitorEvent(let event):
            try coder.caseName(CaseName.monitorEvent)
            return .monitorEvent(try coder.members(event))
        case .monitorOpened(let name, let conditions):
            try coder.caseName(CaseName.monitorOpened)
            return .monitorOpened(
                name: try coder.string("monitor", name),
                conditions: try coder.strings("conditions", conditions.map(\.rawValue)).map(RegionID.init(rawValue:)))
        case .monitorOpenFailed(let name, let reason):
            try coder.caseName(CaseName.monitorOpenFailed)
            return .monitorOpenFailed(
                name: try coder.string("monitor", name), reason: try coder.enumeration("why", reason))
        case .locationRequestFailed(let failure):
            try coder.caseName(CaseName.locationRequestFailed)
            return .locationRequestFailed(try coder.enumeration("error", failure))
        case .healthObserverUpdate(let update):
            try coder.caseName(CaseName.healthObserverUpdate)
            return .healthObserverUpdate(try coder.members(update))
        case .healthSamplesQueried(let result):
            try coder.caseName(CaseName.healthSamplesQueried)
            return .healthSamplesQueried(try coder.members(result))
        // Live Activities (LIVE)
        case .liveActivityStarted(let start):
            try coder.caseName(CaseName.liveActivityStarted)
            return .liveActivityStarted(try coder.members(start))
        case .liveActivityRequestFailed(let id, let error):
            try coder.caseName(CaseName.liveActivityRequestFailed)
            return .liveActivityRequestFailed(
                id: try coder.string("activity", id), error: try coder.enumeration("error", error))
        case .liveActivityPushToken(let activity, let token):
            try coder.caseName(CaseName.liveActivityPushToken)
            return .liveActivityPushToken(
                activity: try coder.string("activity", activity), token: try coder.string("token", token))
        case .liveActivityPushToStartToken(let token):
            try coder.caseName(CaseName.liveActivityPushToStartToken)
            return .liveActivityPushToStartToken(try coder.string("token", token))
        case .liveActivityStateChanged(let activity, let state):
            try coder.caseName(CaseName.liveActivityStateChanged)
            return .liveActivityStateChanged(
                activity: try coder.string("activity", activity), state: try coder.enumeration("state", state))
        }
    }
}
