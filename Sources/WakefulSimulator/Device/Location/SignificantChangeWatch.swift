import Foundation
import Wakeful

/// The significant-change service's memory (LOC-10): where and when it last reported.
struct SignificantChangeWatch {
    var anchor: LocalPoint
    var lastEvent: TimeInterval
    /// Distance that triggers the next event (fixed, or drawn per CONF-14).
    var threshold: Double
    /// Deliver the first fix as soon as the app runs, as iOS does after starting the service.
    var initialFixPending: Bool
}
