import Foundation
import Wakeful

/// One transfer in the background URL-session daemon, or one request of the app's own process.
struct NetworkFlow {
    enum Kind {
        /// A background-session task: it lives in the daemon (URLS-1).
        case transfer(TransferRequest)
        /// An ordinary request of process `process`: it moves only while that process executes (URLS-8).
        case request(RequestDescription, process: Int)
    }

    enum Phase: Equatable {
        /// Not moving bytes: resume delay, no network, server down, waiting for Wi-Fi.
        case waiting
        /// Moving bytes at ``NetworkFlow/rate``.
        case transferring
        /// Every byte sent; the server's answer arrives at this time.
        case responding(at: TimeInterval)
    }

    var serial: Int
    var kind: Kind
    var remaining: Double
    /// A transfer created in the background waits out the resume delay (URLS-3).
    var startAfter: TimeInterval
    /// The wait comes from creation in the foreground, which the user opening the app does not end
    /// (URLS-3, contested; see ``URLSessionRules/foregroundStartDelay``).
    var heldInForeground = false
    var phase = Phase.waiting
    var rate = 0.0
    /// The server's answer to a plain flow (not an ingest upload), drawn when its last byte left.
    var answer: (statusCode: Int?, error: String?)?

    /// The background session, for a transfer.
    var session: String? {
        if case .transfer(let request) = kind { return request.session }
        return nil
    }

    /// The attempt ID of an upload flow, if the flow carries one of `uploads`.
    func uploadID(in uploads: OutboxUploads) -> String? {
        switch kind {
        case .request(let request, _): uploads.carries(request.id) ? request.id : nil
        case .transfer(let request):
            request.session == UploadRequest.sessionIdentifier && uploads.carries(request.taskDescription)
                ? request.taskDescription : nil
        }
    }
}
