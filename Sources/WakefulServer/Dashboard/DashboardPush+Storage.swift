import Foundation

extension DashboardPush {
    /// The pushes lane's source when the server sends pushes: every stored APNs attempt in the
    /// window, so the lane shows what the server sent next to the wakes the device reported.
    static func source(reading storage: any PushStorage) -> DashboardPushSource {
        { deviceID, start, end in
            try await storage.attempts(deviceID: deviceID, from: start, to: end).map {
                DashboardPush(time: $0.attemptedAt, status: $0.status, reason: $0.reason, apnsID: $0.apnsID, latency: $0.latency)
            }
        }
    }
}
