import Foundation
import Wakeful

/// A named point inside a ``SQLiteOutbox`` transaction where a crash can be injected.
public enum OutboxFaultPoint: Sendable, Hashable, CustomStringConvertible {
    /// Inside ``SQLiteOutbox/commit(_:)``, after the records and job states are written, before COMMIT.
    case afterAppend
    /// Inside ``SQLiteOutbox/claimBatch(limits:now:)``, after the batch is marked, before COMMIT.
    case afterClaim
    /// Inside ``SQLiteOutbox/acknowledge(batchID:answer:now:)``, after the batch is settled, before COMMIT.
    case insideAcknowledge
    /// Inside ``SQLiteOutbox/enforceRetention(_:now:)``, after the drops and the loss record, before COMMIT.
    case insideRetention
    /// Inside the named migration, after its schema changes, before its COMMIT.
    case duringMigration(String)

    /// Every point, with the migrations the store knows.
    public static var all: [OutboxFaultPoint] {
        [.afterAppend, .afterClaim, .insideAcknowledge, .insideRetention]
            + SQLiteOutbox.migrations.map { .duringMigration($0) }
    }

    public var description: String {
        switch self {
        case .afterAppend: "afterAppend"
        case .afterClaim: "afterClaim"
        case .insideAcknowledge: "insideAcknowledge"
        case .insideRetention: "insideRetention"
        case .duringMigration(let name): "duringMigration(\(name))"
        }
    }
}

/// Consulted by a ``SQLiteOutbox`` at every ``OutboxFaultPoint``; throwing there rolls the
/// transaction back, as a kill before COMMIT would.
///
/// The crash-injection harness throws `SimulatedCrash`, drops the outbox object and opens a new
/// one on the same file: a relaunch. Nothing partial may be visible then.
public protocol OutboxFaultInjector: Sendable {
    /// Throws to crash at `point`; returns to let the transaction go on.
    func check(_ point: OutboxFaultPoint) throws
}

extension SimulatedCrash {
    /// The crash a fault injector throws at `point`: the process dies there.
    public init(at point: OutboxFaultPoint) {
        self.init(point: point.description)
    }
}

/// A fault injector that crashes at every one of some points, every time.
///
/// ```swift
/// let outbox = try SQLiteOutbox(path: path, options: .init(faultInjector: CrashAt([.afterClaim])))
/// ```
public struct CrashAt: OutboxFaultInjector {
    /// The points that crash.
    public var points: Set<OutboxFaultPoint>

    /// Crashes at each of `points`.
    public init(_ points: Set<OutboxFaultPoint>) {
        self.points = points
    }

    public func check(_ point: OutboxFaultPoint) throws {
        if points.contains(point) { throw SimulatedCrash(at: point) }
    }
}
