#if canImport(UIKit)
    import Foundation
    import Wakeful

    /// Carries out ``Command/setTimer(_:)`` and ``Command/cancelTimer(_:)`` with `Timer`s on the main
    /// run loop, and reports each firing as ``Event/timerFired(_:)``.
    ///
    /// Like the model's timers they fire only while the app executes; one that fell due during
    /// suspension fires once when the app next runs.
    @MainActor
    final class RunLoopTimerAdapter {
        private let deliver: @MainActor @Sendable (Event) -> Void
        private var timers: [TimerID: Timer] = [:]

        init(deliver: @escaping @MainActor @Sendable (Event) -> Void) {
            self.deliver = deliver
        }

        /// Schedules (or replaces) a timer in the common modes, so scrolling does not hold it back.
        /// https://developer.apple.com/documentation/foundation/timer/init(timeinterval:repeats:block:)
        /// https://developer.apple.com/documentation/foundation/runloop/add(_:formode:)-392ag
        func set(_ request: TimerRequest) {
            cancel(request.id)
            let id = request.id
            let repeats = request.repeats
            let timer = Timer(timeInterval: request.interval, repeats: repeats) { [weak self] _ in
                // Added to the main run loop, so the block runs on the main thread.
                MainActor.assumeIsolated {
                    if !repeats { self?.timers[id] = nil }
                    self?.deliver(.timerFired(id))
                }
            }
            timers[id] = timer
            RunLoop.main.add(timer, forMode: .common)
        }

        /// Invalidates a timer.
        /// https://developer.apple.com/documentation/foundation/timer/invalidate()
        func cancel(_ id: TimerID) {
            timers.removeValue(forKey: id)?.invalidate()
        }
    }
#endif
