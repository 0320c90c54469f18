import BenchmarkSupport
import Foundation
import Wakeful
import WakefulServer

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Hostile connections on raw sockets, from other loopback addresses than the honest clients'
/// 127.0.0.1, as two attackers would come:
/// - from 127.0.0.2, half send an ingest head announcing 100,000 bytes and then one byte (4 per
///   registered attacking device, the server's per-device limit), half connect and send nothing;
/// - from 127.0.0.3, readers that ask for a page of their own device's 10,000 records of 1 kB
///   (10.8 MB, the largest page a client may ask for) with a 4 kB receive buffer, and never read it.
final class HostileCrowd: @unchecked Sendable {  // descriptors are only read, and closed once
    /// What attacks: `connections` stalled and idle connections, `readers` never-reading readers.
    struct Attack: Sendable {
        var connections: Int
        var readers: Int
    }

    private let descriptors: [Int32]
    private let readers: [Int32]

    private init(descriptors: [Int32], readers: [Int32]) {
        self.descriptors = descriptors
        self.readers = readers
    }

    deinit { (descriptors + readers).forEach { close($0) } }

    /// Opens the attack on the server at `port`, whose storage is `storage` (the readers' device
    /// and its records are stored there directly: the attack is reading them, not uploading).
    static func open(_ attack: Attack, port: Int, storage: SQLiteServerStorage) async throws -> HostileCrowd {
        let count = attack.connections
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
        let readerToken = try await storeReadersDevice(in: storage)
        let page =
            "GET /v1/devices/me/records?limit=10000 HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(readerToken)\r\n\r\n"
        // Blocking connects on a Dispatch queue, not on the pool the in-process server uses. A
        // connection the server refuses at once still counts as opened: sending to it may fail.
        let (descriptors, readers) = try await withCheckedThrowingContinuation {
            (continuation: CheckedContinuation<([Int32], [Int32]), any Error>) in
            DispatchQueue.global().async {
                continuation.resume(
                    with: Result {
                        var opened: [Int32] = []
                        var reading: [Int32] = []
                        do {
                            for index in 0..<count {
                                let descriptor = try connectLoopback(port: port, from: "127.0.0.2")
                                opened.append(descriptor)
                                if index < heads.count { sendAll(heads[index], to: descriptor) }
                            }
                            for _ in 0..<attack.readers {
                                let descriptor = try connectLoopback(port: port, from: "127.0.0.3", receiveBuffer: 4096)
                                reading.append(descriptor)
                                sendAll(page, to: descriptor)
                            }
                        } catch {
                            (opened + reading).forEach { close($0) }
                            throw error
                        }
                        return (opened, reading)
                    })
            }
        }
        return HostileCrowd(descriptors: descriptors, readers: readers)
    }

    /// Registers the readers' device straight in storage with 10,000 records of 1 kB; its token.
    private static func storeReadersDevice(in storage: SQLiteServerStorage) async throws -> String {
        let token = BearerToken.generate()
        let install = UUID()
        let device = try await storage.register(
            DeviceRegistration(installID: install, bundleID: "hostile", appVersion: "1", osVersion: "1"),
            tokenHash: BearerToken.hash(token), at: 1_795_248_000)
        let padding = String(repeating: "x", count: 1000)
        for start in stride(from: 1, through: 10_000, by: 1000) {
            let records = (start..<start + 1000).map { n in
                OutboxRecord(
                    uuid: RecordIdentity.uuid(install: install, seq: Int64(n)), seq: Int64(n), kind: "location",
                    payload: #"{"n":\#(n),"pad":"\#(padding)"}"#, recordedAt: 1_795_248_000 + Double(n))
            }
            _ = try await storage.ingest(
                deviceID: device, batchID: UUID(), digest: "\(start)", records: records, receivedAt: 1_795_248_000)
        }
        return token
    }

    /// How many stalled and idle connections the server has not closed yet (a closed one polls
    /// readable, with end of file or an error; the readers, with data unread, cannot tell).
    var stillOpen: Int {
        var polls = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        _ = poll(&polls, nfds_t(polls.count), 0)
        return polls.filter { $0.revents == 0 }.count
    }
}

private func connectLoopback(port: Int, from source: String, receiveBuffer: Int32? = nil) throws -> Int32 {
    #if canImport(Glibc)
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    guard descriptor >= 0 else {
        throw BenchmarkFailure("socket: \(String(cString: strerror(errno))); raise `ulimit -n`")
    }
    if var size = receiveBuffer {
        _ = setsockopt(descriptor, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
    }
    // Another loopback address than the honest clients': another client to the server's caps.
    if withIPv4Address(source, port: 0, { bind(descriptor, $0, $1) }) != 0 {
        let code = errno
        close(descriptor)
        throw BenchmarkFailure("bind \(source): \(String(cString: strerror(code)))")
    }
    guard withIPv4Address("127.0.0.1", port: port, { connect(descriptor, $0, $1) }) == 0 else {
        let code = errno
        close(descriptor)
        throw BenchmarkFailure("connect: \(String(cString: strerror(code)))")
    }
    return descriptor
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

/// Sends `text`, stopping at the first failure: the server may have refused the connection.
private func sendAll(_ text: String, to descriptor: Int32) {
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
        guard sent > 0 else { return }
        offset += sent
    }
}
