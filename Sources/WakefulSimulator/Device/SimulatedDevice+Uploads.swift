import Foundation
import Wakeful

extension SimulatedDevice {
    /// Sends an outbox batch (uploads slice: in progress).
    mutating func startUpload(_ request: UploadRequest) {
        decide("commandRefused", rules: [], [Field("command", "upload"), Field("why", "uploads are not modelled yet")])
    }
}
