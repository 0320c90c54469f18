import Wakeful

/// BGTaskScheduler as its header describes it, recording every broken rule instead of killing the app.
///
/// - "Every identifier in the BGTaskSchedulerPermittedIdentifiers requires a handler. Registration
///   of all launch handlers must be complete before the end of applicationDidFinishLaunching."
/// - "Register each task identifier only once. The system kills the app on the second registration."
/// - A launch for an identifier without a handler ends the app: "No launch handler registered for
///   task with identifier …" (the field's crash text).
/// - BGTask.h: "Not calling setTaskCompletedWithSuccess: before the time for the task expires may
///   result in the system killing your app."
final class FakeTaskScheduler {
    let permitted: [String]
    private var handlers: [String: (FakeTask) -> Void] = [:]
    private var launchEnded = false
    private(set) var violations: [String] = []
    /// BGTask.h names no queue for the expiration handler: the test picks one.
    var expirationRunsOnMainThread = true
    /// Runs what the app dispatched to the main queue before the task's time is up.
    var runMainQueue: () -> Void = {}

    init(permitted: [String]) { self.permitted = permitted }

    /// `MainActor.assumeIsolated`: traps when not on the main thread.
    func assumeMainActor(onMainThread: Bool) {
        if !onMainThread { violations.append("assumeIsolated off the main thread") }
    }

    /// `register(forTaskWithIdentifier:using:launchHandler:)`: false for an identifier not permitted.
    func register(_ identifier: String, handler: @escaping (FakeTask) -> Void) -> Bool {
        if launchEnded { violations.append("registered \(identifier) after launch ended") }
        if handlers[identifier] != nil { violations.append("second registration of \(identifier)") }
        guard permitted.contains(where: { TaskPattern.matches(identifier, $0) }) else { return false }
        handlers[identifier] = handler
        return true
    }

    /// `application(_:didFinishLaunchingWithOptions:)` returned.
    func finishLaunching() { launchEnded = true }

    /// The system launches the app for a task.
    @discardableResult
    func launch(_ identifier: String) -> FakeTask {
        let task = FakeTask(identifier: identifier)
        let handler = handlers.first { TaskPattern.matches(identifier, $0.key) }?.value
        guard let handler else {
            violations.append("No launch handler registered for task with identifier \(identifier)")
            return task
        }
        handler(task)
        return task
    }

    /// The task's time ends: the expiration handler runs, then a task still running is killed.
    func expire(_ task: FakeTask) {
        task.expirationHandler?(expirationRunsOnMainThread)
        runMainQueue()
        if task.completions.isEmpty { violations.append("task \(task.identifier) not completed before it expired") }
    }
}

/// A launched `BGTask`: completed once.
final class FakeTask {
    let identifier: String
    /// Called with whether it runs on the main thread (BGTask.h promises no queue).
    var expirationHandler: ((_ onMainThread: Bool) -> Void)?
    private(set) var completions: [Bool] = []

    init(identifier: String) { self.identifier = identifier }

    func setTaskCompleted(success: Bool) { completions.append(success) }
}

/// Permitted identifiers may be `prefix.*` patterns (continued processing).
enum TaskPattern {
    static func matches(_ identifier: String, _ pattern: String) -> Bool {
        pattern.hasSuffix(".*") ? identifier.hasPrefix(pattern.dropLast()) : identifier == pattern
    }
}
