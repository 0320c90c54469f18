import Foundation
import Wakeful

/// Why a replay could not start: the input, or what is missing to rebuild the scenario.
///
/// Input errors read like compiler diagnostics (`field.jsonl:12: key "t": expected a number of
/// seconds, found "abc"`); `wakeful replay` exits with status 2 for every case.
public enum ReplayError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A line or an entry of the timeline is malformed: the file, the line, the field and the expected form.
    case input(TimelineDecodingError)
    /// The file cannot be read.
    case unreadable(file: String, reason: String)
    /// Something the re-run needs is neither in the timeline nor given (`--ios`, `--config`).
    case missing(what: String, hint: String)
    /// A `--config` or `--ios` value is unusable.
    case configuration(String)

    public var description: String {
        switch self {
        case .input(let error): error.description
        case .unreadable(let file, let reason):
            "\(file): cannot be read (\(reason)); expected a timeline file (JSON Lines or the server's timeline JSON)"
        case .missing(let what, let hint): "the timeline has no \(what); \(hint)"
        case .configuration(let message): message
        }
    }
}
