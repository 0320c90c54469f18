/// A benchmark saw something other than what it measures: an answer the server should not have
/// given, a record missing from a read, a connection it could not open. The message says which.
public struct BenchmarkFailure: Error, CustomStringConvertible {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
