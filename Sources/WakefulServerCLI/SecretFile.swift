import Foundation
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import WakefulServer

/// A secret's file (the admin token, the configuration signing key): read it, or create it with a
/// new secret and mode 0600.
///
/// Several servers may start at once on one new file: the file is written under a temporary name
/// and linked into place, which never replaces a file, so exactly one secret wins and every server
/// reads the complete winner.
struct SecretFile {
    /// The option that names the file, for messages.
    let option: String
    /// What the file holds, for messages.
    let noun: String
    /// Makes a new secret.
    let make: @Sendable () -> String

    /// The admin token's file (`--admin-token-file`).
    static let adminToken = SecretFile(option: "--admin-token-file", noun: "admin token") { BearerToken.generate() }

    /// The configuration signing key's file (`--configuration-key-file`): a new Ed25519 key as base64.
    static let configurationKey = SecretFile(option: "--configuration-key-file", noun: "configuration key") {
        ConfigurationSigner().privateKeyBase64
    }

    /// The secret, and whether the file was created now.
    ///
    /// - Throws: ``ServeFailure`` saying what is wrong with the file or its folder and what to do.
    func load(_ url: URL) throws -> (token: String, created: Bool) {
        if let token = try read(url) { return (token, false) }
        let folder = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(
                at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw ServeFailure(
                "\(option) \(url.path): cannot create its folder \(folder.path) (\(error.localizedDescription)); create the folder or choose another path"
            )
        }
        let token = make()
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).\(getpid()).\(UUID().uuidString)")
        try writeNewFile(token, to: temporary, final: url)
        defer { unlink(temporary.path) }
        if link(temporary.path, url.path) == 0 { return (token, true) }
        let code = errno
        guard code == EEXIST else { throw failure(url, "cannot create the \(noun) file", errno: code) }
        // Another server created it between our look and our link: use its token.
        guard let existing = try read(url) else {
            throw failure(url, "the \(noun) file vanished while starting", errno: ENOENT)
        }
        return (existing, false)
    }

    /// The token in `url`, or nil when there is no such file.
    private func read(_ url: URL) throws -> String? {
        // Absent, or under a path component that is not a folder: to be created (and that reported).
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw ServeFailure(
                "\(option) \(url.path): cannot read it (\(error.localizedDescription)); check its permissions or choose another path"
            )
        }
        let token = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !token.isEmpty else {
            throw ServeFailure("\(option) \(url.path): the file is empty; delete it to have a new \(noun) made")
        }
        return token
    }

    /// Writes `token` to a new file at `temporary`, mode 0600 from the start, and syncs it.
    private func writeNewFile(_ token: String, to temporary: URL, final url: URL) throws {
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard descriptor >= 0 else { throw failure(url, "cannot create the \(noun) file", errno: errno) }
        defer { close(descriptor) }
        let bytes = Array((token + "\n").utf8)
        guard write(descriptor, bytes, bytes.count) == bytes.count, fsync(descriptor) == 0 else {
            let code = errno
            unlink(temporary.path)
            throw failure(url, "cannot write the \(noun) file", errno: code)
        }
    }

    private func failure(_ url: URL, _ what: String, errno code: Int32) -> ServeFailure {
        ServeFailure(
            "\(option) \(url.path): \(what): \(String(cString: strerror(code))) (errno \(code)); check that its folder is writable by this user, or choose another path"
        )
    }
}
