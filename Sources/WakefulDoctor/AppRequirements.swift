import Foundation
import Wakeful

/// What an app's Wakeful configuration needs from its Info.plist, strategy by strategy, so that
/// findings can name the strategy behind each need.
public struct AppRequirements: Sendable, Hashable {
    /// One strategy (or app feature, or the job scheduler) and what it declares.
    public struct Entry: Sendable, Hashable {
        /// The strategy's name.
        public var name: String
        /// Its `Requirements`.
        public var requirements: Requirements

        /// Creates an entry.
        public init(name: String, requirements: Requirements) {
            self.name = name
            self.requirements = requirements
        }
    }

    /// Where the configuration came from, as messages name it (`gas.json, setup TaskExtension`).
    public var source: String
    /// The strategies, in the order the app runs them.
    public var entries: [Entry]

    /// Creates requirements from entries.
    public init(source: String, entries: [Entry]) {
        self.source = source
        self.entries = entries
    }

    /// Reads the requirements of the strategies an app runs.
    public init(source: String, strategies: [any Strategy]) {
        self.init(source: source, entries: strategies.map { Entry(name: $0.name, requirements: $0.requirements) })
    }

    /// Everything together (`Requirements.combined(_:)`).
    public var combined: Requirements { Requirements.combined(entries.map(\.requirements)) }

    /// The names of the strategies that need `mode`, for messages.
    func users(of mode: BackgroundMode) -> [String] {
        entries.filter { $0.requirements.backgroundModes.contains(mode) }.map(\.name)
    }

    /// The names of the strategies that submit `identifier`.
    func users(ofIdentifier identifier: String) -> [String] {
        entries.filter { $0.requirements.taskIdentifiers.contains(identifier) }.map(\.name)
    }

    /// The names of the strategies whose location authorization needs `description`.
    func users(of description: UsageDescription) -> [String] {
        entries.filter { UsageDescription.required(for: $0.requirements).contains(description) }.map(\.name)
    }
}
