import Foundation

/// An Info.plist string that refers to build settings doctor does not know, left as written.
public struct UnexpandedValue: Sendable, Hashable {
    /// The top-level key it is under.
    public var key: String
    /// Where in the value: the key, `BGTaskSchedulerPermittedIdentifiers[1]`, `NSAppTransportSecurity.NSExceptionDomains`.
    public var path: String
    /// The string with the known settings expanded and the unknown ones as written.
    public var value: String
    /// The settings it refers to that have no value, sorted.
    public var names: [String]
    /// Where the value is written.
    public var location: Finding.Location?

    /// Creates a record.
    public init(key: String, path: String, value: String, names: [String], location: Finding.Location?) {
        self.key = key
        self.path = path
        self.value = value
        self.names = names
        self.location = location
    }
}
