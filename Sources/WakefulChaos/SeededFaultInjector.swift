import Foundation
import Wakeful
import WakefulSimulator
import WakefulStore

/// Crashes a SQLite outbox's transactions at their fault points with a fixed probability, drawn
/// from a seeded generator so a run crashes at the same places every time.
///
/// One run uses it from one thread at a time (the simulated device is single-threaded); the lock
/// only makes that safe to state to the compiler.
final class SeededFaultInjector: OutboxFaultInjector, @unchecked Sendable {
    private let probability: Double
    private let lock = NSLock()
    private var random: SeededGenerator
    private var enabled = true
    /// Crashes injected so far, by point.
    private(set) var crashes: [String: Int] = [:]

    init(probability: Double, random: SeededGenerator) {
        self.probability = probability
        self.random = random
    }

    func check(_ point: OutboxFaultPoint) throws {
        lock.lock()
        defer { lock.unlock() }
        guard enabled, random.bernoulli(probability) else { return }
        crashes[point.description, default: 0] += 1
        throw SimulatedCrash(point: point.description)
    }

    /// Stops injecting (the drain phase).
    func disable() {
        lock.lock()
        enabled = false
        lock.unlock()
    }
}
