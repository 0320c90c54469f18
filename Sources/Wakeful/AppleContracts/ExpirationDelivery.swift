import Foundation

/// How an expiration handler whose queue the framework does not promise reaches the main actor.
///
/// BGTask.h documents no queue for `expirationHandler` (the launch handler's queue is the
/// registration's, BGTaskScheduler.h), so the handler may run on any thread; assuming the main
/// actor there traps. On the main thread it runs at once, so the task is completed before the
/// handler returns; elsewhere it hops to the main queue.
public enum ExpirationDelivery: Sendable, Hashable {
    /// Already on the main thread: deliver and complete synchronously.
    case synchronous
    /// Off the main thread: dispatch to the main queue, then deliver and complete.
    case hopToMain

    /// The route for a handler running on the main thread or not (`Thread.isMainThread`).
    public static func route(onMainThread: Bool) -> Self {
        onMainThread ? .synchronous : .hopToMain
    }
}
