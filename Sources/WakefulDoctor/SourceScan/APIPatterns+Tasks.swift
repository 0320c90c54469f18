import Foundation

extension APIPatterns {
    /// `BGAppRefreshTaskRequest(identifier: id)` (also `.init(identifier:)`), Objective-C
    /// `[[BGAppRefreshTaskRequest alloc] initWithIdentifier:id]`; the same for processing and
    /// continued-processing requests. `let request = …` remembers the identifier for `submit(request)`.
    mutating func matchTaskRequest(_ api: SourceAPI, at index: Int) {
        guard !source.isDeclared(index), let identifier = requestIdentifier(typeAt: index) else { return }
        record(api, at: index, identifier: identifier.value)
        if let value = identifier.value, let variable = assignedVariable(before: identifier.start) {
            requestIdentifiers[variable] = value
        }
    }

    /// The identifier of the request constructed with the type name at `index`, and where the
    /// construction expression starts; nil when the type is not constructed there.
    func requestIdentifier(typeAt index: Int) -> (value: SourceIdentifier?, start: Int)? {
        switch source.language {
        case .swift:
            var open = index + 1
            if source.isPunctuation(open, "."), source.isIdentifier(open + 1, "init") { open += 2 }
            guard source.isPunctuation(open, "(") else { return nil }
            return (source.argument("identifier", open: open).flatMap(expression.identifier), index)
        case .objectiveC:
            guard source.isPunctuation(index - 1, "["), source.isPunctuation(index - 2, "["),
                source.isIdentifier(index + 1, "alloc"),
                source.isPunctuation(index + 2, "]"), source[index + 3]?.text.hasPrefix("initWithIdentifier") == true,
                source.isPunctuation(index + 4, ":")
            else { return nil }
            return (expression.identifier(source.messageArgument(colon: index + 4)), index - 2)
        }
    }

    /// `name` in `let name = …`, `name = …` or `Type *name = …` ending just before `start`.
    private func assignedVariable(before start: Int) -> String? {
        guard source.isPunctuation(start - 1, "="), let name = source[start - 2], name.kind == .identifier else {
            return nil
        }
        return name.text
    }

    /// `BGTaskScheduler.shared.register(forTaskWithIdentifier: id, using: nil) { … }`; Objective-C
    /// `[scheduler registerForTaskWithIdentifier:id usingQueue:nil launchHandler:^…]`; SwiftUI
    /// `.backgroundTask(.appRefresh(id))` (a register) and `.backgroundTask(.urlSession(id))` (a
    /// background session's events handled).
    mutating func matchRegister(_ name: String, at index: Int) {
        switch name {
        case "register":
            guard source.language == .swift, source.isMember(index), isCall(index),
                let value = source.argument("forTaskWithIdentifier", open: index + 1)
            else { return }
            record(.taskRegister, at: index, identifier: expression.identifier(value))
        case "registerForTaskWithIdentifier":
            guard isCall(index), let value = messageValue(at: index) else { return }
            record(.taskRegister, at: index, identifier: expression.identifier(value))
        default:
            guard source.language == .swift, source.isMember(index), source.isPunctuation(index + 1, "("),
                source.isPunctuation(index + 2, "."), let kind = source[index + 3],
                source.isPunctuation(index + 4, "("),
                let close = source.closing(of: index + 4)
            else { return }
            let identifier = expression.identifier((index + 5)..<close)
            switch kind.text {
            case "appRefresh": record(.taskRegister, at: index, identifier: identifier)
            case "urlSession": record(.backgroundURLSessionHandler, at: index, identifier: identifier)
            default: break
            }
        }
    }

    /// `submit(request)` on a scheduler, in a file that names `BGTaskScheduler` (the receiver's type
    /// is not known from tokens, and `submit(_:)` is a common name); Objective-C
    /// `[scheduler submitTaskRequest:request error:&error]`.
    mutating func matchSubmit(_ name: String, at index: Int) {
        switch name {
        case "submit":
            guard source.language == .swift, source.mentionsTaskScheduler, source.isMember(index), isCall(index) else {
                return
            }
            let arguments = source.arguments(open: index + 1)
            guard arguments.count == 1, let only = arguments.first, only.label == nil else { return }
            submits.append((index, only.value))
        default:
            guard isCall(index), let value = messageValue(at: index) else { return }
            submits.append((index, value))
        }
    }

    /// Records each submit with the identifier of the request it submits, when the request is a
    /// variable assigned a construction in the same file or is constructed in place.
    mutating func resolveSubmits() {
        for submit in submits {
            var identifier: SourceIdentifier?
            let range = submit.argument
            if range.count == 1, let name = source[range.lowerBound], name.kind == .identifier {
                identifier = requestIdentifiers[name.text]
            } else if let type = range.first(where: { Self.taskRequests[source.tokens[$0].text] != nil }) {
                identifier = requestIdentifier(typeAt: type)?.value
            }
            record(.taskSubmit, at: submit.index, identifier: identifier)
        }
    }

    /// A Swift app-delegate method: `func application(_:performFetchWithCompletionHandler:)`,
    /// `func application(_:didReceiveRemoteNotification:fetchCompletionHandler:)` (or its `async`
    /// form without the handler), `func application(_:handleEventsForBackgroundURLSession:completionHandler:)`.
    mutating func matchSwiftDelegateMethod(at index: Int) {
        guard source.language == .swift, source.isIdentifier(index - 1, "func"), source.isPunctuation(index + 1, "("),
            let close = source.closing(of: index + 1)
        else { return }
        let labels = Set(source.arguments(open: index + 1).map { $0.label ?? source.tokens[$0.value.lowerBound].text })
        let isAsync = source.isIdentifier(close + 1, "async")
        if labels.contains("performFetchWithCompletionHandler") {
            record(.legacyFetchHandler, at: index)
        }
        if labels.contains("didReceiveRemoteNotification"), labels.contains("fetchCompletionHandler") || isAsync {
            record(.remoteNotificationHandler, at: index)
        }
        if labels.contains("handleEventsForBackgroundURLSession") {
            record(.backgroundURLSessionHandler, at: index)
        }
    }

    /// The same delegate methods implemented in Objective-C (a header followed by a body; a
    /// declaration in an `@interface` does not count).
    mutating func matchMethodHeaders() {
        for header in source.methodHeaders where header.isDefinition {
            switch header.selector {
            case ["application", "performFetchWithCompletionHandler"]:
                record(.legacyFetchHandler, at: header.nameIndex)
            case ["application", "didReceiveRemoteNotification", "fetchCompletionHandler"]:
                record(.remoteNotificationHandler, at: header.nameIndex)
            case ["application", "handleEventsForBackgroundURLSession", "completionHandler"]:
                record(.backgroundURLSessionHandler, at: header.nameIndex)
            default:
                break
            }
        }
    }

    /// `URLSessionConfiguration.background(withIdentifier: id)` or `.background(withIdentifier: id)`
    /// (the label is specific to URL sessions); Objective-C
    /// `[NSURLSessionConfiguration backgroundSessionConfigurationWithIdentifier:id]` and the
    /// deprecated `backgroundSessionConfiguration:`.
    mutating func matchBackgroundSession(_ name: String, at index: Int) {
        if name == "background" {
            guard source.language == .swift, source.isMember(index), isCall(index),
                let value = source.argument("withIdentifier", open: index + 1)
            else { return }
            record(.backgroundURLSession, at: index, identifier: expression.identifier(value))
        } else {
            guard source.language == .objectiveC, isCall(index), let value = messageValue(at: index) else { return }
            record(.backgroundURLSession, at: index, identifier: expression.identifier(value))
        }
    }
}
