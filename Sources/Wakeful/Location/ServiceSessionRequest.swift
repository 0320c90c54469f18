import Foundation

/// A `CLServiceSession` (iOS 18) as the app asks for it: the authorization it needs and, optionally,
/// a purpose key for full accuracy.
///
/// For an app that sets `NSLocationRequireExplicitServiceSession`, Always authorization applies
/// only while it holds a session requiring Always (LOC-9). Sessions are created in the foreground;
/// they are not ended by time but at the next launch, after which the app must create them again
/// within a few seconds or run without (LOC-32).
///
/// ```swift
/// .startServiceSession(ServiceSessionRequest(authorization: .always))
/// ```
public struct ServiceSessionRequest: Sendable, Hashable, Codable {
    /// `CLServiceSession.AuthorizationRequirement`: `whenInUse` or `always`.
    public var authorization: LocationAuthorization
    /// The key of `NSLocationTemporaryUsageDescriptionDictionary` for full accuracy (AUTH-7); nil for none.
    public var fullAccuracyPurposeKey: String?

    /// Creates a request.
    public init(authorization: LocationAuthorization, fullAccuracyPurposeKey: String? = nil) {
        self.authorization = authorization
        self.fullAccuracyPurposeKey = fullAccuracyPurposeKey
    }
}
