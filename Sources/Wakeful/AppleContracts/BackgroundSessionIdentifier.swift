import Foundation

/// The background session a transfer runs on, given its `discretionary` flag.
///
/// `isDiscretionary` belongs to the session's configuration ("allows background tasks to be
/// scheduled at the discretion of the system", NSURLSession.h), and "When a session is created, a
/// copy of the configuration object is made - you cannot modify the configuration of a session after
/// it has been created". One session per identifier ("unique within your app") therefore cannot run
/// both kinds: a transfer of session `X` that asks for the other flag than `X`'s would run with
/// `X`'s. So discretionary transfers of `X` run on a session of their own, `X.discretionary`, and
/// what that session reports (its relaunch, its outcomes) is reported to the core under `X`, the name
/// the strategies issued and match on.
public enum BackgroundSessionIdentifier {
    /// What the discretionary session's identifier adds to the core's name.
    public static let discretionarySuffix = ".discretionary"

    /// The identifier of the real session for a transfer of the core's session `session`.
    public static func session(_ session: String, discretionary: Bool) -> String {
        discretionary ? session + discretionarySuffix : session
    }

    /// The core's name for a real session: the identifier without the discretionary suffix.
    public static func coreName(of identifier: String) -> String {
        identifier.hasSuffix(discretionarySuffix) ? String(identifier.dropLast(discretionarySuffix.count)) : identifier
    }

    /// Both real sessions of a core session, for a cancel that must reach every transfer of it.
    public static func sessions(of session: String) -> [String] {
        [session, session + discretionarySuffix]
    }
}
