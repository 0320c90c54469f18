import Hummingbird
import NIOCore

/// The server's request context: Hummingbird's basic one plus the client's address, which the
/// registration rate limit counts by.
public struct WakefulRequestContext: RequestContext, RemoteAddressRequestContext {
    public var coreContext: CoreRequestContextStorage
    /// The connected peer (a proxy's address when the server runs behind one), or nil in router tests.
    public let remoteAddress: SocketAddress?

    /// Creates the context of a request arriving on `source`'s channel.
    public init(source: ApplicationRequestContextSource) {
        coreContext = CoreRequestContextStorage(source: source)
        remoteAddress = source.channel.remoteAddress
    }
}
