import Foundation
import Wakeful

/// A silent push's fetch completion handler as UIKit documents it: "you must call the block in the
/// handler parameter or your app will be terminated. Your app has up to 30 seconds of wall-clock
/// time". Time is the test's (virtual seconds).
final class FakePushCompletion {
    static let limit: TimeInterval = 30
    let receivedAt: TimeInterval
    private(set) var results: [BackgroundFetchResult] = []
    private(set) var violations: [String] = []

    init(receivedAt: TimeInterval) { self.receivedAt = receivedAt }

    /// The block handed to `application(_:didReceiveRemoteNotification:fetchCompletionHandler:)`.
    func handler(at clock: @escaping () -> TimeInterval) -> (BackgroundFetchResult) -> Void {
        { [self] result in
            if !results.isEmpty { violations.append("completion called twice") }
            if clock() - receivedAt > Self.limit { violations.append("completion called after the 30 s limit") }
            results.append(result)
        }
    }

    /// Whether iOS has terminated the app by `now`.
    func terminated(at now: TimeInterval) -> Bool {
        results.isEmpty && now - receivedAt >= Self.limit
    }
}
