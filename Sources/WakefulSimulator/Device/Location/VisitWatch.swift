import Foundation
import Wakeful

/// The visits service's memory (LOC-16): where the user has been staying and whether an arrival
/// has been reported for it.
struct VisitWatch {
    /// Where the current stay began.
    var place: LocalPoint
    /// Since when the user has been within the visit radius of `place`.
    var since: TimeInterval
    /// Whether the arrival was reported; the departure is reported after leaving.
    var arrived: Bool
    /// A departure from the last place, waiting for its latency (LOC-16).
    var departure: (visit: Visit, due: TimeInterval)?
}
