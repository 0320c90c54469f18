import Foundation
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Checks, before anything is created on disk, that `serve` can listen on its address: binds a
/// socket the way the server will (`SO_REUSEADDR`, as NIO's server does) and closes it at once.
enum PortProbe {
    /// Passes when `host:port` can be bound; port 0 always can.
    ///
    /// - Throws: ``ServeFailure`` naming the address, the reason and the option to change.
    static func check(host: String, port: Int) throws {
        guard port != 0 else { return }
        var hints = addrinfo()
        hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
        hints.ai_family = AF_UNSPEC
        #if canImport(Glibc)
            hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
            hints.ai_socktype = SOCK_STREAM
        #endif
        var list: UnsafeMutablePointer<addrinfo>?
        let resolved = getaddrinfo(host, String(port), &hints, &list)
        guard resolved == 0, let first = list else {
            throw ServeFailure(
                "--host \(host): cannot resolve it (\(String(cString: gai_strerror(resolved)))); give an address such as 127.0.0.1 or 0.0.0.0"
            )
        }
        defer { freeaddrinfo(list) }
        let descriptor = socket(first.pointee.ai_family, first.pointee.ai_socktype, first.pointee.ai_protocol)
        guard descriptor >= 0 else { return }  // cannot probe: let the server report what it finds
        defer { close(descriptor) }
        var one: Int32 = 1
        _ = setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        guard bind(descriptor, first.pointee.ai_addr, first.pointee.ai_addrlen) == 0 else {
            let code = errno
            let advice =
                code == EADDRINUSE
                ? "another program is listening there (`ss -ltnp 'sport = :\(port)'` shows which); stop it or choose another --port (0 picks a free one)"
                : code == EACCES
                    ? "ports below 1024 need privileges; choose another --port such as 8080"
                    : code == EADDRNOTAVAIL
                        ? "this machine has no such address; choose another --host" : "choose another --port or --host"
            throw ServeFailure(
                "cannot listen on \(host):\(port): \(String(cString: strerror(code))) (errno \(code)); \(advice)")
        }
    }
}
