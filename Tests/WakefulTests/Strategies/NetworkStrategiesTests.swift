import Foundation
import Testing
import Wakeful
import WakefulTestSupport

/// The network strategies driven by hand: Heartbeat, BackgroundTransfer, AccessoryKeepAlive.
@Suite("Strategies: Heartbeat, BackgroundTransfer, AccessoryKeepAlive", .watchdog, .cpuBound)
struct NetworkStrategiesTests {
    private func requests(_ commands: [Command]) -> [RequestDescription] {
        commands.compactMap { if case .sendRequest(let request) = $0 { request } else { nil } }
    }

    @Test(
        "Heartbeat: sends at launch, not again before the interval, again on any later event; one in flight at a time")
    func heartbeatSends() {
        var heartbeat = Heartbeat()
        #expect(
            requests(heartbeat.handle(.didFinishLaunching(.user), in: Contexts.foreground(0))).map(\.id) == [
                "heartbeat-1"
            ])
        // Answer, then an event before the interval: nothing to send.
        let answer = heartbeat.handle(
            .requestCompleted(id: "heartbeat-1", statusCode: 200, error: nil), in: Contexts.foreground(0.2))
        #expect(answer.records.map(\.kind) == ["heartbeat"])
        #expect(requests(heartbeat.handle(.didEnterBackground, in: Contexts.background(10))).isEmpty)
        // Any event after the interval is used: here a Bluetooth wake.
        let wake = heartbeat.handle(.bluetooth(.connected(peripheral: "x")), in: Contexts.background(70))
        #expect(requests(wake).map(\.id) == ["heartbeat-2"])
        // heartbeat-2 still in flight
        #expect(requests(heartbeat.handle(.timerFired(Heartbeat.timer), in: Contexts.background(140))).isEmpty)
    }

    @Test(
        "Heartbeat: never sends or begins a task from the expiration handler; records sessionLost after a long silence")
    func heartbeatExpiryAndSessionLoss() {
        var heartbeat = Heartbeat(options: .init(interval: 60, bytes: 200, sessionTimeout: 300))
        _ = heartbeat.handle(.didFinishLaunching(.user), in: Contexts.foreground(0))
        _ = heartbeat.handle(
            .requestCompleted(id: "heartbeat-1", statusCode: 200, error: nil), in: Contexts.foreground(0.2))
        let begun = heartbeat.handle(.didEnterBackground, in: Contexts.background(10))
        let task = begun.begunTasks.first!
        let expiry = heartbeat.handle(.backgroundTaskExpiring(task), in: Contexts.background(500))
        #expect(expiry == [.endBackgroundTask(task)])
        let wake = heartbeat.handle(
            .visit(
                Visit(
                    coordinate: Coordinate(latitude: 0, longitude: 0), horizontalAccuracy: 10, arrival: 0,
                    departure: nil)), in: Contexts.background(1000))
        #expect(requests(wake).map(\.id) == ["heartbeat-2"])
        let late = heartbeat.handle(
            .requestCompleted(id: "heartbeat-2", statusCode: 200, error: nil), in: Contexts.background(1000.2))
        #expect(late.records.map(\.kind) == ["sessionLost", "heartbeat"])
        let failed = heartbeat.handle(
            .requestCompleted(id: "heartbeat-3", statusCode: nil, error: "x"), in: Contexts.background(1001))
        #expect(failed.records.isEmpty)  // not ours: heartbeat-3 was never sent
    }

    @Test(
        "BackgroundTransfer: uploads at launch, completes the events handler after the outcomes, records accepted uploads"
    )
    func backgroundTransfer() {
        var transfer = BackgroundTransfer(options: .init(session: "u", bytesPerUpload: 10, uploadInterval: 300))
        let launch = transfer.handle(.didFinishLaunching(.user), in: Contexts.foreground(0))
        #expect(
            launch.contains(
                .startTransfer(
                    TransferRequest(session: "u", taskDescription: "upload 1", direction: .upload, bytes: 10))))
        #expect(
            transfer.handle(.urlSessionEvents(sessionIdentifier: "u"), in: Contexts.background(20)) == [
                .setTimer(TimerRequest(id: BackgroundTransfer.finishEvents, interval: 0.001))
            ])
        let outcome = transfer.handle(
            .urlSessionTaskCompleted(
                URLSessionTaskResult(sessionIdentifier: "u", taskDescription: "upload 1", statusCode: 200)),
            in: Contexts.background(20))
        #expect(outcome.records.map(\.kind) == ["upload"])
        #expect(
            transfer.handle(.timerFired(BackgroundTransfer.finishEvents), in: Contexts.background(20.001)) == [
                .completeBackgroundEvents(session: "u")
            ])
        // After the interval, any event starts the next upload.
        let next = transfer.handle(.timerFired(BackgroundTransfer.timer), in: Contexts.background(301))
        #expect(
            next == [
                .startTransfer(
                    TransferRequest(session: "u", taskDescription: "upload 2", direction: .upload, bytes: 10))
            ])
    }

    @Test("BackgroundTransfer with uploadInterval 0: no timer, which would only spin; the launch still uploads")
    func backgroundTransferWithoutInterval() {
        var transfer = BackgroundTransfer(options: .init(session: "u", bytesPerUpload: 10, uploadInterval: 0))
        let launch = transfer.handle(.didFinishLaunching(.user), in: Contexts.foreground(0))
        #expect(!launch.contains { if case .setTimer = $0 { true } else { false } })
        #expect(
            launch == [
                .startTransfer(
                    TransferRequest(session: "u", taskDescription: "upload 1", direction: .upload, bytes: 10))
            ])
    }

    @Test("a timer of interval 0 or less runs at Foundation's 0.1 ms, as on a device")
    func timerMinimum() {
        #expect(TimerRequest(id: "t", interval: 0, repeats: true).effectiveInterval == 0.0001)
        #expect(TimerRequest(id: "t", interval: -3).effectiveInterval == 0.0001)
        #expect(TimerRequest(id: "t", interval: 30).effectiveInterval == 30)
    }

    @Test("Options out of range are named with the range they need")
    func optionRanges() {
        #expect(BackgroundTransfer.Options(uploadInterval: 0).rangeViolations.isEmpty)
        #expect(
            BackgroundTransfer.Options(bytesPerUpload: 0, uploadInterval: -1).rangeViolations.map(\.key) == [
                "bytesPerUpload", "uploadInterval",
            ])
        #expect(
            Heartbeat.Options(interval: 0).rangeViolations.map(\.description) == [
                "interval: 0 is out of range; expected a number of seconds > 0"
            ])
        #expect(PushTrigger.Options(desiredAccuracy: -2, distanceFilter: -1).rangeViolations.isEmpty)
        #expect(PushTrigger.Options(distanceFilter: -1.5).rangeViolations.map(\.valueText) == ["-1.5"])
    }

    @Test("AccessoryKeepAlive: scan → connect → subscribe and poll; a sample per value; reconnect after a disconnect")
    func accessoryKeepAlive() {
        var keepAlive = AccessoryKeepAlive()
        #expect(keepAlive.requirements.backgroundModes == [.bluetoothCentral])
        #expect(
            keepAlive.handle(.didFinishLaunching(.user), in: Contexts.foreground(0)).first
                == .scanForPeripherals(services: ["FFE0"]))
        #expect(
            keepAlive.handle(.bluetooth(.discovered(peripheral: "d", rssi: -60)), in: Contexts.foreground(0)) == [
                .stopScan, .connect(peripheral: "d"),
            ])
        #expect(
            keepAlive.handle(.bluetooth(.connected(peripheral: "d")), in: Contexts.foreground(0.1)) == [
                .subscribe(peripheral: "d", characteristic: "FFE1"),
                .writeValue(peripheral: "d", characteristic: "FFE1", bytes: 4),
            ])
        #expect(
            keepAlive.handle(
                .bluetooth(.valueUpdated(peripheral: "d", characteristic: "FFE1", bytes: 20)),
                in: Contexts.foreground(0.15)
            ).records.map(\.kind) == ["sample"])
        // In the background every tick polls and restarts the task (TASK-7: it buys nothing).
        let begun = keepAlive.handle(.didEnterBackground, in: Contexts.background(10)).begunTasks
        let tick = keepAlive.handle(.timerFired(AccessoryKeepAlive.poll), in: Contexts.background(20))
        #expect(tick.first == .writeValue(peripheral: "d", characteristic: "FFE1", bytes: 4))
        #expect(tick.endedTasks == begun && tick.begunTasks.count == 1)
        let drop = keepAlive.handle(
            .bluetooth(.disconnected(peripheral: "d", error: "connectionTimeout")), in: Contexts.background(40))
        #expect(drop.contains(.connect(peripheral: "d")))
        #expect(
            keepAlive.handle(.timerFired(AccessoryKeepAlive.poll), in: Contexts.background(50)).filter {
                if case .writeValue = $0 { true } else { false }
            }.isEmpty)
    }

    @Test("AccessoryKeepAlive: a wake that connects and fires the overdue poll timer at one instant polls once")
    func onePollPerWake() {
        var keepAlive = AccessoryKeepAlive()
        _ = keepAlive.handle(.didFinishLaunching(.user), in: Contexts.foreground(0))
        let connect = keepAlive.handle(.bluetooth(.connected(peripheral: "d")), in: Contexts.background(3030.1))
        let tick = keepAlive.handle(.timerFired(AccessoryKeepAlive.poll), in: Contexts.background(3030.1))
        let writes = (connect + tick).filter { if case .writeValue = $0 { true } else { false } }
        #expect(writes.count == 1)
        let later = keepAlive.handle(.timerFired(AccessoryKeepAlive.poll), in: Contexts.background(3040.1))
        #expect(later.first == .writeValue(peripheral: "d", characteristic: "FFE1", bytes: 4))
    }

    @Test("AccessoryKeepAlive: pollFromExpiryHandler polls from the handler, but not right after a poll")
    func pollFromExpiry() {
        var keepAlive = AccessoryKeepAlive(options: .init(pollFromExpiryHandler: true))
        _ = keepAlive.handle(.didFinishLaunching(.user), in: Contexts.foreground(0))
        _ = keepAlive.handle(.bluetooth(.connected(peripheral: "d")), in: Contexts.foreground(0))
        let task = keepAlive.handle(.didEnterBackground, in: Contexts.background(10)).begunTasks[0]
        let expiry = keepAlive.handle(.backgroundTaskExpiring(task), in: Contexts.background(35))
        #expect(expiry == [.writeValue(peripheral: "d", characteristic: "FFE1", bytes: 4), .endBackgroundTask(task)])
        let next = keepAlive.handle(
            .bluetooth(.valueUpdated(peripheral: "d", characteristic: "FFE1", bytes: 20)),
            in: Contexts.background(35.05)
        ).begunTasks[0]
        #expect(
            keepAlive.handle(.backgroundTaskExpiring(next), in: Contexts.background(35.05)) == [
                .endBackgroundTask(next)
            ])
    }
}
