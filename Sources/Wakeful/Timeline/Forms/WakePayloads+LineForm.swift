import Foundation

extension BackgroundTaskID {
    /// A task id for the decoder to fill.
    static var placeholder: BackgroundTaskID { BackgroundTaskID(owner: "", serial: 0) }
}

extension TimerRequest: TimelineMembers {
    static var placeholder: TimerRequest { TimerRequest(id: "", interval: 0) }

    mutating func visitMembers<Coder: TimelineLineCoder>(_ coder: inout Coder) throws(Coder.Failure) {
        try coder.string("timer", &id.rawValue)
        try coder.double("interval", &interval)
        try coder.bool("repeats", &repeats)
    }
}

extension RemoteNotification: TimelineMembers {
    static var placeholder: RemoteNotification { RemoteNotification(id: "") }

    mutating func visitMembers<Coder: TimelineLineCoder>(_ coder: inout Coder) throws(Coder.Failure) {
        try coder.string("id", &id)
        try coder.fieldObject("userInfo", &userInfo)
    }
}

extension ScheduledTaskLaunch: TimelineMembers {
    static var placeholder: ScheduledTaskLaunch { ScheduledTaskLaunch(identifier: "", kind: .appRefresh) }

    mutating func visitMembers<Coder: TimelineLineCoder>(_ coder: inout Coder) throws(Coder.Failure) {
        try coder.string("identifier", &identifier)
        try coder.enumeration("taskKind", &kind)
    }
}

extension TaskRequest: TimelineMembers {
    static var placeholder: TaskRequest { TaskRequest(identifier: "", kind: .appRefresh) }

    mutating func visitMembers<Coder: TimelineLineCoder>(_ coder: inout Coder) throws(Coder.Failure) {
        try coder.string("identifier", &identifier)
        try coder.enumeration("taskKind", &kind)
        try coder.optionalDouble("earliestBeginDate", &earliestBeginDate)
        try coder.bool("requiresExternalPower", &requiresExternalPower)
        try coder.bool("requiresNetworkConnectivity", &requiresNetworkConnectivity)
    }
}

extension URLSessionTaskResult: TimelineMembers {
    static var placeholder: URLSessionTaskResult {
        URLSessionTaskResult(sessionIdentifier: "", taskDescription: "", statusCode: nil)
    }

    mutating func visitMembers<Coder: TimelineLineCoder>(_ coder: inout Coder) throws(Coder.Failure) {
        try coder.string("session", &sessionIdentifier)
        try coder.string("taskDescription", &taskDescription)
        try coder.optionalInt("statusCode", &statusCode)
        try coder.optionalString("error", &error)
    }
}

extension TransferRequest: TimelineMembers {
    static var placeholder: TransferRequest {
        TransferRequest(session: "", taskDescription: "", direction: .upload, bytes: 0)
    }

    mutating func visitMembers<Coder: TimelineLineCoder>(_ coder: inout Coder) throws(Coder.Failure) {
        try coder.string("session", &session)
        try coder.string("taskDescription", &taskDescription)
        try coder.enumeration("direction", &direction)
        try coder.int("bytes", &bytes)
        try coder.bool("discretionary", &discretionary)
    }
}

extension RequestDescription: TimelineMembers {
    static var placeholder: RequestDescription { RequestDescription(id: "", bytes: 0) }

    mutating func visitMembers<Coder: TimelineLineCoder>(_ coder: inout Coder) throws(Coder.Failure) {
        try coder.string("id", &id)
        try coder.int("bytes", &bytes)
    }
}
