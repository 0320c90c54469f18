import Foundation

/// Why ``Agent/requestBody(for:)`` has no body for a request.
public struct UploadBodyError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The request's batch.
    public var batch: UUID
    /// What was wrong.
    public var message: String

    /// Creates an error.
    public init(batch: UUID, message: String) {
        self.batch = batch
        self.message = message
    }

    /// `batch <id>: message`.
    public var description: String { "batch \(batch.uuidString): \(message)" }
}
