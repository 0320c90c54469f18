import Foundation
import Testing
import Wakeful
@testable import WakefulSimulator
import WakefulTestSupport

/// The screen subsystem on its own: the lock, the `complete` key's discard after it (DATA-2), the
/// unlock that brings the keys and the app back (DATA-4), a restart (LOC-23, DATA-1).
@Suite("Screen and Data Protection", .watchdog, .cpuBound)
struct ScreenTests {
    /// The lock-down entry a lock put on the agenda, and when.
    func lockDownEntry(in effects: [DeviceEffect]) -> (generation: Int, at: TimeInterval)? {
        for effect in effects {
            if case .schedule(.protectedDataLockDown(let generation), let at) = effect { return (generation, at) }
        }
        return nil
    }

    func decisions(in effects: [DeviceEffect]) -> [String] {
        effects.compactMap { if case .decide(let name, _, _) = $0 { name } else { nil } }
    }

    @Test("a lock darkens the display and discards the complete key 10 s later, once (DATA-2)")
    func lockThenLockDown() throws {
        var screen = Screen(passcode: true)
        var effects: [DeviceEffect] = []
        let locked = screen.lock(appOnScreen: true, now: 100, into: &effects)
        #expect(locked && screen.isLocked && !screen.isLit)
        let entry = try #require(lockDownEntry(in: effects))
        #expect(entry.at == 100 + DataProtectionGate.completeKeyDiscardDelay)
        let lockedAgain = screen.lock(appOnScreen: false, now: 105, into: &effects)
        #expect(!lockedAgain && effects.count == 1, "already locked")
        #expect(screen.dataProtection.isProtectedDataAvailable)
        let lockedDown = screen.lockDown(generation: entry.generation)
        #expect(lockedDown && !screen.dataProtection.isProtectedDataAvailable)
        let lockedDownAgain = screen.lockDown(generation: entry.generation)
        #expect(!lockedDownAgain, "the key is gone once")
    }

    @Test("an unlock before the discard makes it stale and brings the app back on screen")
    func unlockBeforeLockDown() throws {
        var screen = Screen(passcode: true)
        var effects: [DeviceEffect] = []
        _ = screen.lock(appOnScreen: true, now: 0, into: &effects)
        let entry = try #require(lockDownEntry(in: effects))
        effects = []
        let unlock = screen.unlock(into: &effects)
        #expect(unlock.appWasOnScreen && !unlock.first && !unlock.protectedDataReturned)
        #expect(decisions(in: effects).isEmpty)
        #expect(!screen.isLocked && screen.isLit)
        let lockedDown = screen.lockDown(generation: entry.generation)
        #expect(!lockedDown && screen.dataProtection.isProtectedDataAvailable)
    }

    @Test("after a restart nothing is readable until the first unlock (LOC-23, DATA-1, DATA-4)")
    func restart() {
        var screen = Screen(passcode: true)
        screen.restart()
        #expect(!screen.firstUnlockDone && screen.isLocked && !screen.isLit)
        #expect(!screen.dataProtection.allows(.completeUntilFirstUserAuthentication, openedUnlocked: false))
        var effects: [DeviceEffect] = []
        let unlock = screen.unlock(into: &effects)
        #expect(unlock.first && unlock.protectedDataReturned && !unlock.appWasOnScreen)
        #expect(decisions(in: effects) == ["firstUnlock", "protectedDataAvailable"])
        #expect(screen.firstUnlockDone && screen.dataProtection.isProtectedDataAvailable)
    }

    @Test("without a passcode a lock discards no key (DATA-1)")
    func noPasscode() {
        var screen = Screen(passcode: false)
        var effects: [DeviceEffect] = []
        let locked = screen.lock(appOnScreen: false, now: 0, into: &effects)
        #expect(locked && lockDownEntry(in: effects) == nil)
        screen.restart()
        #expect(screen.dataProtection.isProtectedDataAvailable)
    }

    @Test("each lighting of the display stamps its own state callbacks (BEACON-4)")
    func lightUp() {
        var screen = Screen(passcode: true)
        let first = screen.lightUp()
        let second = screen.lightUp()
        #expect(second != first && screen.displayGeneration == second)
    }
}
