import Foundation

extension GeofenceSet {
    /// Chooses the fences for `position` (nil: by registration order, when position does not
    /// matter), moving at `speed` m/s (negative: unknown), and issues the commands that turn what
    /// is monitored into the choice.
    mutating func select(around position: Coordinate?, speed: Double = -1) -> [Command] {
        let candidates = options.fences.indices.filter { !refused.contains($0) }
        let fences = candidates.map { options.fences[$0] }
        let choice: GeofenceSelection =
            if let position, choosesByPosition {
                GeofenceSelection.nearest(
                    fences, to: position, slots: slots, bounds: options.bounds,
                    travel: max(0, speed) * options.exitDwell)
            } else {
                GeofenceSelection.first(fences, slots: slots)
            }
        let chosen = choice.fences.map { candidates[$0] }
        let wanted = Set(chosen)
        var commands: [Command] = []
        for index in monitored.keys.sorted() where !wanted.contains(index) {
            commands.append(.stopMonitoring(monitored[index]!))
            monitored[index] = nil
        }
        // Out of sight: the stays in fences not chosen, this process's or restored from the
        // previous one's, can no longer be followed.
        for index in inside.keys where !wanted.contains(index) { inside[index] = nil }
        dwelt.formIntersection(wanted)
        unconfirmed.formIntersection(wanted)
        for index in chosen where monitored[index] == nil || !hasSelected {
            let id = monitored[index] ?? options.fences[index].id
            monitored[index] = id
            // LOC-18: no entry for a fence the device is already inside; ask.
            commands += [.startMonitoring(options.fences[index].region(id: id)), .requestState(id)]
        }
        hasSelected = true
        if let center = choice.swapCenter, let radius = choice.swapRadius {
            swap = (center, radius)
            commands.append(.startMonitoring(Self.swapRegion(center: center, radius: radius)))
        } else if swap != nil {
            swap = nil
            commands.append(.stopMonitoring(Self.swapRegionID))
        }
        return commands
    }

    /// iOS refused a region (LOC-17).
    mutating func monitoringFailed(_ id: RegionID, _ failure: RegionMonitoringFailure, _ context: Context)
        -> [Command]
    {
        if id == Self.swapRegionID {
            guard failure == .tooManyRegions else {
                // Too large (LOC-17): a smaller swap fence swaps sooner, which is safe.
                swap = swap.map { ($0.center, options.minimumSwapRadius) }
                return swap.map { [.startMonitoring(Self.swapRegion(center: $0.center, radius: $0.radius))] } ?? []
            }
            return slotsFull(retrying: nil)
        }
        guard let index = indices[GeofenceDwell.parse(id).fence] else { return [] }
        monitored[index] = nil
        guard failure == .tooManyRegions else {
            refused.insert(index)
            return [
                .record(
                    Record(
                        kind: Self.failedKind,
                        fields: [
                            Field("fence", .string(options.fences[index].id.rawValue)),
                            Field("reason", .string(failure.rawValue)),
                        ]))
            ]
        }
        return slotsFull(retrying: index)
    }

    /// The 20 slots are full of regions this process did not choose. First stop every region of a
    /// fence it does not want (a previous process's choice, by their plain identifiers) and try
    /// again; the second time, another feature must hold the slots: use one fewer.
    private mutating func slotsFull(retrying index: Int?) -> [Command] {
        if !swept {
            swept = true
            var commands: [Command] = options.fences.indices.compactMap { other in
                monitored[other] == nil ? .stopMonitoring(options.fences[other].id) : nil
            }
            if let index {
                let id = options.fences[index].id
                monitored[index] = id
                commands += [.startMonitoring(options.fences[index].region(id: id)), .requestState(id)]
            } else if let swap {
                commands.append(.startMonitoring(Self.swapRegion(center: swap.center, radius: swap.radius)))
            }
            return commands
        }
        lostSlots += 1
        return select(around: swap?.center)
    }

    /// The swap fence: only its exit matters.
    static func swapRegion(center: Coordinate, radius: Double) -> MonitoredRegion {
        MonitoredRegion(id: swapRegionID, shape: .circle(center: center, radius: radius), notifyOnEntry: false)
    }
}
