import Hummingbird
import NIOCore
import NIOHTTP1

/// Recognises the errors of a request whose client went away (hung up mid-body, reset the
/// connection) or whose task was cancelled with it: no answer can reach that client, so it is
/// neither a server failure (500) nor worth an error in the log.
enum ClientAbort {
    /// Whether `error` means the connection, not the server, ended the request.
    static func isAbort(_ error: any Error) -> Bool {
        switch error {
        case is CancellationError, is IOError, is ChannelError, is HTTPParserError: true
        default: false
        }
    }
}
