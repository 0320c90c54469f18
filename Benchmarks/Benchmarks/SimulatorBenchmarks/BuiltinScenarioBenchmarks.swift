import Benchmark
import BenchmarkSupport
import Wakeful
import WakefulSimulator

/// One benchmark per built-in scenario: every run of it (its strategies × its iOS versions, seed 1,
/// no timeline) one after another on one core, as `wakeful compare --seeds` runs each of them.
///
/// Forever ranging spends its steps on one cheap path (a ranging callback to a running app); the
/// built-ins go through launches, the agent and its outbox, uploads, scheduled tasks and
/// accessories, so a slow path there shows here. The target is 2 M events per CPU second each.
/// The malloc counts run from about 1,000 to 270,000: 4 % leaves the smallest the 50 calls the
/// benchmark tool's own thread may add.
func builtinScenarioBenchmarks() {
    let target = 2_000_000.0
    for name in BuiltinScenarios.names {
        Benchmark(
            "Built-in \(name), every run on one core",
            configuration: .wakeful(
                figures: SimulatorFigures.scenario.figures, iterations: 5, warmUp: 1, mallocTolerance: .percent(4))
        ) { benchmark, comparison in
            var events = 0
            let time = Timing.Sample.measure {
                for job in comparison.jobs {
                    events +=
                        Simulator.run(job.scenario, ios: job.ios, setup: job.setup, seed: comparison.seed)
                        .simulatedEvents
                }
            }
            var run = SimulatorRun(events: events, time: time)
            run.runs = comparison.jobs.count
            SimulatorFigures.scenario.record(run, in: benchmark)
            Target("\(name) on one core", atLeast: target, "events/CPU s").report(Double(events) / time.cpu)
        } setup: {
            Comparison(scenarios: [try BuiltinScenarios.load(name)], seed: 1)
        }
    }
}
