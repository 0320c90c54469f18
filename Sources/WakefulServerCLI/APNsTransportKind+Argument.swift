import ArgumentParser
import WakefulAPNs

/// `serve --apns-transport` and `bench-push --transport` take the raw values: `http2-frames`, `async-http-client`.
extension APNsTransportKind: ExpressibleByArgument {
    /// The name in bench-push's table.
    var title: String {
        switch self {
        case .http2Frames: "HTTP/2 frames"
        case .asyncHTTPClient: "AsyncHTTPClient"
        }
    }
}
