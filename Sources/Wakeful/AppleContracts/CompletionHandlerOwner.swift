import Foundation

/// Who answers a completion handler UIKit hands the app delegate, whether or not Wakeful's agent
/// could be created at launch.
///
/// - A silent push: "you must call the block in the handler parameter or your app will be
///   terminated. Your app has up to 30 seconds of wall-clock time" (UIKit,
///   `application(_:didReceiveRemoteNotification:fetchCompletionHandler:)`).
/// - A background session's relaunch: "You should call the completionHandler as soon as you're
///   finished handling the callbacks" (UIApplication.h, `handleEventsForBackgroundURLSession`).
///
/// An app that keeps Wakeful optional and forwards with `wakeful?.…` drops both handlers when the
/// agent could not be created (the outbox did not open): the push then ends the app 30 s later.
/// Without an agent Wakeful still owns its own handlers and answers them at once: the push with
/// `noData`, the session's events handler without creating the session, so the daemon keeps the
/// events for the session a later launch creates (inference: the header promises delivery once "a
/// session has been created from a configuration object with that identifier"). An identifier that
/// is not Wakeful's stays the app's, agent or not ("a session identifier that is unique within your
/// app").
public enum CompletionHandlerOwner: Sendable, Hashable {
    /// The agent runs: forward the callback; the adapters call the handler.
    case agent
    /// No agent: Wakeful calls the handler now.
    case wakefulWithoutAgent
    /// Not Wakeful's: the app's own code keeps and calls the handler.
    case app

    /// Who answers a silent push's fetch completion.
    public static func remoteNotification(agentRunning: Bool) -> Self {
        agentRunning ? .agent : .wakefulWithoutAgent
    }

    /// Who answers `handleEventsForBackgroundURLSession` for `identifier`.
    ///
    /// - Parameters:
    ///   - agentRunning: Whether the agent exists; with one, ``BackgroundSessionRegistry`` decides
    ///     which identifiers are Wakeful's (it also knows the sessions the core started).
    ///   - ownedWithoutAgent: The identifiers Wakeful owns by configuration: the uploader's and those
    ///     the app listed.
    public static func backgroundSessionEvents(
        _ identifier: String, agentRunning: Bool, ownedWithoutAgent: [String]
    ) -> Self {
        if agentRunning { return .agent }
        let name = BackgroundSessionIdentifier.coreName(of: identifier)
        return ownedWithoutAgent.contains(name) ? .wakefulWithoutAgent : .app
    }
}
