import Foundation

extension BackgroundTaskID {
    /// A task id for the decoder to fill.
    static var placeholder: BackgroundTaskID { BackgroundTaskID(owner: "", serial: 0) }
}

extension TimerRequest: TimelineMembers {
    static var placeholder: TimerRequest { TimerRequest(id: "", interval: 0) }

    func visitMembers<Coder: TimelineLineCoder>(_ coder: inout Coder) throws(Coder.Failure) -> Self {
        var read = Self.placeholder
        read.id.rawValue = try coder.string("timer", id.rawValue)
        read.interval = try coder.double("interval", interval)
        read.repeats = try coder.bool("repeats", repeats)
        return read
    }
}

extension RemoteNotification: TimelineMembers {
    static var placeholder: RemoteNotification { RemoteNotification(id: "") }

    func visitMembers<Coder: TimelineLineCoder>(_ coder: inout Coder) throws(Coder.Failure) -> Self {
        var read = Self.placeholder
        read.id = try coder.string("id", id)
        read.userInfo = try coder.fieldObject("userInfo", userInfo)
        return read
    }
}

extension ScheduledTaskLaunch: TimelineMembers {
    static var placeholder: ScheduledTaskLaunch { ScheduledTaskLaunch(identifier: "", kind: .appRefresh) }

    func visitMembers<Coder: TimelineLineCoder>(_ coder: inout Coder) throws(Coder.Failure) -> Self {
        var read = Self.placeholder
        read.identifier = try coder.string("identifier", identifier)
        read.kind = try coder.enumeration("taskKind", kind)
        return read
    }
}

extension TaskRequest: TimelineMembers {
    static var placeholder: TaskRequest { TaskRequest(identifier: "", kind: .appRefresh) }

    func visitMembers<Coder: TimelineLineCoder>(_ coder: inout Coder) throws(Coder.Failure) -> Self {
        var read = Self.placeholder
        read.identifier = try coder.string("identifier", identifier)
        read.kind = try coder.enumeration("taskKind", kind)
        read.earliestBeginDate = try coder.optionalDouble("earliestBeginDate", earliestBeginDate)
        read.requiresExternalPower = try coder.bool("requiresExternalPower", requiresExternalPower)
        read.requiresNetworkConnectivity = try coder.bool("requiresNetworkConnectivity", requiresNetworkConnectivity)
        // Omitted when nil (`.queue`), so the lines of other requests stay as they were.
        read.submissionStrategy = try coder.optionalString("submissionStrategy", submissionStrategy?.rawValue)
            .flatMap(TaskRequest.SubmissionStrategy.init(rawValue:))
        return read
    }
}

extension URLSessionTaskResult: TimelineMembers {
    static var placeholder: URLSessionTaskResult {
        URLSessionTaskResult(sessionIdentifier: "", taskDescription: "", statusCode: nil)
    }

    func visitMembers<Coder: TimelineLineCoder>(_ coder: inout Coder) throws(Coder.Failure) -> Self {
        var read = Self.placeholder
        read.sessionIdentifier = try coder.string("session", sessionIdentifier)
        read.taskDescription = try coder.string("taskDescription", taskDescription)
        read.statusCode = try coder.optionalInt("statusCode", statusCode)
        read.error = try coder.optionalString("error", error)
        return read
    }
}

extension TransferRequest: TimelineMembers {
    static var placeholder: TransferRequest {
        TransferRequest(session: "", taskDescription: "", direction: .upload, bytes: 0)
    }

    func visitMembers<Coder: TimelineLineCoder>(_ coder: inout Coder) throws(Coder.Failure) -> Self {
        var read = Self.placeholder
        read.session = try coder.string("session", session)
        read.taskDescription = try coder.string("taskDescription", taskDescription)
        read.direction = try coder.enumeration("direction", direction)
        read.bytes = try coder.int("bytes", bytes)
        read.discretionary = try coder.bool("discretionary", discretionary)
        return read
    }
}

extension RequestDescription: TimelineMembers {
    static var placeholder: RequestDescription { RequestDescription(id: "", bytes: 0) }

    func visitMembers<Coder: TimelineLineCoder>(_ coder: inout Coder) throws(Coder.Failure) -> Self {
        var read = Self.placeholder
        read.id = try coder.string("id", id)
        read.bytes = try coder.int("bytes", bytes)
        return read
    }
}
