import Foundation
import Logging
import Synchronization

/// The messages logged through ``logger(level:)``, each with its metadata, for a test to read what a
/// component decided.
final class RecordedLog: Sendable {
    private let messages = Mutex<[String]>([])

    /// A logger at `level` whose every message lands here.
    func logger(level: Logger.Level = .debug) -> Logger {
        var logger = Logger(label: "test") { _ in Handler(log: self) }
        logger.logLevel = level
        return logger
    }

    /// Whether a message starting with `prefix` was logged.
    func contains(prefix: String) -> Bool {
        messages.withLock { $0.contains { $0.hasPrefix(prefix) } }
    }

    /// Everything logged, a message and its metadata (`key=value`) a line.
    var text: String { messages.withLock { $0.joined(separator: "\n") } }

    private struct Handler: LogHandler {
        let log: RecordedLog
        var logLevel: Logger.Level = .trace
        var metadata: Logger.Metadata = [:]

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            let fields = metadata.merging(event.metadata ?? [:]) { $1 }.sorted { $0.key < $1.key }
            let line = ([event.message.description] + fields.map { "\($0.key)=\($0.value)" }).joined(separator: " ")
            log.messages.withLock { $0.append(line) }
        }
    }
}
