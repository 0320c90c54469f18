import Foundation

extension MotionActivity: TimelineMembers {
    static var placeholder: MotionActivity { MotionActivity(kinds: [], confidence: .low, start: 0) }

    func visitMembers<Coder: TimelineLineCoder>(_ coder: inout Coder) throws(Coder.Failure) -> Self {
        var read = Self.placeholder
        // The flags by name, so a line reads `"activity":["automotive","stationary"]` (MOTION-1).
        let names = try coder.strings("activity", Kinds.named.filter { kinds.contains($0.kind) }.map(\.name))
        read.kinds = Kinds(Kinds.named.filter { names.contains($0.name) }.map(\.kind))
        read.confidence = try coder.enumeration("confidence", confidence)
        read.start = try coder.double("start", start)
        return read
    }
}

extension MotionActivityHistory: TimelineMembers {
    static var placeholder: MotionActivityHistory { MotionActivityHistory(from: 0, to: 0, activities: []) }

    func visitMembers<Coder: TimelineLineCoder>(_ coder: inout Coder) throws(Coder.Failure) -> Self {
        var read = Self.placeholder
        read.from = try coder.double("from", from)
        read.to = try coder.double("to", to)
        read.activities = try coder.objects("activities", activities)
        read.error = try coder.optionalString("error", error?.rawValue).flatMap(MotionQueryError.init(rawValue:))
        return read
    }
}
