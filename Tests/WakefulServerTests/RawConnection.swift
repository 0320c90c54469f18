import Foundation
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A TCP connection to 127.0.0.1 made with POSIX calls: a hostile client that sends what it
/// likes and then nothing, which no HTTP client library will do.
///
/// Blocking calls run on a Dispatch queue (``RawConnection/offPool(_:)``), never on the Swift
/// concurrency pool the server under test needs.
final class RawConnection: @unchecked Sendable {  // the descriptor is only closed in deinit
    let descriptor: Int32

    /// Connects to 127.0.0.1:`port` from `source`, another loopback address standing for another
    /// client (all of 127.0.0.0/8 reaches the loopback interface), with a receive buffer of
    /// `receiveBuffer` bytes when given (a small one stands for a client that reads slowly).
    init(port: Int, from source: String = "127.0.0.1", receiveBuffer: Int? = nil) throws {
        #if canImport(Glibc)
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw RawConnectionError(call: "socket", errno: errno) }
        if var size = receiveBuffer.map(Int32.init) {
            // Before connecting, so the window the server sees is small from the start.
            _ = setsockopt(descriptor, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        // Bound to the source address only when it is not the default one: a client as any other.
        if source != "127.0.0.1", withIPv4Address(source, port: 0, { bind(descriptor, $0, $1) }) != 0 {
            throw Self.failure("bind \(source)", closing: descriptor)
        }
        guard withIPv4Address("127.0.0.1", port: port, { connect(descriptor, $0, $1) }) == 0 else {
            throw Self.failure("connect", closing: descriptor)
        }
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    /// The error of the call that just failed, after closing `descriptor`.
    private static func failure(_ call: String, closing descriptor: Int32) -> RawConnectionError {
        let code = errno
        close(descriptor)
        return RawConnectionError(call: call, errno: code)
    }

    /// Sends all of `text`.
    func send(_ text: String) throws {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let sent = bytes.withUnsafeBytes { posixSend(descriptor, $0.baseAddress, $0.count) }
            guard sent > 0 else { throw RawConnectionError(call: "send", errno: errno) }
            bytes = bytes.dropFirst(sent)
        }
    }

    /// Everything the server sends until it closes the connection or `timeout` passes.
    func textUntilClosed(timeout: Duration) -> String { textAndClose(timeout: timeout).text }

    /// Everything the server sends until it closes the connection, and whether it did close it
    /// within `timeout` (false: the text is what came before the time ran out).
    func textAndClose(timeout: Duration) -> (text: String, closed: Bool) {
        let deadline = ContinuousClock.now + timeout
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while ContinuousClock.now < deadline {
            var polls = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)]
            guard poll(&polls, 1, 100) > 0 else { continue }
            let count = recv(descriptor, &buffer, buffer.count, 0)
            // 0: the server closed; below 0: it reset the connection, closing it too.
            guard count > 0 else { return (String(decoding: received, as: UTF8.self), true) }
            received += buffer[..<count]
        }
        return (String(decoding: received, as: UTF8.self), false)
    }

    /// What the server has sent so far, without waiting ("" when nothing).
    func pendingText() -> String {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = recv(descriptor, &buffer, buffer.count, Int32(MSG_DONTWAIT))
        return count > 0 ? String(decoding: buffer[..<count], as: UTF8.self) : ""
    }

    /// Posts `body` to `path` on a new connection (`Connection: close`) and returns the answer's
    /// status code, or 0 when none came within 30 s. A fresh connection per request, so no
    /// keep-alive connection of the test's own can hit the server's idle timeout.
    static func post(port: Int, path: String, headers: [String: String], body: [UInt8]) throws -> Int {
        let connection = try RawConnection(port: port)
        var head = "POST \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Length: \(body.count)\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        try connection.send(head + "\r\n" + String(decoding: body, as: UTF8.self))
        var answer = ""
        let deadline = ContinuousClock.now + .seconds(30)
        while ContinuousClock.now < deadline, !answer.contains("\r\n") {
            guard let (_, text) = firstAnswer([connection], timeout: .seconds(1)) else { continue }
            if text.isEmpty { break }
            answer += text
        }
        return answer.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
    }

    /// Waits until the server sends something on one of `connections`, for at most `timeout`.
    ///
    /// - Returns: Which one and what it received first, or nil.
    static func firstAnswer(_ connections: [RawConnection], timeout: Duration) -> (index: Int, text: String)? {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            var polls = connections.map { pollfd(fd: $0.descriptor, events: Int16(POLLIN), revents: 0) }
            guard poll(&polls, nfds_t(polls.count), 100) > 0 else { continue }
            if let index = polls.firstIndex(where: { $0.revents != 0 }) {
                return (index, connections[index].pendingText())
            }
        }
        return nil
    }

    /// Waits until the server has closed every one of `connections` (reading and discarding
    /// whatever it sends first), or until `timeout` has passed.
    ///
    /// - Returns: How many are still open.
    static func waitUntilClosed(_ connections: [RawConnection], timeout: Duration) -> Int {
        let deadline = ContinuousClock.now + timeout
        var open = Set(connections.indices)
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !open.isEmpty, ContinuousClock.now < deadline {
            var polls = open.map { pollfd(fd: connections[$0].descriptor, events: Int16(POLLIN), revents: 0) }
            let indices = Array(open)
            guard poll(&polls, nfds_t(polls.count), 100) >= 0 else { continue }
            for (slot, index) in indices.enumerated() where polls[slot].revents != 0 {
                // 0: the server closed; below 0: reset. Anything else is an answer before the close.
                if recv(connections[index].descriptor, &buffer, buffer.count, 0) <= 0 { open.remove(index) }
            }
        }
        return open.count
    }

    /// Runs blocking `work` on a Dispatch queue and waits for it without holding a pool thread.
    static func offPool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(with: Result { try work() }) }
        }
    }
}

/// A failed POSIX call of ``RawConnection``.
struct RawConnectionError: Error, CustomStringConvertible {
    var call: String
    var errno: Int32
    var description: String { "\(call): \(String(cString: strerror(errno))) (errno \(errno))" }
}

/// Calls `body` with the IPv4 `address`:`port` as a `sockaddr` and its length.
private func withIPv4Address(_ address: String, port: Int, _ body: (UnsafePointer<sockaddr>, socklen_t) -> Int32)
    -> Int32
{
    var ipv4 = sockaddr_in()
    ipv4.sin_family = sa_family_t(AF_INET)
    ipv4.sin_port = in_port_t(UInt16(port).bigEndian)
    ipv4.sin_addr.s_addr = inet_addr(address)
    return withUnsafePointer(to: &ipv4) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
}

/// `send(2)` without SIGPIPE when the server has closed.
private func posixSend(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
        Glibc.send(descriptor, bytes, count, Int32(MSG_NOSIGNAL))
    #else
        Darwin.send(descriptor, bytes, count, 0)
    #endif
}
