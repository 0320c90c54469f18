import Foundation

/// Seed 003's lost-responses fix: upload what the app collected through a background
/// `URLSession`, so the transfer survives suspension and termination, and complete the
/// `handleEventsForBackgroundURLSession` handler after the outcomes arrive.
///
/// It starts an upload whenever it runs and the last one is at least `uploadInterval` old (a
/// timer while running, and any wake), one at a time. The transfer runs in the daemon (URLS-1):
/// on iOS 7+ it finishes while the app is suspended or terminated, and the app is woken or
/// relaunched for the outcome. An upload created in the background waits out the resume delay,
/// which doubles with each background resume (60 s, 120 s, 240 s, URLS-3) and resets when the
/// user opens the app; a discretionary one waits for Wi-Fi (URLS-2). A force-quit cancels it
/// (URLS-5). iOS 6 has no background sessions. Cost: one radio burst per upload (ENERGY-2).
/// App Review risk: low (no background mode).
///
/// Records `upload` (or `recordKind`) for each upload the server accepted, `uploadFailed` otherwise.
///
/// What it loses under When-In-Use or with Precise Location off: nothing of its own, as it uses
/// no location service (``Requirements/locationCapabilities`` is empty); the app's features may.
public struct BackgroundTransfer: Strategy {
    /// Configuration.
    public struct Options: Sendable, Hashable, Codable {
        /// The background session's identifier.
        public var session: String
        /// Bytes per upload.
        public var bytesPerUpload: Int
        /// Minimum seconds between uploads (≥ 0). With 0 no timer runs: every wake starts the next
        /// upload, paced by the resume delay (URLS-3).
        public var uploadInterval: TimeInterval
        /// `isDiscretionary` (URLS-2).
        public var discretionary: Bool
        /// The kind of the record written for an accepted upload.
        public var recordKind: String

        /// Creates options.
        public init(
            session: String = "wakeful.upload", bytesPerUpload: Int = 50_000, uploadInterval: TimeInterval = 300,
            discretionary: Bool = false, recordKind: String = "upload"
        ) {
            self.session = session
            self.bytesPerUpload = bytesPerUpload
            self.uploadInterval = uploadInterval
            self.discretionary = discretionary
            self.recordKind = recordKind
        }
    }

    /// The upload timer.
    public static let timer: TimerID = "BackgroundTransfer.timer"
    /// Fires just after the session's outcomes were delivered: `urlSessionDidFinishEvents`.
    public static let finishEvents: TimerID = "BackgroundTransfer.finishEvents"

    /// The configuration.
    public var options: Options
    private var uploading = false
    private var lastStart: TimeInterval?
    private var serial = 0
    private var handlerPending = false

    /// Creates the strategy.
    public init(options: Options = Options()) {
        self.options = options
    }

    public var name: String { "BackgroundTransfer" }
    public var requirements: Requirements { Requirements() }

    public mutating func handle(_ event: Event, in context: Context) -> [Command] {
        var commands: [Command] = []
        switch event {
        case .didFinishLaunching(let reason):
            // With no interval every wake starts the next upload; a timer of period 0 would only spin.
            if options.uploadInterval > 0 {
                commands.append(
                    .setTimer(TimerRequest(id: Self.timer, interval: options.uploadInterval, repeats: true)))
            }
            // A relaunch for the session's events brings the outcome of the upload in flight first.
            if reason == .urlSession { uploading = true }
        case .urlSessionEvents(let session) where session == options.session:
            handlerPending = true
            return [.setTimer(TimerRequest(id: Self.finishEvents, interval: 0.001))]
        case .timerFired(Self.finishEvents):
            guard handlerPending else { return [] }
            handlerPending = false
            return [.completeBackgroundEvents(session: options.session)] + startIfDue(context)
        case .urlSessionTaskCompleted(let result) where result.sessionIdentifier == options.session:
            uploading = false
            if let status = result.statusCode, (200..<300).contains(status) {
                commands.append(
                    .record(
                        Record(
                            kind: options.recordKind,
                            fields: [
                                Field("task", .string(result.taskDescription)),
                                Field("appState", .string(context.appState.rawValue)),
                            ])))
            } else {
                commands.append(
                    .record(
                        Record(
                            kind: "uploadFailed",
                            fields: [
                                Field("task", .string(result.taskDescription)),
                                Field("error", .string(result.error ?? "HTTP \(result.statusCode ?? 0)")),
                            ])))
            }
            // Inside the events handler the next upload waits for its completion.
            if handlerPending { return commands }
        default:
            break
        }
        return commands + startIfDue(context)
    }

    private mutating func startIfDue(_ context: Context) -> [Command] {
        guard !uploading, !handlerPending, lastStart.map({ context.now - $0 >= options.uploadInterval - 0.001 }) ?? true
        else { return [] }
        uploading = true
        lastStart = context.now
        serial += 1
        return [
            .startTransfer(
                TransferRequest(
                    session: options.session, taskDescription: "upload \(serial)", direction: .upload,
                    bytes: options.bytesPerUpload, discretionary: options.discretionary))
        ]
    }
}

extension BackgroundTransfer.Options: RangeCheckedOptions {
    public var rangeViolations: [OptionRangeViolation] {
        [
            OptionRange.positive("bytesPerUpload", Double(bytesPerUpload), unit: "bytes"),
            OptionRange.nonNegative("uploadInterval", uploadInterval, unit: "seconds"),
        ].compactMap { $0 }
    }
}
