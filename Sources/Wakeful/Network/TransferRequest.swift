import Foundation

/// Which way a background transfer moves bytes.
public enum TransferDirection: String, Sendable, Hashable, Codable, CaseIterable {
    /// `uploadTask(with:fromFile:)`.
    case upload
    /// `downloadTask(with:)`.
    case download
}

/// A transfer on a background `URLSession` (URLS-1): upload and download tasks only, no data tasks.
///
/// The system's daemon carries it out while the app is suspended or terminated; the outcome comes
/// back as ``Event/urlSessionTaskCompleted(_:)``, after ``Event/urlSessionEvents(sessionIdentifier:)``
/// when the app had to be woken or relaunched for it.
///
/// ```swift
/// let upload = TransferRequest(session: "upload", taskDescription: "batch 7", direction: .upload, bytes: 50_000)
/// // commands: [.startTransfer(upload)]
/// ```
public struct TransferRequest: Sendable, Hashable, Codable {
    /// The background session's identifier (`URLSessionConfiguration.background(withIdentifier:)`).
    public var session: String
    /// The app's description of the task (`taskDescription`), echoed in the result.
    public var taskDescription: String
    /// Upload or download.
    public var direction: TransferDirection
    /// How many bytes to move.
    public var bytes: Int
    /// `isDiscretionary`: the system waits for Wi-Fi and power (URLS-2).
    public var discretionary: Bool

    /// Creates a transfer request.
    public init(
        session: String, taskDescription: String, direction: TransferDirection, bytes: Int, discretionary: Bool = false
    ) {
        self.session = session
        self.taskDescription = taskDescription
        self.direction = direction
        self.bytes = bytes
        self.discretionary = discretionary
    }
}
