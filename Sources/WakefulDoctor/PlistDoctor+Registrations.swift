import Foundation
import Wakeful

extension PlistDoctor {
    /// BGTaskScheduler identifiers in the code against the permitted ones (BGT-9): registered and
    /// not permitted, permitted and never registered, submitted and never registered, submitted and
    /// not permitted.
    ///
    /// Identifiers the Wakeful configuration submits count as registered: WakefulApple registers
    /// their handlers itself. An identifier the code builds at run time matches through its pattern
    /// (`*.refresh`); one with no pattern makes "never registered" unknowable, so those checks are
    /// left out rather than guessed, and a note at that registration says which identifiers went
    /// unchecked.
    static func registrationFindings(
        _ patterns: [IdentifierPattern], _ code: SourceEvidence, requirements: AppRequirements?
    ) -> [Finding] {
        let registrations = code.uses(of: [.taskRegister])
        let requests = code.uses(of: [.appRefreshRequest, .processingRequest, .continuedProcessingRequest])
        let wakeful = requirements?.combined.taskIdentifiers ?? []
        var findings: [Finding] = []

        for registration in registrations {
            guard case .literal(let identifier) = registration.identifier,
                !patterns.contains(where: { $0.matches(identifier) })
            else { continue }
            findings.append(
                Finding(
                    .error, .registeredNotPermitted, key: identifiersKey, value: identifier,
                    message:
                        "\(identifier) is registered at \(registration.place) but not permitted: BGTaskScheduler raises an exception at that registration and the app crashes at launch. Add \(xmlString(identifier)) to BGTaskSchedulerPermittedIdentifiers.",
                    rules: ["BGT-9"], location: registration.location))
        }

        let unknowable = registrations.contains { $0.identifier?.matcher == nil }
        for request in requests {
            guard case .literal(let identifier) = request.identifier else { continue }
            if !patterns.contains(where: { $0.matches(identifier) }), !wakeful.contains(identifier) {
                findings.append(
                    Finding(
                        .error, .identifierNotPermitted, key: identifiersKey, value: identifier,
                        message:
                            "\(identifier) is submitted (\(request.api.phrase) at \(request.place)) but not permitted: submit throws notPermitted and the task never runs. Add \(xmlString(identifier)) to BGTaskSchedulerPermittedIdentifiers.",
                        rules: ["BGT-9"], location: request.location))
            }
            let registered =
                wakeful.contains(identifier) || registrations.contains { $0.identifier?.matcher?(identifier) == true }
            if !registered, !unknowable {
                findings.append(
                    Finding(
                        .error, .submittedNotRegistered, key: identifiersKey, value: identifier,
                        message:
                            "\(identifier) is submitted at \(request.place) but no code registers a launch handler for it: when iOS launches the app for the task it finds no handler and the app is terminated. Register it with BGTaskScheduler.shared.register(forTaskWithIdentifier:using:launchHandler:) before application(_:didFinishLaunchingWithOptions:) returns.",
                        rules: ["BGT-9"], location: request.location))
            }
        }

        if unknowable {
            return findings + notFollowed(registrations, patterns, requests, wakeful: wakeful)
        }
        for pattern in patterns {
            let registered =
                wakeful.contains(where: pattern.matches)
                || registrations.contains { registration in
                    switch registration.identifier {
                    case .literal(let identifier): pattern.matches(identifier)
                    // A run-time identifier such as "\(bundleID).refresh" may be any permitted one its
                    // shape fits; two shapes (a placeholder on both sides) are taken to meet.
                    case .dynamic(_, let shape?):
                        IdentifierPattern(runtimeShape: shape).matches(pattern.expanded) || pattern.isPattern
                    case .dynamic(_, nil), nil: true
                    }
                }
            guard !registered else { continue }
            findings.append(
                Finding(
                    .warning, .permittedNotRegistered, key: identifiersKey, value: pattern.text,
                    message:
                        "\(pattern.text) is permitted but no code registers a launch handler for it. Remove \(xmlString(pattern.text)) if the app no longer schedules that task, or register it before application(_:didFinishLaunchingWithOptions:) returns.",
                    rules: ["BGT-9"]))
        }
        return findings
    }

    /// One note per registration whose identifier cannot be followed, naming the permitted and
    /// submitted identifiers whose handlers therefore went unchecked.
    private static func notFollowed(
        _ registrations: [SourceUse], _ patterns: [IdentifierPattern], _ requests: [SourceUse], wakeful: [String]
    ) -> [Finding] {
        let followed = registrations.compactMap { $0.identifier?.matcher }
        func unchecked(_ identifier: String) -> Bool {
            !wakeful.contains(identifier) && !followed.contains { $0(identifier) }
        }
        let permitted = patterns.filter { pattern in
            !wakeful.contains(where: pattern.matches) && !followed.contains { $0(pattern.expanded) }
        }.map(\.text)
        var seen: Set<String> = []
        let submitted = requests.compactMap { request -> String? in
            guard case .literal(let identifier) = request.identifier, unchecked(identifier),
                seen.insert(identifier).inserted
            else { return nil }
            return identifier
        }
        let lists = [
            permitted.isEmpty ? nil : "permitted \(permitted.joined(separator: ", "))",
            submitted.isEmpty ? nil : "submitted \(submitted.joined(separator: ", "))",
        ].compactMap { $0 }
        guard !lists.isEmpty else { return [] }
        return registrations.filter { $0.identifier?.matcher == nil }.map { registration in
            let written = registration.identifier?.written ?? "an identifier it computes"
            return Finding(
                .note, .registrationNotFollowed, key: identifiersKey, value: written,
                message:
                    "The launch handler registered at \(registration.place) is for \(written), which doctor cannot follow, so whether these have a handler was not checked: \(lists.joined(separator: "; ")). Register with a string literal or a constant, or check on a device that each is registered.",
                rules: ["BGT-9"], location: registration.location)
        }
    }
}

extension SourceIdentifier {
    /// Whether an identifier fits this one: equal to a literal, or fitting a run-time identifier's
    /// pattern; nil when the code builds it in a way doctor cannot follow.
    var matcher: ((String) -> Bool)? {
        switch self {
        case .literal(let text): { $0 == text }
        case .dynamic(_, let shape?):
            { IdentifierPattern(runtimeShape: shape).matches($0) }
        case .dynamic(_, nil): nil
        }
    }

    /// The identifier as a report shows it: the literal, or the shape of one built at run time.
    var written: String {
        switch self {
        case .literal(let text): text
        case .dynamic(let expression, let shape): shape ?? expression
        }
    }
}
