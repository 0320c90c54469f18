#if canImport(ActivityKit) && canImport(UIKit)
    import ActivityKit
    import Foundation
    import Wakeful

    /// Carries out the core's Live Activity commands with ActivityKit for the app's `Attributes`
    /// type, and reports what ActivityKit's sequences deliver as ``Event``s. Thin: the rules are the
    /// system's and the decisions the strategies' (``LiveActivityTracking``).
    ///
    /// The core's fields become the app's attributes and content through JSON
    /// (``LiveActivityContent``), the form the server's pushes use too. An activity the app requests
    /// is named by the request's `id`; one a push started by `name`, which by default is its
    /// ActivityKit `id` (read a name the server put in the attributes to match its pushes).
    ///
    /// `Activity` is not `Sendable`: it is only touched synchronously on the main actor, or inside
    /// a task of its own that looks it up by `id`; only its `id`, attributes, tokens and states
    /// cross to the main actor.
    ///
    /// ```swift
    /// configuration.liveActivities = LiveActivityAdapter<DeliveryAttributes>(name: { attributes, _ in attributes.order })
    /// ```
    @available(iOS 16.2, *)
    @MainActor
    public final class LiveActivityAdapter<Attributes: ActivityAttributes & Sendable>: LiveActivityControlling
    where Attributes.ContentState: Sendable {
        private let name: @MainActor (Attributes, String) -> String
        /// The core's names of the activities this process knows, by ActivityKit `id`.
        private var names: [String: String] = [:]
        /// The loops over ActivityKit's sequences, and the updates and ends under way.
        private var tasks: [Task<Void, Never>] = []
        private var observing = false
        private var deliver: @MainActor (Event) -> Void = { _ in }

        /// An adapter for `Attributes`; `name` names an activity a push started.
        public init(name: @escaping @MainActor (Attributes, _ activityID: String) -> String = { $1 }) {
            self.name = name
        }

        /// The attributes type's name, as `attributes-type` in a push-to-start payload gives it.
        nonisolated static var attributesType: String { String(describing: Attributes.self) }

        public func execute(_ command: Command, deliver: @escaping @MainActor (Event) -> Void) -> String? {
            self.deliver = deliver
            switch command {
            case .requestLiveActivity(let request): return self.request(request)
            case .updateLiveActivity(let id, let content, let staleDate):
                return update(id, content: content, staleDate: staleDate)
            case .endLiveActivity(let id, let content, let dismissal):
                return end(id, content: content, dismissal: dismissal)
            case .observeLiveActivities(let type, let pushToStart):
                guard type == Self.attributesType else { return "attributesTypeNotAdapted" }
                observe(pushToStart: pushToStart)
                return nil
            default: return "notALiveActivityCommand"
            }
        }

        /// Hands an event to the app's strategies.
        private func report(_ event: Event) { deliver(event) }

        /// LIVE-2: "you can only start a Live Activity while the app is in the foreground"; the
        /// thrown `ActivityAuthorizationError` comes back as ``Event/liveActivityRequestFailed(id:error:)``.
        /// https://developer.apple.com/documentation/activitykit/activity/request(attributes:content:pushtype:)
        private func request(_ request: LiveActivityRequest) -> String? {
            let attributes: Attributes
            let content: ActivityContent<Attributes.ContentState>
            do {
                attributes = try LiveActivityContent.decode(Attributes.self, from: request.attributes)
                content = try Self.content(
                    request.contentState, staleDate: request.staleDate, relevance: request.relevanceScore)
            } catch {
                return "contentNotDecodable"
            }
            do {
                let id = try Activity<Attributes>.request(
                    attributes: attributes, content: content, pushType: request.receivesPushUpdates ? .token : nil
                ).id
                names[id] = request.id
                report(
                    .liveActivityStarted(
                        LiveActivityStart(activity: request.id, attributesType: request.attributesType, origin: .app)))
                follow(id, named: request.id)
            } catch let error as ActivityAuthorizationError {
                report(.liveActivityRequestFailed(id: request.id, error: LiveActivityError(error)))
            } catch {
                report(.liveActivityRequestFailed(id: request.id, error: .failed))
            }
            return nil
        }

        /// `update(_:)`, allowed in the background (LIVE-2); empty content keeps what is shown.
        /// https://developer.apple.com/documentation/activitykit/activity/update(_:)
        private func update(_ name: String, content: [Field], staleDate: TimeInterval?) -> String? {
            guard let id = id(of: name) else { return "noSuchActivity" }
            let next: ActivityContent<Attributes.ContentState>?
            do {
                next = content.isEmpty ? nil : try Self.content(content, staleDate: staleDate, relevance: nil)
            } catch {
                return "contentNotDecodable"
            }
            let stale = staleDate.map(Date.init(timeIntervalSince1970:))
            tasks.append(
                Task.detached {
                    guard let activity = Self.activity(id) else { return }
                    await activity.update(
                        next
                            ?? ActivityContent(
                                state: activity.content.state, staleDate: stale ?? activity.content.staleDate))
                })
            return nil
        }

        /// `end(_:dismissalPolicy:)` (LIVE-3); empty content keeps what is shown.
        /// https://developer.apple.com/documentation/activitykit/activity/end(_:dismissalpolicy:)
        private func end(_ name: String, content: [Field], dismissal: LiveActivityDismissal) -> String? {
            guard let id = id(of: name) else { return "noSuchActivity" }
            let last: ActivityContent<Attributes.ContentState>?
            do {
                last = content.isEmpty ? nil : try Self.content(content, staleDate: nil, relevance: nil)
            } catch {
                return "contentNotDecodable"
            }
            let policy: ActivityUIDismissalPolicy =
                switch dismissal {
                case .default: .default
                case .immediate: .immediate
                case .after(let date): .after(Date(timeIntervalSince1970: date))
                }
            tasks.append(
                Task.detached {
                    guard let activity = Self.activity(id) else { return }
                    await activity.end(last, dismissalPolicy: policy)
                })
            return nil
        }

        /// `Activity.activities` now and `activityUpdates` from now on, each followed; with
        /// `pushToStart`, `pushToStartTokenUpdates` (iOS 17.2+, LIVE-4). Once per process.
        /// https://developer.apple.com/documentation/activitykit/activity/activityupdates
        private func observe(pushToStart: Bool) {
            guard !observing else { return }
            observing = true
            for activity in Activity<Attributes>.activities { adopt(activity.id, attributes: activity.attributes) }
            tasks.append(
                Task.detached { [weak self] in
                    for await activity in Activity<Attributes>.activityUpdates {
                        let (id, attributes) = (activity.id, activity.attributes)
                        await self?.adopt(id, attributes: attributes)
                    }
                })
            guard pushToStart, #available(iOS 17.2, *) else { return }
            // "Use the pushToStartTokenUpdates asynchronous sequence to receive an updated push-to-start token."
            tasks.append(
                Task.detached { [weak self] in
                    for await token in Activity<Attributes>.pushToStartTokenUpdates {
                        await self?.report(
                            .liveActivityPushToStartToken(LiveActivityTokenRegistration.hex(Array(token))))
                    }
                })
        }

        /// An activity this process has not named yet: a push started it (LIVE-4, LIVE-7).
        private func adopt(_ id: String, attributes: Attributes) {
            guard names[id] == nil else { return }
            let named = name(attributes, id)
            names[id] = named
            report(
                .liveActivityStarted(
                    LiveActivityStart(activity: named, attributesType: Self.attributesType, origin: .push)))
            follow(id, named: named)
        }

        /// The activity's update tokens (LIVE-5) and states (LIVE-3, LIVE-10), as they come.
        /// https://developer.apple.com/documentation/activitykit/activity/pushtokenupdates-swift.property
        private func follow(_ id: String, named: String) {
            tasks.append(
                Task.detached { [weak self] in
                    guard let activity = Self.activity(id) else { return }
                    for await token in activity.pushTokenUpdates {
                        await self?.report(
                            .liveActivityPushToken(
                                activity: named, token: LiveActivityTokenRegistration.hex(Array(token))))
                    }
                })
            tasks.append(
                Task.detached { [weak self] in
                    guard let activity = Self.activity(id) else { return }
                    for await state in activity.activityStateUpdates {
                        guard let state = LiveActivityState(state) else { continue }
                        await self?.report(.liveActivityStateChanged(activity: named, state: state))
                    }
                })
        }

        /// The ActivityKit `id` of the activity the core calls `name`.
        private func id(of name: String) -> String? {
            names.first { $0.value == name }?.key
        }

        /// The activity with this ActivityKit `id`, looked up where it is used.
        nonisolated private static func activity(_ id: String) -> Activity<Attributes>? {
            Activity<Attributes>.activities.first { $0.id == id }
        }

        private static func content(_ fields: [Field], staleDate: TimeInterval?, relevance: Double?) throws
            -> ActivityContent<Attributes.ContentState>
        {
            ActivityContent(
                state: try LiveActivityContent.decode(Attributes.ContentState.self, from: fields),
                staleDate: staleDate.map(Date.init(timeIntervalSince1970:)), relevanceScore: relevance ?? 0)
        }
    }

    @available(iOS 16.2, *)
    extension LiveActivityState {
        /// https://developer.apple.com/documentation/activitykit/activitystate; nil for `pending`
        /// (iOS 26: scheduled, not yet started), which the core does not model.
        init?(_ state: ActivityState) {
            switch state {
            case .active: self = .active
            case .stale: self = .stale
            case .ended: self = .ended
            case .dismissed: self = .dismissed
            default: return nil
            }
        }
    }

    @available(iOS 16.2, *)
    extension LiveActivityError {
        /// https://developer.apple.com/documentation/activitykit/activityauthorizationerror
        init(_ error: ActivityAuthorizationError) {
            switch error {
            case .unsupported, .unsupportedTarget: self = .unsupported
            case .unentitled: self = .unentitled
            case .denied: self = .denied
            case .visibility: self = .visibility
            case .targetMaximumExceeded, .globalMaximumExceeded: self = .targetMaximumExceeded
            case .attributesTooLarge: self = .attributesTooLarge
            default: self = .failed
            }
        }
    }
#endif
