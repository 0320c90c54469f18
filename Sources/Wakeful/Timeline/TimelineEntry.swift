import Foundation

/// One line of a timeline: what happened at a moment, to or by the app, and why.
///
/// A timeline is the structured record of every lifecycle decision. The runtime adds the events it
/// delivers and the commands strategies issue; the simulated device adds the system's decisions
/// (state changes, wakes, grants, refusals, kills) with the rule IDs of
/// `ios-background-policy.md` that made them. Its JSON Lines form is documented in
/// <doc:TimelineFormat>.
public struct TimelineEntry: Sendable, Hashable {
    /// Seconds on the runtime's clock (simulated seconds from the scenario start in the simulator).
    public var time: TimeInterval
    /// What happened.
    public var body: Body

    /// Creates an entry.
    public init(time: TimeInterval, body: Body) {
        self.time = time
        self.body = body
    }

    /// The kinds of timeline entries; each is one `kind` value in the JSON Lines form.
    public enum Body: Sendable, Hashable {
        /// `run`: the header of a timeline (format version, scenario, iOS version, strategies, seed).
        case run([Field])
        /// `user`: something the user or the world did (open the app, press Home, lock, force-quit).
        case user(action: String, fields: [Field])
        /// `state`: the app changed state, with the cause and the rules behind it.
        case state(StateChange)
        /// `event`: an event delivered to the app.
        case event(Event)
        /// `command`: a command a strategy issued.
        case command(Command, by: String)
        /// `decision`: a system decision that is not a state change (a task granted, a wake refused).
        case decision(SystemDecision)
        /// `observation`: what the app saw of its surroundings when it changed since the last entry of
        /// this kind — `network` (``NetworkPath``) and `externalPower` — as ``Context`` reported it
        /// with an event. The agent writes it on a device and in the simulator alike.
        case observation([Field])
        /// `world`: a fact of the simulated world that a device cannot see — where the user is
        /// (`path`), where beacons and accessories are, the charger, the network — written by the
        /// simulator only, so that `wakeful replay` rebuilds the same world.
        case world(fact: String, fields: [Field])
    }

    /// The `kind` value of this entry in JSON Lines.
    public var kind: String {
        switch body {
        case .run: "run"
        case .user: "user"
        case .state: "state"
        case .event: "event"
        case .command: "command"
        case .decision: "decision"
        case .observation: "observation"
        case .world: "world"
        }
    }
}

/// An app state transition as the system made it.
public struct StateChange: Sendable, Hashable, Codable {
    /// The state before.
    public var from: AppState
    /// The state after.
    public var to: AppState
    /// Why, in a word or two: `userOpened`, `noRunReason`, `regionWake`, `taskAssertionTimeout` …
    public var cause: String
    /// The policy rules behind the transition, e.g. `["TASK-13"]`.
    public var rules: [String]
    /// Details, e.g. a termination code.
    public var fields: [Field]

    /// Creates a state change.
    public init(from: AppState, to: AppState, cause: String, rules: [String] = [], fields: [Field] = []) {
        self.from = from
        self.to = to
        self.cause = cause
        self.rules = rules
        self.fields = fields
    }
}

/// A decision of the system that is not a state change: a budget granted, a wake suppressed, a
/// command refused.
public struct SystemDecision: Sendable, Hashable, Codable {
    /// What was decided, e.g. `taskAllowance`, `wakeSuppressed`, `commandRefused`.
    public var name: String
    /// The policy rules behind it.
    public var rules: [String]
    /// Details.
    public var fields: [Field]

    /// Creates a decision.
    public init(name: String, rules: [String] = [], fields: [Field] = []) {
        self.name = name
        self.rules = rules
        self.fields = fields
    }
}
