import Foundation

extension DashboardPush {
    /// The pushes lane's source: every stored APNs attempt in the window when the server keeps
    /// wakes, so the lane shows what the server sent next to the wakes the device reported; none
    /// otherwise (the lane then shows only the pushes the app reported).
    static func source(reading storage: (any PushStorage)?) -> DashboardPushSource {
        guard let storage else { return { @Sendable _, _, _ in [] } }
        return { @Sendable deviceID, start, end in
            try await storage.attempts(deviceID: deviceID, from: start, to: end).map {
                DashboardPush(
                    time: $0.attemptedAt, status: $0.status, reason: $0.reason, apnsID: $0.apnsID, latency: $0.latency)
            }
        }
    }
}
