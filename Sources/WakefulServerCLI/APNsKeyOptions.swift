import ArgumentParser
import WakefulAPNs

/// The APNs token key that `serve` signs provider tokens with and `mock-apns` checks them
/// against: one set of options, spelled alike in both commands.
///
/// `mock-apns` first spelled them `--p8`, `--key-id` and `--team-id`; those still parse, hidden
/// from the help, so existing scripts keep working.
struct APNsKeyOptions: ParsableArguments {
    @Option(help: "The APNs token signing key (.p8, PKCS#8 PEM, from the Apple developer account).")
    var apnsKeyFile: String?

    @Option(help: "The 10-character Key ID of --apns-key-file.")
    var apnsKeyID: String?

    @Option(help: "The 10-character Team ID the key belongs to.")
    var apnsTeamID: String?

    @Option(name: .customLong("p8"), help: .private)
    var oldKeyFile: String?

    @Option(name: .customLong("key-id"), help: .private)
    var oldKeyID: String?

    @Option(name: .customLong("team-id"), help: .private)
    var oldTeamID: String?

    /// The key file, by either spelling.
    var keyFile: String? { apnsKeyFile ?? oldKeyFile }
    /// The Key ID, by either spelling.
    var keyID: String? { apnsKeyID ?? oldKeyID }
    /// The Team ID, by either spelling.
    var teamID: String? { apnsTeamID ?? oldTeamID }

    /// Whether any of the three was given.
    var isGiven: Bool { keyFile != nil || keyID != nil || teamID != nil }

    func validate() throws {
        for (name, old, value, oldValue) in [
            ("--apns-key-file", "--p8", apnsKeyFile, oldKeyFile), ("--apns-key-id", "--key-id", apnsKeyID, oldKeyID),
            ("--apns-team-id", "--team-id", apnsTeamID, oldTeamID),
        ] where value != nil && oldValue != nil {
            throw ValidationError("give \(name) once (\(old) is its old name)")
        }
        guard !isGiven || (keyFile != nil && keyID != nil && teamID != nil) else {
            throw ValidationError("give --apns-key-file, --apns-key-id and --apns-team-id together (or none of them)")
        }
    }

    /// The key read from --apns-key-file, or nil when no key was given.
    ///
    /// - Throws: ``ServeFailure`` naming the option whose value is unusable and the form expected.
    func credentials() throws -> APNsCredentials? {
        guard let keyFile, let keyID, let teamID else { return nil }
        do {
            return try APNsCredentials(teamID: teamID, keyID: keyID, p8File: keyFile)
        } catch let error as APNsCredentialsError {
            let option = ["teamID": "--apns-team-id", "keyID": "--apns-key-id"][error.field] ?? "--apns-key-file"
            throw ServeFailure("\(option): expected \(error.expected)")
        }
    }
}
