import Foundation

/// One background push the server sent or refused for a device, as the pushes lane shows it.
///
/// The dashboard does not read push storage itself: whoever builds the router passes a
/// ``DashboardPushSource``, normally ``source(reading:)`` over the server's `PushStorage`.
struct DashboardPush: Sendable, Hashable {
    /// When the attempt was made (or refused), seconds since 1970.
    var time: TimeInterval
    /// APNs's HTTP status, or nil when nothing was sent (refused by the rate limit, no token) or no answer came.
    var status: Int?
    /// APNs's `reason`, or why the server refused to send.
    var reason: String?
    /// The `apns-id` of the attempt.
    var apnsID: String?
    /// How long APNs took to answer.
    var latency: TimeInterval?

    /// Whether APNs accepted the push.
    var isAccepted: Bool { status == 200 }
}

/// Reads the push attempts of a device between two times (seconds since 1970).
typealias DashboardPushSource =
    @Sendable (_ deviceID: UUID, _ start: TimeInterval, _ end: TimeInterval) async throws -> [DashboardPush]
