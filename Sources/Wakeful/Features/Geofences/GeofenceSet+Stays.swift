import Foundation

extension GeofenceSet {
    /// The device entered a fence's circle (`via`: `region` or `state`).
    mutating func entered(_ index: Int, region id: RegionID, via: String, _ context: Context) -> [Command] {
        heardOf.insert(index)
        if inside[index] != nil || unconfirmed.contains(index) { return [] }
        if let since = GeofenceDwell.parse(id).since {
            // A previous process recorded this entry and timed its dwell under this identifier.
            monitored[index] = id
            inside[index] = since
            return []
        }
        guard !options.fences[index].needsConfirmation else {
            // A polygon's circle is larger than the polygon: a fix decides.
            unconfirmed.insert(index)
            return [.requestLocation]
        }
        return stayBegan(index, via: via, context)
    }

    /// The entry is certain: record it and, for a dwell, carry the entry time in the region's identifier.
    private mutating func stayBegan(_ index: Int, via: String, _ context: Context) -> [Command] {
        let fence = options.fences[index]
        inside[index] = context.now
        dwelt.remove(index)
        var commands = [record(Self.enteredKind, index, [Field("via", .string(via))], context)]
        if fence.dwell != nil {
            commands += rename(index, to: GeofenceDwell.regionID(fence: fence.id, since: context.now))
            if let id = monitored[index] {
                // An entry iOS latched after a drive-by can find the device outside already (LOC-19).
                commands.append(.requestState(id))
            }
        }
        return commands
    }

    /// The device left a fence's circle.
    mutating func exited(_ index: Int, region id: RegionID, _ context: Context) -> [Command] {
        let known = heardOf.contains(index)
        heardOf.insert(index)
        unconfirmed.remove(index)
        let since = inside[index] ?? GeofenceDwell.parse(id).since
        // An exit of a fence this process never saw entered still counts after a relaunch.
        guard since != nil || !known else { return [] }  // `inside` set implies a `since`
        var commands: [Command] = []
        if let since, let dwell = options.fences[index].dwell, !dwelt.contains(index),
            GeofenceDwell.isDue(since: since, dwell: dwell, now: context.now)
        {
            commands.append(dwellRecord(index, since: since, context))
        }
        commands.append(record(Self.exitedKind, index, [], context))
        inside[index] = nil
        dwelt.remove(index)
        if GeofenceDwell.parse(id).since != nil { commands += rename(index, from: id, to: options.fences[index].id) }
        return commands
    }

    /// `didDetermineState`: after a `requestState` or with a transition.
    mutating func stateDetermined(_ index: Int, region id: RegionID, _ state: RegionState, _ context: Context)
        -> [Command]
    {
        switch state {
        case .inside: return entered(index, region: id, via: "state", context)
        case .outside where inside[index] != nil || unconfirmed.contains(index):
            return exited(index, region: id, context)
        case .outside:
            heardOf.insert(index)
            return []
        case .unknown: return []
        }
    }

    /// A fix inside a polygon whose circle was entered confirms the entry.
    mutating func confirmPolygons(with fix: LocationFix, _ context: Context) -> [Command] {
        guard !unconfirmed.isEmpty else { return [] }
        var commands: [Command] = []
        for index in unconfirmed.sorted() where options.fences[index].contains(fix.coordinate) {
            unconfirmed.remove(index)
            commands += stayBegan(index, via: "fix", context)
        }
        return commands
    }

    /// Records every dwell now due and sets the timer for the next one.
    mutating func dwellsDue(_ context: Context) -> [Command] {
        var commands: [Command] = []
        var next: TimeInterval?
        for index in inside.keys.sorted() where !dwelt.contains(index) {
            guard let dwell = options.fences[index].dwell, let since = inside[index] else { continue }
            if GeofenceDwell.isDue(since: since, dwell: dwell, now: context.now) {
                commands.append(dwellRecord(index, since: since, context))
                dwelt.insert(index)
                if let id = monitored[index] { commands += rename(index, from: id, to: options.fences[index].id) }
            } else {
                next = min(next ?? since + dwell, since + dwell)
            }
        }
        // Set once per due time: events come at up to 1 Hz while updates run.
        if let next, next != dwellTimerDue {
            commands.append(.setTimer(TimerRequest(id: Self.dwellTimer, due: next, now: context.now)))
            if let id = options.dwellRefreshIdentifier {
                // A suspended app runs no timer: ask iOS to run the app at the due time or later
                // (BGT-8); a new request replaces the pending one (BGT-7).
                commands.append(
                    .submitTaskRequest(TaskRequest(identifier: id, kind: .appRefresh, earliestBeginDate: next)))
            }
        } else if next == nil, dwellTimerDue != nil, let id = options.dwellRefreshIdentifier {
            commands.append(.cancelTaskRequest(identifier: id))  // no dwell left to wait for
        }
        dwellTimerDue = next
        return commands
    }

    private func dwellRecord(_ index: Int, since: TimeInterval, _ context: Context) -> Command {
        record(
            Self.dwellKind, index,
            [Field("since", .double(since)), Field("seconds", .double(((context.now - since) * 10).rounded() / 10))],
            context)
    }

    private func record(_ kind: String, _ index: Int, _ extra: [Field], _ context: Context) -> Command {
        .record(
            Record(
                kind: kind,
                fields: [Field("fence", .string(options.fences[index].id.rawValue))] + extra + [
                    Field("appState", .string(context.appState.rawValue))
                ]))
    }

    /// Monitors a fence's circle under another identifier: stop the old region, start the new one.
    private mutating func rename(_ index: Int, from old: RegionID? = nil, to new: RegionID) -> [Command] {
        guard let current = old ?? monitored[index], current != new else { return [] }
        let wasMonitored = monitored[index] != nil
        monitored[index] = wasMonitored ? new : nil
        guard wasMonitored else { return [.stopMonitoring(current)] }
        return [.stopMonitoring(current), .startMonitoring(options.fences[index].region(id: new))]
    }
}
