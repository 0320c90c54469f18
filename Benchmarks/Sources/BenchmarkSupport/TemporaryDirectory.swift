import Foundation

/// Runs `body` with a new directory under the temporary directory, removed afterwards whatever
/// happens.
///
/// - Parameters:
///   - prefix: The start of the directory's name, such as `wakeful-bench-store`.
///   - body: The work, given the directory.
/// - Returns: What `body` returns.
public func withTemporaryDirectory<T>(_ prefix: String, _ body: (URL) async throws -> T) async throws -> T {
    let directory = try makeTemporaryDirectory(prefix)
    defer { try? FileManager.default.removeItem(at: directory) }
    return try await body(directory)
}

/// The synchronous form of ``withTemporaryDirectory(_:_:)-(_,(URL)async throws->T)``.
public func withTemporaryDirectory<T>(_ prefix: String, _ body: (URL) throws -> T) throws -> T {
    let directory = try makeTemporaryDirectory(prefix)
    defer { try? FileManager.default.removeItem(at: directory) }
    return try body(directory)
}

private func makeTemporaryDirectory(_ prefix: String) throws -> URL {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory
}
