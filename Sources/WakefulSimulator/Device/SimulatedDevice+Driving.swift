import Foundation
import Wakeful

/// Changes to the world made from outside the scenario while a stepped run is paused (see
/// ``SimulatedDevice/start()``): the user moves or plugs the phone in, the server sends a push, the
/// network comes and goes. Each is written to the timeline as a `user` entry, so a timeline shows
/// what a test did as well as what iOS did.
extension SimulatedDevice {
    /// The path the user follows: the scenario's, as changed by any ``move(along:)`` since.
    public var trajectory: Trajectory { world.trajectory }

    /// Where the user is now, in local metres.
    public var currentPosition: LocalPoint { world.position }

    /// The user sets off now from where they are along `legs`, instead of the rest of their path.
    ///
    /// - Throws: ``TrajectoryError`` naming the first leg with a bad speed, pause or destination.
    public mutating func move(along legs: [RouteLeg]) throws(TrajectoryError) {
        let route = try Trajectory.route(from: world.position, startingAt: now, legs: legs)
        replacePath(
            with: route.knots,
            fields: [
                Field("legs", .int(legs.count)), Field("east", .double(route.knots.last!.point.east)),
                Field("north", .double(route.knots.last!.point.north)),
            ])
    }

    /// The user is at `point` from this instant: a jump, as a trajectory's shared knot times allow.
    public mutating func jump(to point: LocalPoint) {
        replacePath(
            with: [TrajectoryKnot(time: now, point: world.position), TrajectoryKnot(time: now, point: point)],
            fields: [
                Field("east", .double(point.east)), Field("north", .double(point.north)), Field("jump", .bool(true)),
            ])
    }

    /// Keeps the path up to now (the user was where they were) and follows `knots` from now on.
    private mutating func replacePath(with knots: [TrajectoryKnot], fields: [Field]) {
        let past = world.trajectory.knots.filter { $0.time < now }
        // The past ends where the user is now and `knots` start at now: times never decrease.
        guard let path = try? Trajectory(knots: past + knots) else {
            preconditionFailure("a path from now on always continues the past")
        }
        afterInjection { device in
            device.record(.user(action: "move", fields: fields))
            device.world.follow(path, at: device.now)
            device.scenario.world.trajectory = path
            device.restateWorldFacts("path")
            device.scheduleWorldTick(at: device.now)  // movement, crossings and location updates
        }
    }

    /// The server sends `push` now (its `at` is ignored) and, if it repeats, again every
    /// `repeatEvery` seconds until `repeatUntil` or the scenario's end (PUSH-1).
    ///
    /// It reaches the device on the next ``run(until:)``, through the same rules as a scripted push.
    public mutating func send(_ push: ScheduledPush) {
        var push = push
        push.at = now
        afterInjection { device in
            var effects: [DeviceEffect] = []
            device.pushes.send(push, until: device.scenario.duration, into: &effects)
            device.carryOut(effects)
        }
    }

    /// The phone goes on (`true`) or off the charger now and stays so, instead of what the
    /// rest of `world.power` says; the battery levels are unchanged. The task scheduler plans again
    /// at once (BGT-5, BGT-11), and a discretionary transfer may start on the charger (URLS-2) on
    /// the next ``run(until:)``.
    public mutating func setCharging(_ on: Bool) {
        afterInjection { device in
            device.record(.user(action: on ? "plugIn" : "unplug", fields: []))
            device.scenario.world.power = device.scenario.world.power.charging(on, from: device.now)
            device.restateWorldFacts("power")
            device.replanScheduledWork(because: "power")
            device.scheduleNetworkStep(at: device.now)
        }
    }

    /// The phone has `kind` of network from now on, at `bandwidth` bytes per second (the kind's
    /// default when nil), instead of the rest of `world.network`. Transfers, requests and jobs in
    /// flight settle against it at this instant, on the next ``run(until:)``: a request or a job
    /// that needs the network fails when it goes (URLS-8), a background transfer waits for it to
    /// come back (URLS-1).
    public mutating func setNetwork(_ kind: NetworkKind, bandwidth: Double? = nil) {
        let segment = NetworkSegment(at: now, kind: kind, bandwidth: bandwidth ?? NetworkSegment.defaultBandwidth(kind))
        afterInjection { device in
            device.record(
                .user(
                    action: "setNetwork",
                    fields: [Field("kind", .string(kind.rawValue)), Field("bandwidth", .double(segment.bandwidth))]))
            device.scenario.world.network = device.scenario.world.network.replacing(from: device.now, with: segment)
            device.restateWorldFacts("network")
            device.scheduleNetworkStep(at: device.now)
            device.jobNetworkChanged()
        }
    }

    /// Ends the run's last process where a second phase of the same app begins (the
    /// crash-injection harness's drain): what its agent held dies with it, to be accounted for by
    /// the next process's loss record (DATA-4).
    public mutating func endProcessForNextPhase() {
        guard process.hasAgent else { return }
        outboxLedger.noteHolding(process.agent!.agent.holdingCounts, died: true)
        process = .absent
    }

    /// The circular regions the system monitors for the app now, with centres and radii in local metres.
    public var monitoredCircles: [(id: RegionID, center: LocalPoint, radius: Double)] {
        geofences.regions.compactMap { watch in watch.circle.map { (watch.region.id, $0.center, $0.radius) } }
    }
}
