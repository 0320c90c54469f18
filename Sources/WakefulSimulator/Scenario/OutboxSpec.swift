import Foundation
import Wakeful

/// The app's outbox in a scenario: whether and how it uploads, its retention, which timeline
/// entries it sends, and when its writes happen (`app.outbox` in a scenario file).
///
/// ```json
/// "outbox": {"upload": {"background": true, "batchRecords": 200}, "retention": {"maxCount": 5000},
///            "timeline": "lifecycle", "writes": "beforeCommands"}
/// ```
public struct OutboxSpec: Sendable, Hashable {
    /// How the uploader works; nil to collect without uploading.
    public var upload: Uploader.Configuration?
    /// Retention limits.
    public var retention: RetentionPolicy
    /// Retention is applied again after this many appended records (`AgentConfiguration.retentionEveryRecords`).
    public var retentionEveryRecords: Int
    /// Which timeline entries go to the server.
    public var timeline: TimelineUpload
    /// When the app's database writes happen.
    public var writes: OutboxWriteTiming
    /// The Data Protection class of the outbox's file (DATA-1): while the phone withholds it, every
    /// outbox call fails and the agent holds its records (DATA-4).
    public var protection = DataProtectionClass.completeUntilFirstUserAuthentication
    /// Where the credential the uploads need is kept (DATA-5): while the Keychain withholds it, an
    /// upload is not sent and the uploader waits for the unlock.
    public var credential = KeychainAccessibility.afterFirstUnlock

    /// Creates a spec with the defaults of the app's `AgentConfiguration`: uploads on, default
    /// retention, the lifecycle timeline; writes before commands.
    ///
    /// The defaults are `AgentConfiguration`'s, so a test of `OutboxSpec()` uploads exactly when
    /// an app given `AgentConfiguration()` does.
    public init(
        upload: Uploader.Configuration? = AgentConfiguration().upload,
        retention: RetentionPolicy = AgentConfiguration().retention,
        timeline: TimelineUpload = AgentConfiguration().timeline, writes: OutboxWriteTiming = .beforeCommands,
        retentionEveryRecords: Int = AgentConfiguration().retentionEveryRecords
    ) {
        self.upload = upload
        self.retention = retention
        self.timeline = timeline
        self.writes = writes
        self.retentionEveryRecords = retentionEveryRecords
    }
}

/// When the app's writes to its database happen, relative to the commands of the same event.
public enum OutboxWriteTiming: Sendable, Hashable {
    /// Wakeful's way: each event's writes commit before its commands (such as ending a background
    /// task) are carried out, so the file is never locked when iOS suspends the app.
    case beforeCommands
    /// The common mistake, modelled for comparison: writes go to a background queue and hold the
    /// database file for this many seconds after the event; a suspension inside that window is the
    /// `0xdead10cc` kill (TERM-6).
    case deferred(TimeInterval)
}
