import Foundation

/// Whether the user lets the app have precise locations (`CLAccuracyAuthorization`, iOS 14+).
///
/// With Precise Location off the app gets ``reduced`` accuracy: a few fixes an hour, kilometres
/// off, and no region or beacon monitoring (AUTH-6). Before iOS 14 every app has ``full``.
public enum AccuracyAuthorization: String, Sendable, Hashable, Codable, CaseIterable {
    /// Precise Location on, or a temporary full-accuracy grant (AUTH-7).
    case full
    /// Precise Location off (AUTH-6).
    case reduced
}
