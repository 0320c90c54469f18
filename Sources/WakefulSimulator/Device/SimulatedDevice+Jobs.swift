import Foundation
import Wakeful

extension SimulatedDevice {
    /// Starts a job run (jobs slice: in progress).
    mutating func runJob(_ run: JobRun) {
        decide("commandRefused", rules: [], [Field("command", "runJob"), Field("why", "jobs are not modelled yet")])
    }

    /// Stops a job run (jobs slice: in progress).
    mutating func cancelJob(_ job: String, run: Int) {
        decide("commandRefused", rules: [], [Field("command", "cancelJob"), Field("why", "jobs are not modelled yet")])
    }
}
