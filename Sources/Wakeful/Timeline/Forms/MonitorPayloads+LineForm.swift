import Foundation

extension MonitorCondition: TimelineMembers {
    static var placeholder: MonitorCondition { MonitorCondition(id: "", center: .placeholder, radius: 0) }

    /// `condition`, then the circle: `{"condition":"shop-12","lat":48.85,"lon":2.35,"radius":100}`.
    func visitMembers<Coder: TimelineLineCoder>(_ coder: inout Coder) throws(Coder.Failure) -> Self {
        var read = Self.placeholder
        read.id.rawValue = try coder.string("condition", id.rawValue)
        read.center = try coder.members(center)
        read.radius = try coder.double("radius", radius)
        return read
    }
}

extension MonitorEvent: TimelineMembers {
    static var placeholder: MonitorEvent { MonitorEvent(monitor: "", id: "", state: .unknown) }

    func visitMembers<Coder: TimelineLineCoder>(_ coder: inout Coder) throws(Coder.Failure) -> Self {
        var read = Self.placeholder
        read.monitor = try coder.string("monitor", monitor)
        read.id.rawValue = try coder.string("condition", id.rawValue)
        read.state = try coder.enumeration("state", state)
        read.conditionLimitExceeded = try coder.bool("conditionLimitExceeded", conditionLimitExceeded)
        return read
    }
}
