import ArgumentParser
import AsyncHTTPClient
import Foundation
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import NIOCore
import NIOHTTP1
import WakefulAPNs  // Duration.secondsValue

extension BenchServer {
    /// `--hostile 200,1000` as numbers.
    var hostileCounts: [Int] {
        (hostile ?? "").split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
    }

    /// Each count a number from 1 to 5,000 (each is a file descriptor here and one in the server).
    func validateHostile() throws {
        guard let hostile else { return }
        let parts = hostile.split(separator: ",", omittingEmptySubsequences: false)
        guard !parts.isEmpty, parts.allSatisfy({ Int($0.trimmingCharacters(in: .whitespaces)).map { (1...5000).contains($0) } ?? false }) else {
            throw ValidationError("--hostile \(hostile): expected counts from 1 to 5000 separated by commas, such as 200,1000")
        }
    }

    /// Honest ingest with each `--hostile` count of hostile connections open, beside a quiet run
    /// (none open) in the same invocation: records/s and p99, and each as a ratio to the quiet run.
    func reportHostile(_ workload: IngestWorkload) async throws {
        let counts = [0] + hostileCounts
        var rows: [(count: Int, measurement: IngestMeasurement)] = []
        for count in counts { rows.append((count, try await measureServer(workload, hostileConnections: count))) }
        let quiet = rows[0].measurement
        print("")
        print("honest ingest with hostile connections open (half stalled uploads, 4 per attacking device; half idle)")
        print(hostilePad("hostile", 10) + hostilePad("records/s", 12) + hostilePad("p99", 12) + hostilePad("records/s ratio", 18)
            + hostilePad("p99 ratio", 12) + "hostile still open at the end")
        for (count, measurement) in rows {
            print(
                hostilePad(String(count), 10) + hostilePad(String(Int(measurement.recordsPerSecond.rounded())), 12)
                    + hostilePad(String(format: "%.1f ms", measurement.p99.secondsValue * 1000), 12)
                    + hostilePad(String(format: "%.2f", measurement.recordsPerSecond / quiet.recordsPerSecond), 18)
                    + hostilePad(String(format: "%.2f", measurement.p99.secondsValue / quiet.p99.secondsValue), 12)
                    + (measurement.hostileStillOpen.map(String.init) ?? "-"))
        }
        print("ratios: to the quiet run (0 hostile) of this invocation; a new server on a new database for each row.")
    }
}

/// Hostile connections for the benchmark, on raw sockets to 127.0.0.1: half send an ingest head
/// announcing 100,000 bytes and then one byte (4 per registered attacking device, the server's
/// per-device limit), half connect and send nothing.
final class HostileCrowd: @unchecked Sendable {  // descriptors are only read, and closed once
    private let descriptors: [Int32]

    private init(descriptors: [Int32]) { self.descriptors = descriptors }

    deinit { descriptors.forEach { close($0) } }

    /// Opens `count` hostile connections to the server at `port`.
    static func open(_ count: Int, port: Int) async throws -> HostileCrowd? {
        guard count > 0 else { return nil }
        let stalled = count / 2
        var tokens: [String] = []
        for _ in 0..<((stalled + 3) / 4) { tokens.append(try await register(port: port)) }
        let heads = (0..<stalled).map { index in
            "POST /v1/ingest HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(tokens[index / 4])\r\nIdempotency-Key: \(UUID().uuidString)\r\n"
                + "Content-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"
        }
        // Blocking connects on a Dispatch queue, not on the pool the in-process server uses.
        let descriptors = try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<[Int32], any Error>) in
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

    private static func register(port: Int) async throws -> String {
        var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)/v1/devices/register")
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/json")
        request.body = .bytes(ByteBuffer(string: #"{"install_id":"\#(UUID().uuidString)","bundle_id":"hostile","app_version":"1","os_version":"1"}"#))
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(30))
        let body = try await response.body.collect(upTo: 1 << 16)
        guard response.status == .created, let object = try JSONSerialization.jsonObject(with: Data(body.readableBytesView)) as? [String: Any],
            let token = object["token"] as? String
        else { throw HostileCrowdError(message: "registering an attacking device failed: \(response.status) \(String(buffer: body))") }
        return token
    }
}

/// A hostile connection could not be made; the message says which call failed.
struct HostileCrowdError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

private func connectLoopback(port: Int) throws -> Int32 {
    #if canImport(Glibc)
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    guard descriptor >= 0 else { throw HostileCrowdError(message: "socket: \(String(cString: strerror(errno))); raise `ulimit -n`") }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard connected == 0 else {
        let code = errno
        close(descriptor)
        throw HostileCrowdError(message: "connect: \(String(cString: strerror(code)))")
    }
    return descriptor
}

private func sendAll(_ text: String, to descriptor: Int32) throws {
    let bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
        #if canImport(Glibc)
            let sent = bytes[offset...].withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        #else
            let sent = bytes[offset...].withUnsafeBytes { Darwin.send(descriptor, $0.baseAddress, $0.count, 0) }
        #endif
        guard sent > 0 else { throw HostileCrowdError(message: "send: \(String(cString: strerror(errno)))") }
        offset += sent
    }
}

private func hostilePad(_ text: String, _ width: Int) -> String { text.padding(toLength: max(width, text.count + 1), withPad: " ", startingAt: 0) }
