import BenchmarkSupport
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Hostile connections on raw sockets to 127.0.0.1: half send an ingest head announcing 100,000
/// bytes and then one byte (4 per registered attacking device, the server's per-device limit), half
/// connect and send nothing.
final class HostileCrowd: @unchecked Sendable {  // descriptors are only read, and closed once
    private let descriptors: [Int32]

    private init(descriptors: [Int32]) { self.descriptors = descriptors }

    deinit { descriptors.forEach { close($0) } }

    /// Opens `count` hostile connections to the server at `port`; nil for none.
    static func open(_ count: Int, port: Int) async throws -> HostileCrowd? {
        guard count > 0 else { return nil }
        let stalled = count / 2
        var tokens: [String] = []
        for _ in 0..<((stalled + 3) / 4) {
            tokens.append(
                try await IngestClients.register(base: "http://127.0.0.1:\(port)", install: UUID(), bundle: "hostile"))
        }
        let heads = (0..<stalled).map { index in
            "POST /v1/ingest HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(tokens[index / 4])\r\nIdempotency-Key: \(UUID().uuidString)\r\n"
                + "Content-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"
        }
        // Blocking connects on a Dispatch queue, not on the pool the in-process server uses.
        let descriptors = try await withCheckedThrowingContinuation {
            (continuation: CheckedContinuation<[Int32], any Error>) in
            DispatchQueue.global().async {
                continuation.resume(
                    with: Result {
                        var opened: [Int32] = []
                        do {
                            for index in 0..<count {
                                let descriptor = try connectLoopback(port: port)
                                opened.append(descriptor)
                                if index < heads.count { try sendAll(heads[index], to: descriptor) }
                            }
                        } catch {
                            opened.forEach { close($0) }
                            throw error
                        }
                        return opened
                    })
            }
        }
        return HostileCrowd(descriptors: descriptors)
    }

    /// How many the server has not closed yet (a closed one polls readable, with end of file or an error).
    var stillOpen: Int {
        var polls = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        _ = poll(&polls, nfds_t(polls.count), 0)
        return polls.filter { $0.revents == 0 }.count
    }
}

private func connectLoopback(port: Int) throws -> Int32 {
    #if canImport(Glibc)
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    guard descriptor >= 0 else {
        throw BenchmarkFailure("socket: \(String(cString: strerror(errno))); raise `ulimit -n`")
    }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
    }
    guard connected == 0 else {
        let code = errno
        close(descriptor)
        throw BenchmarkFailure("connect: \(String(cString: strerror(code)))")
    }
    return descriptor
}

private func sendAll(_ text: String, to descriptor: Int32) throws {
    let bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
        #if canImport(Glibc)
            let sent = bytes[offset...].withUnsafeBytes {
                Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
        #else
            let sent = bytes[offset...].withUnsafeBytes { Darwin.send(descriptor, $0.baseAddress, $0.count, 0) }
        #endif
        guard sent > 0 else { throw BenchmarkFailure("send: \(String(cString: strerror(errno)))") }
        offset += sent
    }
}
