import Foundation
import Testing
import Wakeful
import WakefulTestSupport

@Suite("Files created at launch and for uploads against Data Protection and NSURLSession", .watchdog)
struct LaunchStorageAndUploadFileTests {
    /// The container's files under Data Protection: a new file of the default class
    /// (`completeUntilFirstUserAuthentication`) "cannot be accessed until after the device has booted
    /// … After the user unlocks the device for the first time, your app can access the file"; a file
    /// of class `none` can be created and read at any time.
    final class FakeDataProtection {
        var unlockedSinceBoot = false
        private(set) var files: [String: TimeInterval] = [:]
        private(set) var classes: [String: DataProtectionClass] = [:]

        struct Locked: Error {}

        func create(
            _ name: String, at time: TimeInterval = 0,
            protection: DataProtectionClass = .completeUntilFirstUserAuthentication
        ) throws {
            guard unlockedSinceBoot || protection == .none else { throw Locked() }
            files[name] = time
            classes[name] = protection
        }

        /// `setAttributes([.protectionKey: …])` on an existing file; nothing for a missing one.
        func setProtection(_ name: String, _ protection: DataProtectionClass) {
            if files[name] != nil { classes[name] = protection }
        }

        func remove(_ name: String) {
            files[name] = nil
            classes[name] = nil
        }
    }

    /// What `WakefulApp.init` does with the plan: open now, or when protected data becomes available.
    static func launch(_ disk: FakeDataProtection, protectedDataAvailable: Bool) throws
        -> LaunchStoragePlan.TimelineFile
    {
        let plan = LaunchStoragePlan.timelineFile(writes: true, protectedDataAvailable: protectedDataAvailable)
        if plan == .openNow { try disk.create("timeline-1.jsonl") }
        return plan
    }

    @Test("a launch before the first unlock opens no timeline file, and opens it at the unlock")
    func beforeFirstUnlock() throws {
        let disk = FakeDataProtection()
        let plan = try Self.launch(disk, protectedDataAvailable: false)
        #expect(plan == .openAtUnlock)
        disk.unlockedSinceBoot = true
        try disk.create("timeline-1.jsonl")
        #expect(disk.files.keys.sorted() == ["timeline-1.jsonl"])
    }

    @Test("creating the timeline file in init before the first unlock, as the old init did, throws")
    func createInInitIsTheOldBreak() {
        let disk = FakeDataProtection()
        #expect(throws: FakeDataProtection.Locked.self) { try disk.create("timeline-1.jsonl") }
    }

    @Test("an unlocked launch opens it at once; a configuration without one opens none")
    func unlockedLaunch() {
        #expect(LaunchStoragePlan.timelineFile(writes: true, protectedDataAvailable: true) == .openNow)
        #expect(LaunchStoragePlan.timelineFile(writes: false, protectedDataAvailable: false) == .none)
    }

    @Test("held.json created with its class in the write is there before the first unlock")
    func heldRecordsBeforeFirstUnlock() throws {
        let disk = FakeDataProtection()
        try disk.create("held.json", protection: LaunchStoragePlan.heldRecordsProtection)
        #expect(disk.classes["held.json"] == DataProtectionClass.none)
    }

    @Test("writing held.json with the default class and protecting it after, as the old ledger did, writes nothing")
    func protectAfterWriteIsTheOldBreak() {
        let disk = FakeDataProtection()
        // The old write: `.atomic` (a new file of the default class), errors swallowed, then the class.
        try? disk.create("held.json")
        disk.setProtection("held.json", .none)
        #expect(disk.files["held.json"] == nil)
    }

    static let batch = UUID(uuidString: "00000000-0000-4000-8000-0000000000B1")!

    @Test("an upload's body file is removed when the outcome arrives")
    func bodyRemovedOnOutcome() throws {
        let disk = FakeDataProtection()
        disk.unlockedSinceBoot = true
        let name = UploadBodyFile.name(for: Self.batch)
        try disk.create(name)
        // The outcome's task description names the batch; the adapter removes its file.
        if let batch = UploadBodyFile.batch(ofName: name) { disk.remove(UploadBodyFile.name(for: batch)) }
        #expect(disk.files.isEmpty)
    }

    @Test("at launch only Wakeful's body files older than a week are removed")
    func leftovers() {
        let now: TimeInterval = 30 * 86_400
        let files: [(name: String, modified: TimeInterval)] = [
            (UploadBodyFile.name(for: Self.batch), 0),
            (UploadBodyFile.name(for: UUID(uuidString: "00000000-0000-4000-8000-0000000000B2")!), now - 60),
            ("wakeful-not-a-batch.json", 0),
            ("photo.jpg", 0),
        ]
        #expect(UploadBodyFile.leftovers(files, now: now) == [UploadBodyFile.name(for: Self.batch)])
        #expect(UploadBodyFile.batch(ofName: "photo.jpg") == nil)
    }
}
