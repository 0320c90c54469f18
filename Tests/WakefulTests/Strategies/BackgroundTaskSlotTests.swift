import Foundation
import Testing
import Wakeful
import WakefulTestSupport

@Suite("BackgroundTaskSlot", .watchdog, .cpuBound)
struct BackgroundTaskSlotTests {
    static func id(_ serial: Int) -> BackgroundTaskID { BackgroundTaskID(owner: "Mine", serial: serial) }

    @Test("begins one task at a time, named owner#serial")
    func beginsOnce() {
        var slot = BackgroundTaskSlot(owner: "Mine")
        #expect(slot.openTask == nil)
        #expect(slot.begin() == [.beginBackgroundTask(Self.id(1))])
        #expect(slot.begin().isEmpty, "one is already open")
        #expect(slot.openTask == Self.id(1))
        #expect(slot.holds(Self.id(1)))
        #expect(!slot.holds(Self.id(2)))
    }

    @Test("ends only the open task")
    func ends() {
        var slot = BackgroundTaskSlot(owner: "Mine")
        #expect(slot.end(Self.id(1)).isEmpty, "nothing open")
        _ = slot.begin()
        #expect(slot.end(BackgroundTaskID(owner: "Other", serial: 1)).isEmpty)
        #expect(slot.end(Self.id(1)) == [.endBackgroundTask(Self.id(1))])
        #expect(slot.openTask == nil)
        #expect(slot.end(Self.id(1)).isEmpty, "already ended")
    }

    @Test("forgets a denied task without ending it; another ID is ignored")
    func forgets() {
        var slot = BackgroundTaskSlot(owner: "Mine")
        _ = slot.begin()
        slot.forget(Self.id(5))
        #expect(slot.openTask == Self.id(1))
        slot.forget(Self.id(1))
        #expect(slot.openTask == nil)
    }

    @Test("serials keep increasing after end and forget")
    func serials() {
        var slot = BackgroundTaskSlot(owner: "Mine")
        var begun: [Command] = []
        begun += slot.begin()
        _ = slot.end(Self.id(1))
        begun += slot.begin()
        slot.forget(Self.id(2))
        begun += slot.begin()
        #expect(begun.begunTasks == [Self.id(1), Self.id(2), Self.id(3)])
        #expect(slot.owner == "Mine")
    }
}
