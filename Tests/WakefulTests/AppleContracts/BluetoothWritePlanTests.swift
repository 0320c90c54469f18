import Testing
import Wakeful
import WakefulTestSupport

@Suite("Bluetooth writes without response against canSendWriteWithoutResponse", .watchdog)
struct BluetoothWritePlanTests {
    /// A peripheral's write-without-response queue (CBPeripheral.h:97–99, 189–190): room for
    /// `capacity` writes; a write without response while there is no room is dropped; the queue drains
    /// when the radio sends, and then `peripheralIsReady(toSendWriteWithoutResponse:)` is called.
    final class FakePeripheral {
        let capacity: Int
        private var queued = 0
        private(set) var delivered: [Int] = []
        private(set) var dropped: [Int] = []
        var onReady: () -> Void = {}

        init(capacity: Int) { self.capacity = capacity }

        var canSendWriteWithoutResponse: Bool { queued < capacity }

        func writeWithoutResponse(_ poll: Int) {
            guard canSendWriteWithoutResponse else { return dropped.append(poll) }
            queued += 1
            delivered.append(poll)
        }

        /// The radio sends what is queued.
        func drain() {
            let wasFull = !canSendWriteWithoutResponse
            queued = 0
            if wasFull { onReady() }
        }
    }

    /// What `BluetoothDelegateProxy` does: write now, or keep the write until the peripheral is ready.
    final class WriterModel {
        let peripheral: FakePeripheral
        private var waiting: [Int] = []

        init(peripheral: FakePeripheral) {
            self.peripheral = peripheral
            peripheral.onReady = { [unowned self] in self.ready() }
        }

        func write(_ poll: Int) {
            switch BluetoothWritePlan.plan(
                allowsWriteWithResponse: false, canSendWriteWithoutResponse: peripheral.canSendWriteWithoutResponse)
            {
            case .withResponse, .withoutResponse: peripheral.writeWithoutResponse(poll)
            case .waitUntilReady: waiting.append(poll)
            }
        }

        private func ready() {
            let polls = waiting
            waiting = []
            for poll in polls { write(poll) }
        }
    }

    @Test("two polls back to back: the second waits for the peripheral and is delivered")
    func secondPollWaits() {
        let peripheral = FakePeripheral(capacity: 1)
        let app = WriterModel(peripheral: peripheral)
        app.write(1)
        app.write(2)
        #expect(peripheral.delivered == [1])
        peripheral.drain()
        #expect(peripheral.delivered == [1, 2])
        #expect(peripheral.dropped.isEmpty)
    }

    @Test("writing without checking, as the old adapter did, drops the second poll")
    func uncheckedIsTheOldBreak() {
        let peripheral = FakePeripheral(capacity: 1)
        peripheral.writeWithoutResponse(1)
        peripheral.writeWithoutResponse(2)
        #expect(peripheral.dropped == [2])
    }

    @Test("a characteristic that takes writes with response is written with response")
    func withResponse() {
        #expect(
            BluetoothWritePlan.plan(allowsWriteWithResponse: true, canSendWriteWithoutResponse: false) == .withResponse)
        #expect(
            BluetoothWritePlan.plan(allowsWriteWithResponse: false, canSendWriteWithoutResponse: true)
                == .withoutResponse)
    }
}
