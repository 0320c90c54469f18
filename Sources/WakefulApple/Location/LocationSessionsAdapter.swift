#if canImport(CoreLocation) && canImport(UIKit)
    import CoreLocation
    import Foundation
    import UIKit
    import Wakeful

    /// Carries out the core's live-update and session commands with `CLLocationUpdate` and
    /// `CLBackgroundActivitySession` (iOS 17) and `CLServiceSession` (iOS 18), and reports what they
    /// deliver as ``Event``s. On an earlier release a command does nothing: the APIs do not exist.
    ///
    /// Each object lives as long as the adapter holds it; `invalidate()` ends it at once (LOC-31).
    @MainActor
    final class LocationSessionsAdapter {
        private let deliver: @MainActor @Sendable (Event) -> Void
        /// The loop over `CLLocationUpdate.liveUpdates`, while it runs.
        private var liveUpdates: Task<Void, Never>?
        /// The `CLBackgroundActivitySession` and the loop over its diagnostics (iOS 18).
        private var backgroundActivity: (session: AnyObject, diagnostics: Task<Void, Never>?)?
        /// The `CLServiceSession` and the loop over its diagnostics.
        private var service: (session: AnyObject, diagnostics: Task<Void, Never>)?
        /// Whether `didFinishLaunching` is being delivered: a session taken then counts as retaken
        /// "immediately when launched in the background" (CLServiceSession.h).
        var launching = false

        init(deliver: @escaping @MainActor @Sendable (Event) -> Void) {
            self.deliver = deliver
        }

        // MARK: Live updates (LOC-8)

        /// ``Command/startLiveUpdates(_:)``: every element becomes ``Event/liveLocationUpdate(_:)``.
        /// https://developer.apple.com/documentation/corelocation/cllocationupdate/liveupdates(_:)
        func startLiveUpdates(_ configuration: LocationRequest.ActivityType) {
            guard #available(iOS 17.0, *) else { return }
            liveUpdates?.cancel()
            let deliver = deliver
            liveUpdates = Self.loop(configuration) { deliver(.liveLocationUpdate(LiveLocationUpdate($0))) }
        }

        /// ``Command/stopLiveUpdates``: the loop ends, and with it the updates.
        func stopLiveUpdates() {
            liveUpdates?.cancel()
            liveUpdates = nil
        }

        /// A loop over `CLLocationUpdate.liveUpdates(_:)` that hands each update to `handle` until cancelled.
        @available(iOS 17.0, *)
        static func loop(
            _ configuration: LocationRequest.ActivityType, handle: @escaping @MainActor (CLLocationUpdate) -> Void
        ) -> Task<Void, Never> {
            // The sequence ends with an error only when Core Location stops it; the core hears of
            // the authorization change through `locationManagerDidChangeAuthorization`.
            forEach(CLLocationUpdate.liveUpdates(CLLocationUpdate.LiveConfiguration(configuration)), handle)
        }

        /// A task on the main actor that hands each element of `sequence` to `handle` until the
        /// sequence ends, fails or the task is cancelled.
        static func forEach<Sequence: AsyncSequence>(
            _ sequence: sending Sequence, _ handle: @escaping @MainActor (Sequence.Element) -> Void
        ) -> Task<Void, Never> {
            Task { @MainActor in
                do {
                    for try await element in sequence { handle(element) }
                } catch {
                    // Ends with the sequence: the core learns why from its own events.
                }
            }
        }

        // MARK: CLBackgroundActivitySession (LOC-8, LOC-31)

        /// ``Command/startBackgroundActivitySession``. A start while one is held keeps it: replacing it
        /// from the background would end it before the new one exists, which is then not a
        /// reattach (LOC-8, LOC-31); the simulator keeps it too.
        /// https://developer.apple.com/documentation/corelocation/clbackgroundactivitysession-3mzv3
        func startBackgroundActivitySession() {
            guard #available(iOS 17.0, *), backgroundActivity == nil else { return }
            let session = CLBackgroundActivitySession()
            var diagnostics: Task<Void, Never>?
            if #available(iOS 18.0, *) {
                let deliver = deliver
                diagnostics = Self.forEach(session.diagnostics) {
                    deliver(.backgroundActivitySessionDiagnostic($0.flags))
                }
            }
            backgroundActivity = (session, diagnostics)
        }

        /// ``Command/invalidateBackgroundActivitySession``: the session and its indicator end at once (LOC-31).
        /// https://developer.apple.com/documentation/corelocation/clbackgroundactivitysession-3mzv3/invalidate()
        func invalidateBackgroundActivitySession() {
            guard let held = backgroundActivity else { return }
            held.diagnostics?.cancel()
            if #available(iOS 17.0, *) { (held.session as? CLBackgroundActivitySession)?.invalidate() }
            backgroundActivity = nil
        }

        // MARK: CLServiceSession (LOC-9, LOC-32)

        /// ``Command/startServiceSession(_:)``: creates one, or replaces the one held while the app is
        /// in use or launching; from the background otherwise the held one is kept, as a new one "will
        /// yield the .insufficientlyInUse diagnostic until the app returns to the foreground"
        /// (``LocationSessionPolicy/serviceSession(held:inUse:launching:)``).
        /// https://developer.apple.com/documentation/corelocation/clservicesession-pt7n/init(authorization:fullaccuracypurposekey:)
        func startServiceSession(_ request: ServiceSessionRequest) {
            guard #available(iOS 18.0, *) else { return }
            switch LocationSessionPolicy.serviceSession(
                held: service != nil, inUse: UIApplication.shared.applicationState == .active, launching: launching)
            {
            case .keep: return
            case .create, .replace: invalidateServiceSession()
            }
            let requirement = CLServiceSession.AuthorizationRequirement(
                ServiceSessionRequirement(request.authorization) ?? .none)
            let session =
                request.fullAccuracyPurposeKey.map {
                    CLServiceSession(authorization: requirement, fullAccuracyPurposeKey: $0)
                } ?? CLServiceSession(authorization: requirement)
            let deliver = deliver
            let diagnostics = Self.forEach(session.diagnostics) { deliver(.serviceSessionDiagnostic($0.flags)) }
            service = (session, diagnostics)
        }

        /// ``Command/invalidateServiceSession``.
        /// https://developer.apple.com/documentation/corelocation/clservicesession-pt7n/invalidate()
        func invalidateServiceSession() {
            guard let held = service else { return }
            held.diagnostics.cancel()
            if #available(iOS 18.0, *) { (held.session as? CLServiceSession)?.invalidate() }
            service = nil
        }
    }

    @available(iOS 18.0, *)
    extension CLServiceSession.AuthorizationRequirement {
        /// https://developer.apple.com/documentation/corelocation/clservicesession-pt7n/authorizationrequirement
        init(_ requirement: ServiceSessionRequirement) {
            switch requirement {
            case .none: self = .none
            case .whenInUse: self = .whenInUse
            case .always: self = .always
            }
        }
    }
#endif
