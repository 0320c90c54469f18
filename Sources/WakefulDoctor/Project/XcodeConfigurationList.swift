import Foundation

/// An `XCConfigurationList`: the configurations of a project or target and which one is the default.
public struct XcodeConfigurationList: Sendable, Hashable {
    /// The configurations in the order written.
    public var configurations: [XcodeBuildConfiguration]
    /// `defaultConfigurationName`, the one `xcodebuild` uses when none is given.
    public var defaultConfigurationName: String?

    /// Creates a list.
    public init(configurations: [XcodeBuildConfiguration], defaultConfigurationName: String?) {
        self.configurations = configurations
        self.defaultConfigurationName = defaultConfigurationName
    }

    /// The configuration with that name.
    public subscript(name: String) -> XcodeBuildConfiguration? {
        configurations.first { $0.name == name }
    }
}
