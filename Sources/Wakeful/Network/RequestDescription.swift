import Foundation

/// An ordinary request on an in-process `URLSession` (a data task).
///
/// It runs inside the app's process, so it progresses only while the app executes (URLS-8): send
/// it under a background task. The answer comes back as ``Event/requestCompleted(id:statusCode:error:)``.
///
/// ```swift
/// // commands: [.beginBackgroundTask(id), .sendRequest(RequestDescription(id: "heartbeat-3", bytes: 200))]
/// ```
public struct RequestDescription: Sendable, Hashable, Codable {
    /// Identifies the request in its completion.
    public var id: String
    /// Bytes sent and received together.
    public var bytes: Int

    /// Creates a request description.
    public init(id: String, bytes: Int) {
        self.id = id
        self.bytes = bytes
    }
}
