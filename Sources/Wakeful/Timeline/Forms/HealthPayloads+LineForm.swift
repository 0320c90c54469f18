import Foundation

extension HealthObserverUpdate: TimelineMembers {
    static var placeholder: HealthObserverUpdate { HealthObserverUpdate(id: "", type: "") }

    func visitMembers<Coder: TimelineLineCoder>(_ coder: inout Coder) throws(Coder.Failure) -> Self {
        var read = Self.placeholder
        read.id = try coder.string("id", id)
        read.type = HealthDataType(rawValue: try coder.string("type", type.rawValue))
        return read
    }
}

extension HealthSample: TimelineMembers {
    static var placeholder: HealthSample { HealthSample(id: "", value: 0, at: 0) }

    func visitMembers<Coder: TimelineLineCoder>(_ coder: inout Coder) throws(Coder.Failure) -> Self {
        var read = Self.placeholder
        read.id = try coder.string("id", id)
        read.value = try coder.double("value", value)
        read.at = try coder.double("at", at)
        return read
    }
}

extension HealthQueryResult: TimelineMembers {
    static var placeholder: HealthQueryResult { HealthQueryResult(type: "") }

    func visitMembers<Coder: TimelineLineCoder>(_ coder: inout Coder) throws(Coder.Failure) -> Self {
        var read = Self.placeholder
        read.type = HealthDataType(rawValue: try coder.string("type", type.rawValue))
        read.samples = try coder.objects("samples", samples)
        read.error = try coder.optionalString("error", error?.rawValue).flatMap(HealthQueryError.init(rawValue:))
        return read
    }
}
