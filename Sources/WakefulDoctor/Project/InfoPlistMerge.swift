import Foundation

/// The Info.plist being built from a file and generated content, with the location of each key
/// and item, the way swift-build's `addAdditionalContent` merges them.
struct InfoPlistMerge {
    private(set) var entries: [String: PlistValue]
    private var keys: [String: Finding.Location]
    private var items: [String: [Finding.Location]]
    private let duplicates: [String: [Finding.Location]]
    private let base: InfoPlist
    /// Keys in both, with the values as merged (unexpanded); ``InfoPlistConflict/expanded(with:)``
    /// drops those that agree once expanded.
    private(set) var conflicts: [InfoPlistConflict] = []

    init(base: InfoPlist) {
        self.base = base
        entries = base.entries
        keys = base.locations.keys
        items = base.locations.items
        duplicates = base.locations.duplicates
    }

    /// The merged keys' locations.
    var locations: InfoPlistLocations {
        InfoPlistLocations(keys: keys, items: items, duplicates: duplicates)
    }

    /// Merges generated content into the file's, key by key in sorted order.
    mutating func add(_ generated: GeneratedInfoPlist) {
        for key in generated.entries.keys.sorted() {
            guard let setting = generated.entries[key], let settingLocation = generated.locations[key] else { continue }
            guard let existing = entries[key] else {
                entries[key] = setting
                keys[key] = settingLocation
                if case .array(let values) = setting {
                    items[key] = Array(repeating: settingLocation, count: values.count)
                }
                continue
            }
            let fileLocation = base.location(ofKey: key) ?? Finding.Location(file: base.file)
            let outcome: InfoPlistConflict.Outcome
            switch (existing, setting) {
            case (.array(let old), .array(let new)):
                let added = new.filter { !old.contains($0) }
                entries[key] = .array(old + added)
                let oldItems = items[key] ?? Array(repeating: fileLocation, count: old.count)
                items[key] = oldItems + Array(repeating: settingLocation, count: added.count)
                outcome = .combined
            case (.dictionary(let old), .dictionary(let new)):
                entries[key] = .dictionary(old.merging(new) { $1 })
                outcome = .combined
            case (.array, _), (.dictionary, _), (_, .array), (_, .dictionary):
                outcome = .typeMismatch
            default:
                entries[key] = setting
                keys[key] = settingLocation
                items[key] = nil
                outcome = .buildSettingWins
            }
            conflicts.append(
                InfoPlistConflict(
                    key: key, fileValue: existing, settingValue: setting, fileLocation: fileLocation,
                    settingLocation: settingLocation,
                    outcome: outcome))
        }
    }

    /// Expands build settings in every string, leaving unknown ones as written and recording them.
    mutating func expand(with settings: BuildSettings, into unexpanded: inout [UnexpandedValue]) {
        for key in entries.keys.sorted() {
            guard let value = entries[key] else { continue }
            entries[key] = Self.expand(
                value, key: key, path: key, location: keys[key] ?? base.location(ofKey: key), itemLocations: items[key],
                settings, &unexpanded)
        }
    }

    private static func expand(
        _ value: PlistValue, key: String, path: String, location: Finding.Location?, itemLocations: [Finding.Location]?,
        _ settings: BuildSettings,
        _ unexpanded: inout [UnexpandedValue]
    ) -> PlistValue {
        switch value {
        case .string(let text):
            let expansion = settings.expand(text, keepingUnknown: true)
            if !expansion.unknown.isEmpty {
                unexpanded.append(
                    UnexpandedValue(
                        key: key, path: path, value: expansion.value, names: expansion.unknown, location: location))
            }
            return .string(expansion.value)
        case .array(let values):
            return .array(
                values.enumerated().map { offset, item in
                    let itemLocation =
                        itemLocations.flatMap { $0.indices.contains(offset) ? $0[offset] : nil } ?? location
                    return expand(
                        item, key: key, path: "\(path)[\(offset)]", location: itemLocation, itemLocations: nil,
                        settings, &unexpanded)
                })
        case .dictionary(let dictionary):
            var result: [String: PlistValue] = [:]
            for name in dictionary.keys.sorted() {
                result[name] = expand(
                    dictionary[name]!, key: key, path: "\(path).\(name)", location: location, itemLocations: nil,
                    settings, &unexpanded)
            }
            return .dictionary(result)
        default:
            return value
        }
    }
}

extension InfoPlistConflict {
    /// The conflict with both values expanded; nil when, expanded, the two agree: equal scalars,
    /// an array whose items the file already lists, a dictionary whose entries the file already has.
    func expanded(with settings: BuildSettings) -> InfoPlistConflict? {
        var copy = self
        copy.fileValue = Self.expand(fileValue, settings)
        copy.settingValue = Self.expand(settingValue, settings)
        switch (copy.fileValue, copy.settingValue) {
        case (.array(let old), .array(let new)) where new.allSatisfy(old.contains):
            return nil
        case (.dictionary(let old), .dictionary(let new)) where new.allSatisfy({ old[$0.key] == $0.value }):
            return nil
        case (let old, let new) where old == new:
            return nil
        default:
            return copy
        }
    }

    private static func expand(_ value: PlistValue, _ settings: BuildSettings) -> PlistValue {
        switch value {
        case .string(let text): .string(settings.expand(text, keepingUnknown: true).value)
        case .array(let values): .array(values.map { expand($0, settings) })
        case .dictionary(let dictionary): .dictionary(dictionary.mapValues { expand($0, settings) })
        default: value
        }
    }
}
