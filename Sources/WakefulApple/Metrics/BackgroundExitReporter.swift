#if canImport(MetricKit) && canImport(UIKit)
    import Foundation
    import MetricKit
    import Wakeful

    /// Subscribes to MetricKit and turns each payload's background-exit counts into a
    /// ``BackgroundExitReport`` for the timeline: why iOS ended the app while nobody watched (TERM-7).
    ///
    /// MetricKit delivers at most one payload a day, for a past period, possibly off the main thread.
    @MainActor
    final class BackgroundExitReporter: NSObject, MXMetricManagerSubscriber {
        private let note: @MainActor @Sendable (TimelineEntry) -> Void

        init(note: @escaping @MainActor @Sendable (TimelineEntry) -> Void) {
            self.note = note
        }

        /// Registers with the shared manager; MetricKit starts collecting on first access.
        /// https://developer.apple.com/documentation/metrickit/mxmetricmanager
        func start() {
            MXMetricManager.shared.add(self)
        }

        /// https://developer.apple.com/documentation/metrickit/mxmetricmanagersubscriber/didreceive(_:)-3zq5g
        /// https://developer.apple.com/documentation/metrickit/mxmetricpayload/applicationexitmetrics
        /// https://developer.apple.com/documentation/metrickit/mxappexitmetric/backgroundexitdata
        nonisolated func didReceive(_ payloads: [MXMetricPayload]) {
            let reports = payloads.compactMap(BackgroundExitReport.init)
            let arrived = Date().timeIntervalSince1970
            Task { @MainActor [note] in
                for report in reports { note(report.timelineEntry(at: arrived)) }
            }
        }
    }

    extension BackgroundExitReport {
        /// The payload's background exits; nil when the payload has no exit metrics.
        /// https://developer.apple.com/documentation/metrickit/mxbackgroundexitdata/cumulativebackgroundtaskassertiontimeoutexitcount
        init?(_ payload: MXMetricPayload) {
            guard let exits = payload.applicationExitMetrics?.backgroundExitData else { return nil }
            self.init(
                periodStart: payload.timeStampBegin.timeIntervalSince1970,
                periodEnd: payload.timeStampEnd.timeIntervalSince1970,
                counts: [
                    .normal: exits.cumulativeNormalAppExitCount,
                    .abnormal: exits.cumulativeAbnormalExitCount,
                    .watchdog: exits.cumulativeAppWatchdogExitCount,
                    .cpuResourceLimit: exits.cumulativeCPUResourceLimitExitCount,
                    .memoryResourceLimit: exits.cumulativeMemoryResourceLimitExitCount,
                    .memoryPressure: exits.cumulativeMemoryPressureExitCount,
                    .badAccess: exits.cumulativeBadAccessExitCount,
                    .illegalInstruction: exits.cumulativeIllegalInstructionExitCount,
                    .backgroundTaskAssertionTimeout: exits.cumulativeBackgroundTaskAssertionTimeoutExitCount,
                    .suspendedWithLockedFile: exits.cumulativeSuspendedWithLockedFileExitCount,
                ])
        }
    }
#endif
