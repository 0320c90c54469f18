import Foundation

/// The temporary file a background upload sends, named by its batch, and when it is removed.
///
/// `uploadTask(with:fromFile:)` reads the body from a file (NSURLSession.h:188–189); nothing in the
/// header says the daemon copies it, so the file stays until the task's outcome arrives and is
/// removed then, on success and on failure alike. Files left by a process that did not live to see
/// the outcome are removed at the next launch once they are older than the longest an upload waits.
public enum UploadBodyFile {
    /// The file name for a batch: `wakeful-<batch>.json`.
    public static func name(for batch: UUID) -> String {
        "wakeful-\(batch.uuidString).json"
    }

    /// The batch a file name belongs to; nil for any other file.
    public static func batch(ofName name: String) -> UUID? {
        guard name.hasPrefix("wakeful-"), name.hasSuffix(".json") else { return nil }
        return UUID(uuidString: String(name.dropFirst("wakeful-".count).dropLast(".json".count)))
    }

    /// The files to remove at launch: Wakeful's body files older than `maximumAge`.
    ///
    /// - Parameters:
    ///   - files: Names in the folder, with their modification times (seconds since 1970).
    ///   - now: The current time, in the same seconds.
    ///   - maximumAge: How long a body may wait for its task; a week by default, the background
    ///     session's resource timeout.
    public static func leftovers(
        _ files: [(name: String, modified: TimeInterval)], now: TimeInterval, maximumAge: TimeInterval = 7 * 86_400
    ) -> [String] {
        files.filter { batch(ofName: $0.name) != nil && now - $0.modified > maximumAge }.map(\.name)
    }
}
