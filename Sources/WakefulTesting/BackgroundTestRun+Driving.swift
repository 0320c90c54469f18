import Foundation
import Wakeful
import WakefulSimulator

/// Driving a run: what the user does, what the world does, and the passing of time.
///
/// Each action happens at the run's current time, after everything already due at that instant,
/// and its immediate consequences (a launch, a suspension, a delivered event) happen before the
/// call returns. Time moves only through ``advance(by:fileID:filePath:line:column:)`` and its
/// relatives.
extension BackgroundTestRun {
    // MARK: The user

    /// Taps the app's icon: launches it, or brings it back to the foreground.
    public mutating func openApp(
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        perform(.open, fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Presses Home (or swipes up): the app goes to the background.
    public mutating func pressHome(
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        perform(.home, fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Presses the side button: the screen turns off and a foreground app goes to the background.
    public mutating func lock(
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        perform(.lock, fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Unlocks the phone; the app comes back if it was in front when the phone was locked.
    public mutating func unlock(
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        perform(.unlock, fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Swipes the app away in the app switcher: the process dies and iOS stops relaunching it for
    /// most background reasons until the user opens it again (TERM-1).
    public mutating func forceQuit(
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        perform(.forceQuit, fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Restarts the phone: the app is gone and location monitoring waits for the first unlock
    /// (TERM-1, LOC-23).
    public mutating func reboot(
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        perform(.reboot, fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Turns Low Power Mode on or off (BGT-12, PUSH-9).
    public mutating func setLowPowerMode(
        _ on: Bool, fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) {
        perform(.setLowPowerMode(on), fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Plugs the phone into a charger: it stays on external power until ``unplug(fileID:filePath:line:column:)``,
    /// whatever the scenario's `world.power` says. `BGProcessingTask`s that need power may run
    /// (BGT-5), and discretionary background transfers may start (URLS-2).
    public mutating func plugIn(
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        drive("plugIn", at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)) {
            $0.setCharging(true)
        }
    }

    /// Takes the phone off the charger, until ``plugIn(fileID:filePath:line:column:)``.
    public mutating func unplug(
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        drive("unplug", at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)) {
            $0.setCharging(false)
        }
    }

    /// Carries out any user action the simulator knows, e.g. `.memoryPressure` or `.setBluetooth(false)`.
    public mutating func perform(
        _ action: UserAction.Kind, fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) {
        drive(action.name, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)) {
            $0.inject(action)
        }
    }

    // MARK: The server

    /// The app's server sends a silent push now (`content-available`, priority 5): delivered,
    /// held or dropped by iOS's rules (PUSH-1 to PUSH-9).
    ///
    /// - Parameters:
    ///   - id: The push's id, which the app's answer may carry; `push-N` when nil.
    ///   - userInfo: Application keys outside `aps`.
    ///   - fileID: The calling file, for a failure report; leave the default.
    ///   - filePath: The calling file's path; leave the default.
    ///   - line: The calling line; leave the default.
    ///   - column: The calling column; leave the default.
    public mutating func sendSilentPush(
        id: String? = nil, userInfo: [Field] = [],
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        send(
            ScheduledPush(at: 0, type: .background, id: id, userInfo: userInfo), fileID: fileID, filePath: filePath,
            line: line, column: column)
    }

    /// The app's server sends `push` now (its `at` is ignored; a repeating push repeats from now).
    public mutating func send(
        _ push: ScheduledPush, fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) {
        drive("sending a push", at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)) {
            $0.send(push)
        }
    }

    // MARK: The network

    /// The phone's network from now on, instead of the rest of the scenario's `world.network`:
    /// `.wifi`, `.cellular` or `.none` (out of coverage, airplane mode), at `bandwidth` bytes per
    /// second (1 MB/s for Wi-Fi and 250 kB/s for cellular when nil).
    ///
    /// Requests and jobs that need the network fail when it goes (URLS-8); background transfers
    /// and uploads wait and resume when it returns (URLS-1).
    ///
    /// ```swift
    /// run.setNetwork(.none)
    /// run.advance(by: .minutes(10))
    /// run.setNetwork(.cellular, bandwidth: 50_000)
    /// ```
    public mutating func setNetwork(
        _ kind: NetworkKind, bandwidth: Double? = nil,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        drive(
            "setNetwork(.\(kind.rawValue))",
            at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        ) {
            $0.setNetwork(kind, bandwidth: bandwidth)
        }
    }

    // MARK: Movement

    /// The user sets off from where they are along `legs`, instead of the rest of the scenario's
    /// path. Movement takes simulated time: advance the run to let it happen.
    public mutating func move(
        along legs: [RouteLeg], fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        drive("move(along:)", at: site) { device in
            do throws(TrajectoryError) {
                try device.move(along: legs)
            } catch {
                site.report(driving: "move(along:) was not done: \(error)", at: device.now)
            }
        }
    }

    /// The user walks (1.4 m/s unless `speed` says otherwise) in a straight line to `place`.
    public mutating func move(
        to place: Place, speed: Double = 1.4,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        guard let point = locate(place, for: "move(to:)", at: site) else { return }
        move(
            along: [RouteLeg(destination: point, speed: speed)], fileID: fileID, filePath: filePath, line: line,
            column: column)
    }

    /// The user is at `place` from this instant, without travelling.
    public mutating func jump(
        to place: Place, fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        guard let point = locate(place, for: "jump(to:)", at: site) else { return }
        drive("jump(to:)", at: site) { $0.jump(to: point) }
    }

    /// The user is at the centre of the monitored region `id` from this instant. iOS reports the
    /// entry once its crossing rule holds (LOC-19: well inside for about 20 s), so advance the run.
    public mutating func enterRegion(
        _ id: RegionID, fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        guard let circle = monitoredCircle(id, for: "enterRegion(\"\(id)\")", at: site) else { return }
        drive("enterRegion(\"\(id)\")", at: site) { $0.jump(to: circle.center) }
    }

    /// The user is 300 m outside the monitored region `id` (east of it) from this instant: past
    /// the ≈200 m margin of LOC-19. Advance the run for iOS to report the exit: with Wi-Fi
    /// positioning it comes a drawn time later, 20 s at least and 88 s at the median (field
    /// reports), so allow a few minutes.
    public mutating func exitRegion(
        _ id: RegionID, fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        guard let circle = monitoredCircle(id, for: "exitRegion(\"\(id)\")", at: site) else { return }
        let outside = LocalPoint(east: circle.center.east + circle.radius + 300, north: circle.center.north)
        drive("exitRegion(\"\(id)\")", at: site) { $0.jump(to: outside) }
    }

    private func locate(_ place: Place, for what: String, at site: CallSite) -> LocalPoint? {
        if let point = place.location(in: device.scenario) { return point }
        let beacons = device.scenario.world.beacons.map(\.id)
        site.report(
            driving:
                "\(what) was not done: the scenario has no \(place.name) (its beacons: \(beacons.isEmpty ? "none" : beacons.joined(separator: ", "))).",
            at: device.now)
        return nil
    }

    private func monitoredCircle(_ id: RegionID, for what: String, at site: CallSite) -> (
        center: LocalPoint, radius: Double
    )? {
        let circles = device.monitoredCircles
        if let circle = circles.first(where: { $0.id == id }) { return (circle.center, circle.radius) }
        let names = circles.map(\.id.description)
        site.report(
            driving:
                "\(what) was not done: iOS is not monitoring a circular region \"\(id)\" for the app at \(SimulatedTime.describe(device.now)) "
                + "(monitored: \(names.isEmpty ? "none" : names.joined(separator: ", "))). Regions exist once the app has asked for them.",
            at: device.now)
        return nil
    }

    // MARK: Time

    /// Lets `duration` of simulated time pass: everything due in it happens, in order.
    public mutating func advance(
        by duration: Duration, fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) {
        runUntil(
            device.now + SimulatedTime.seconds(duration),
            CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Lets simulated time pass until `instant` after the start of the run.
    public mutating func advance(
        to instant: Duration, fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) {
        runUntil(
            SimulatedTime.seconds(instant), CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Runs the rest of the scenario, to its duration.
    public mutating func runToEnd() {
        device.run(until: .infinity)
    }

    private mutating func runUntil(_ target: TimeInterval, _ site: CallSite) {
        let end = device.scenario.duration
        if target > end {
            site.report(
                driving:
                    "advance to \(SimulatedTime.describe(target)) went past the scenario's end at \(SimulatedTime.describe(end)); "
                    + "the run stopped there. Give the scenario a longer duration, or call runToEnd().",
                at: device.now)
        }
        device.run(until: target)
    }
}
