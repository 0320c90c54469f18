import Foundation

/// A bad day for the user's phone, applied to any scenario: what users of background libraries
/// report as "it just stopped" (`reference/what-users-expect.md`, §5).
public enum BadDay: String, Sendable, Hashable, CaseIterable, Codable {
    /// The user swipes the app away 30 s after first leaving it (TERM-1, CONF-5).
    case forceQuit
    /// Low Power Mode all day (BGT-12, PUSH-9).
    case lowPowerMode
    /// Background App Refresh switched off (LOC-22, BGT-9, CONF-9).
    case backgroundAppRefreshOff
    /// No network all day: transfers wait, requests fail (URLS-1, URLS-8).
    case noNetwork
}

extension Scenario {
    /// This scenario on a bad day: same world and app, the phone's day made worse.
    public func on(_ badDay: BadDay) -> Scenario {
        var scenario = self
        scenario.name = "\(name) (\(badDay.rawValue))"
        switch badDay {
        case .forceQuit:
            let leftAt = actions.first { $0.kind == .home || $0.kind == .lock }?.at ?? 0
            scenario.actions.append(UserAction(at: min(leftAt + 30, duration), .forceQuit))
            scenario.actions.sort { $0.at < $1.at }
        case .lowPowerMode:
            scenario.device.lowPowerMode = true
            scenario.source?.setDevice("lowPowerMode", true)
        case .backgroundAppRefreshOff:
            scenario.device.backgroundAppRefresh = false
            scenario.source?.setDevice("backgroundAppRefresh", false)
        case .noNetwork:
            scenario.world.network = NetworkTimeline([NetworkSegment(at: 0, kind: .none, bandwidth: 0)])
        }
        return scenario
    }
}
