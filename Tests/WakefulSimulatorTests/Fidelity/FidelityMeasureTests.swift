import Foundation
import Testing
import Wakeful
import WakefulTestSupport

@testable import WakefulSimulator

@Suite("Fidelity measures: each form read from a run", .watchdog, .cpuBound)
struct FidelityMeasureTests {
    /// The user opens the app three times and walks 1 km east from 600 s at 2 m/s.
    private let scenarioJSON = #"""
        {"name": "m", "duration": 3600,
         "world": {"movement": {"start": {"east": 0, "north": 0}, "startTime": 600,
                                "legs": [{"to": {"east": 1000, "north": 0}, "speed": 2}]}},
         "user": [{"at": 0, "action": "open"}, {"at": 60, "action": "home"}, {"at": 900, "action": "open"},
                  {"at": 960, "action": "home"}, {"at": 2100, "action": "open"}, {"at": 2200, "action": "home"}]}
        """#

    private func value(_ measure: String) throws -> Double? {
        let observation = try FieldObservation.decode(
            Data(
                observationJSON([
                    "scenario": #""scenario": "# + scenarioJSON, "measure": #""measure": "# + measure,
                    "extra": #""strategy": "none""#,
                ]).utf8), file: "m.json", directory: nil)
        return observation.value(seed: 1)
    }

    @Test("count: matches in a window, per a unit of time")
    func count() throws {
        #expect(try value(#"{"count": {"of": {"kind": "user", "action": "open"}}}"#) == 3)
        #expect(try value(#"{"count": {"of": {"kind": "user", "action": "open"}, "from": 100, "to": 1900}}"#) == 1)
        #expect(try value(#"{"count": {"of": {"kind": "user", "action": "open"}, "per": 1800}}"#) == 1.5)
        #expect(try value(#"{"count": {"of": {"kind": "user", "action": "lock"}}}"#) == 0)
    }

    @Test("first: from a time or an entry to the first match, none when it never comes")
    func first() throws {
        #expect(try value(#"{"first": {"of": {"kind": "user", "action": "open"}, "after": 100}}"#) == 800)
        #expect(
            try value(
                #"{"first": {"of": {"kind": "user", "action": "home"}, "after": {"kind": "user", "action": "open"}}}"#)
                == 60)
        #expect(try value(#"{"first": {"of": {"kind": "user", "action": "lock"}}}"#) == nil)
    }

    @Test("interval and span: between matches, and from each match to the next of another")
    func intervalAndSpan() throws {
        let opens = #"{"kind": "user", "action": "open"}"#
        #expect(try value(#"{"interval": {"of": \#(opens), "statistic": "max"}}"#) == 1200)
        #expect(try value(#"{"interval": {"of": \#(opens), "statistic": "first"}}"#) == 900)
        #expect(try value(#"{"interval": {"of": \#(opens), "from": 1000}}"#) == nil)
        let span = #"{"span": {"from": \#(opens), "to": {"kind": "user", "action": "home"}, "statistic": "#
        #expect(try value(span + #""total"}}"#) == 220)
        #expect(try value(span + #""max", "window": {"from": 1000}}}"#) == 100)
    }

    @Test("distance: straight from a point, or travelled along the path since the user left it")
    func distance() throws {
        let at = #"{"kind": "user", "action": "open", "t": 900}"#
        #expect(try value(#"{"distance": {"at": \#(at), "from": {"east": 0, "north": 0}}}"#) == 600)
        let diagonal = try #require(try value(#"{"distance": {"at": \#(at), "from": {"east": 0, "north": 300}}}"#))
        #expect(abs(diagonal - (600.0 * 600 + 300 * 300).squareRoot()) < 1e-9)
        #expect(try value(#"{"distance": {"at": \#(at), "from": {"east": 0, "north": 0}, "along": true}}"#) == 600)
    }

    @Test("field and metric: numbers in lines and in the run's metrics")
    func fieldAndMetric() throws {
        #expect(
            try value(#"{"field": {"of": {"kind": "user", "action": "open"}, "key": "t", "statistic": "max"}}"#) == 2100
        )
        #expect(try value(#"{"metric": "relaunches"}"#) == 0)
        #expect(try value(#"{"metric": "wakes.noSuchWake"}"#) == 0)
        #expect(try value(#"{"metric": "durationSeconds"}"#) == 3600)
        #expect(try value(#"{"metric": "no.such.path"}"#) == nil)
    }
}
