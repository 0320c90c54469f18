import Foundation

/// Where a simulated app's uploads go instead of the simulated ``IngestEndpoint``: a real server,
/// for `wakeful-server fleet`.
///
/// The device calls it when the last byte of an upload leaves the phone and waits for the answer,
/// which then reaches the app after the scenario's server latency in simulated time. It runs on the
/// device's thread and may block it (a real HTTP request); the simulated clock does not move meanwhile.
public protocol IngestTransport: AnyObject {
    /// Sends one request body and returns how the request ended.
    ///
    /// - Parameters:
    ///   - body: The request body, an encoded `IngestBatch`.
    ///   - installID: The install that sent it.
    ///   - time: The simulated time of the request.
    func send(_ body: Data, installID: UUID, at time: TimeInterval) -> IngestReply
}
