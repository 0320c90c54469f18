import Foundation

extension Event: TimelineVariant {
    /// The line form of every event, described once for ``TimelineJSONEncoder`` and
    /// ``TimelineDecoder``: the name, then the members in line order.
    mutating func visitMembers<Coder: TimelineLineCoder>(_ coder: inout Coder) throws(Coder.Failure) {
        switch self {
        case .didFinishLaunching(var reason):
            try coder.caseName(CaseName.didFinishLaunching)
            try coder.enumeration("reason", &reason)
            if Coder.reads { self = .didFinishLaunching(reason) }
        case .willEnterForeground:
            try coder.caseName(CaseName.willEnterForeground)
        case .didBecomeActive:
            try coder.caseName(CaseName.didBecomeActive)
        case .willResignActive:
            try coder.caseName(CaseName.willResignActive)
        case .didEnterBackground:
            try coder.caseName(CaseName.didEnterBackground)
        case .willTerminate:
            try coder.caseName(CaseName.willTerminate)
        case .memoryWarning:
            try coder.caseName(CaseName.memoryWarning)
        case .backgroundTaskExpiring(var id):
            try coder.caseName(CaseName.backgroundTaskExpiring)
            try coder.taskID("task", &id)
            if Coder.reads { self = .backgroundTaskExpiring(id) }
        case .backgroundTaskDenied(var id):
            try coder.caseName(CaseName.backgroundTaskDenied)
            try coder.taskID("task", &id)
            if Coder.reads { self = .backgroundTaskDenied(id) }
        case .locationsUpdated(var fixes):
            try coder.caseName(CaseName.locationsUpdated)
            try coder.objects("locations", &fixes)
            if Coder.reads { self = .locationsUpdated(fixes) }
        case .significantLocationChange(var fix):
            try coder.caseName(CaseName.significantLocationChange)
            try coder.members(&fix)
            if Coder.reads { self = .significantLocationChange(fix) }
        case .visit(var visit):
            try coder.caseName(CaseName.visit)
            try coder.members(&visit)
            if Coder.reads { self = .visit(visit) }
        case .locationUpdatesPaused:
            try coder.caseName(CaseName.locationUpdatesPaused)
        case .locationUpdatesResumed:
            try coder.caseName(CaseName.locationUpdatesResumed)
        case .authorizationChanged(var authorization):
            try coder.caseName(CaseName.authorizationChanged)
            try coder.enumeration("authorization", &authorization)
            if Coder.reads { self = .authorizationChanged(authorization) }
        case .regionEntered(var region):
            try coder.caseName(CaseName.regionEntered)
            try coder.string("region", &region.rawValue)
            if Coder.reads { self = .regionEntered(region) }
        case .regionExited(var region):
            try coder.caseName(CaseName.regionExited)
            try coder.string("region", &region.rawValue)
            if Coder.reads { self = .regionExited(region) }
        case .regionStateDetermined(var region, var state):
            try coder.caseName(CaseName.regionStateDetermined)
            try coder.string("region", &region.rawValue)
            try coder.enumeration("state", &state)
            if Coder.reads { self = .regionStateDetermined(region, state) }
        case .regionMonitoringFailed(var region, var failure):
            try coder.caseName(CaseName.regionMonitoringFailed)
            try coder.string("region", &region.rawValue)
            try coder.enumeration("failure", &failure)
            if Coder.reads { self = .regionMonitoringFailed(region, failure) }
        case .beaconsRanged(var constraint, var beacons):
            try coder.caseName(CaseName.beaconsRanged)
            try coder.constraint("constraint", &constraint)
            try coder.objects("beacons", &beacons)
            if Coder.reads { self = .beaconsRanged(constraint, beacons) }
        case .timerFired(var timer):
            try coder.caseName(CaseName.timerFired)
            try coder.string("timer", &timer.rawValue)
            if Coder.reads { self = .timerFired(timer) }
        case .remoteNotification(var notification):
            try coder.caseName(CaseName.remoteNotification)
            try coder.members(&notification)
            if Coder.reads { self = .remoteNotification(notification) }
        case .scheduledTaskLaunched(var launch):
            try coder.caseName(CaseName.scheduledTaskLaunched)
            try coder.members(&launch)
            if Coder.reads { self = .scheduledTaskLaunched(launch) }
        case .scheduledTaskExpiring(var identifier):
            try coder.caseName(CaseName.scheduledTaskExpiring)
            try coder.string("identifier", &identifier)
            if Coder.reads { self = .scheduledTaskExpiring(identifier: identifier) }
        case .urlSessionEvents(var session):
            try coder.caseName(CaseName.urlSessionEvents)
            try coder.string("session", &session)
            if Coder.reads { self = .urlSessionEvents(sessionIdentifier: session) }
        case .urlSessionTaskCompleted(var result):
            try coder.caseName(CaseName.urlSessionTaskCompleted)
            try coder.members(&result)
            if Coder.reads { self = .urlSessionTaskCompleted(result) }
        case .bluetooth(var bluetooth):
            try coder.caseName(CaseName.bluetooth)
            try coder.variant("bluetooth", &bluetooth)
            if Coder.reads { self = .bluetooth(bluetooth) }
        case .lowPowerModeChanged(var enabled):
            try coder.caseName(CaseName.lowPowerModeChanged)
            try coder.bool("enabled", &enabled)
            if Coder.reads { self = .lowPowerModeChanged(enabled) }
        case .backgroundRefreshStatusChanged(var status):
            try coder.caseName(CaseName.backgroundRefreshStatusChanged)
            try coder.enumeration("status", &status)
            if Coder.reads { self = .backgroundRefreshStatusChanged(status) }
        case .voipPush(var notification):
            try coder.caseName(CaseName.voipPush)
            try coder.members(&notification)
            if Coder.reads { self = .voipPush(notification) }
        case .keepAliveFired:
            try coder.caseName(CaseName.keepAliveFired)
        case .scheduledTaskSubmitFailed(var identifier, var error):
            try coder.caseName(CaseName.scheduledTaskSubmitFailed)
            try coder.string("identifier", &identifier)
            try coder.enumeration("error", &error)
            if Coder.reads { self = .scheduledTaskSubmitFailed(identifier: identifier, error: error) }
        case .requestCompleted(var id, var statusCode, var error):
            try coder.caseName(CaseName.requestCompleted)
            try coder.string("id", &id)
            try coder.optionalInt("statusCode", &statusCode)
            try coder.optionalString("error", &error)
            if Coder.reads { self = .requestCompleted(id: id, statusCode: statusCode, error: error) }
        case .jobFinished(var result):
            try coder.caseName(CaseName.jobFinished)
            try coder.members(&result)
            if Coder.reads { self = .jobFinished(result) }
        case .uploadCompleted(var outcome):
            try coder.caseName(CaseName.uploadCompleted)
            try coder.members(&outcome)
            if Coder.reads { self = .uploadCompleted(outcome) }
        }
    }
}
