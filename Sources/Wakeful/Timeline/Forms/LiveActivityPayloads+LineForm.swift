import Foundation

extension LiveActivityRequest: TimelineMembers {
    static var placeholder: LiveActivityRequest { LiveActivityRequest(id: "", attributesType: "") }

    func visitMembers<Coder: TimelineLineCoder>(_ coder: inout Coder) throws(Coder.Failure) -> Self {
        var read = Self.placeholder
        read.id = try coder.string("activity", id)
        read.attributesType = try coder.string("attributesType", attributesType)
        read.attributes = try coder.fieldObject("attributes", attributes)
        read.contentState = try coder.fieldObject("contentState", contentState)
        read.staleDate = try coder.optionalDouble("staleDate", staleDate)
        read.relevanceScore = try coder.optionalDouble("relevanceScore", relevanceScore)
        read.receivesPushUpdates = try coder.bool("pushUpdates", receivesPushUpdates)
        return read
    }
}

extension LiveActivityStart: TimelineMembers {
    static var placeholder: LiveActivityStart { LiveActivityStart(activity: "", attributesType: "", origin: .app) }

    func visitMembers<Coder: TimelineLineCoder>(_ coder: inout Coder) throws(Coder.Failure) -> Self {
        var read = Self.placeholder
        read.activity = try coder.string("activity", activity)
        read.attributesType = try coder.string("attributesType", attributesType)
        read.origin = try coder.enumeration("origin", origin)
        return read
    }
}

extension LiveActivityDismissal {
    /// The policies' names, as timelines spell them.
    enum Kind: String, CaseIterable {
        case `default`, immediate, after
    }

    var kind: Kind {
        switch self {
        case .default: .default
        case .immediate: .immediate
        case .after: .after
        }
    }
}

extension TimelineLineCoder {
    /// A dismissal policy as `"dismissal":"after","dismissalDate":…`, the date only for `after`.
    mutating func dismissal(_ value: LiveActivityDismissal) throws(Failure) -> LiveActivityDismissal {
        let kind = try enumeration("dismissal", value.kind)
        let date = try optionalDouble("dismissalDate", value.date)
        switch kind {
        case .default: return .default
        case .immediate: return .immediate
        case .after: return .after(date ?? 0)
        }
    }
}
