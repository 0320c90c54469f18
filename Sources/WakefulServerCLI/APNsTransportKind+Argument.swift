import ArgumentParser
import WakefulAPNs

/// `serve --apns-transport` takes the raw values: `http2-frames`, `async-http-client`.
extension APNsTransportKind: ExpressibleByArgument {}
