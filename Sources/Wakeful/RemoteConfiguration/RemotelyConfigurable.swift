import Foundation

/// A strategy whose options the server may change (``RemoteConfiguration/strategyOptions``).
///
/// The options are changed through their `Codable` form: the members a configuration names replace
/// the app's, the rest keep the app's values, and the result must decode and pass the options'
/// range checks (``RangeCheckedOptions``) or nothing changes. The strategy reads its new options
/// from the next event on.
///
/// ```swift
/// extension ScheduledTracking: RemotelyConfigurable {}
/// // {"strategies":{"ScheduledTracking":{"desiredAccuracy":5}}}
/// ```
public protocol RemotelyConfigurable: Strategy {
    /// The strategy's options.
    associatedtype Options: Codable
    /// The options in force.
    var options: Options { get set }
}

extension RemotelyConfigurable {
    /// The options as a JSON object, members in key order.
    func encodedOptions() throws(RemoteConfigurationError) -> JSONObject {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(options), case .object(let object)? = try? JSONValue.parse(Array(data))
        else {
            throw RemoteConfigurationError(
                path: "strategies.\(name)", message: "its options do not encode as an object")
        }
        return object
    }

    /// Sets the options to `base` with the members of `changes` replacing its own.
    ///
    /// - Parameters:
    ///   - base: The app's options (``encodedOptions()`` of the strategy as built).
    ///   - changes: The members a configuration names.
    /// - Throws: ``RemoteConfigurationError`` naming `strategies.<name>.<option>` for an unknown
    ///   option, a value of the wrong form or out of range; the options are then unchanged.
    mutating func applyOptions(_ changes: JSONObject, over base: JSONObject) throws(RemoteConfigurationError) {
        let path = "strategies.\(name)"
        var merged = base
        for change in changes {
            guard let index = merged.members.firstIndex(where: { $0.key == change.key }) else {
                throw RemoteConfigurationError(
                    path: "\(path).\(change.key)",
                    message: "unknown option; expected one of \(base.members.map(\.key).joined(separator: ", "))")
            }
            merged.members[index].value = change.value
        }
        let decoded: Options
        do {
            decoded = try JSONDecoder().decode(Options.self, from: Data(JSONValue.object(merged).description.utf8))
        } catch let error as DecodingError {
            throw RemoteConfigurationError(decoding: error, below: path)
        } catch {
            throw RemoteConfigurationError(path: path, message: String(describing: error))
        }
        if let checked = decoded as? any RangeCheckedOptions, let violation = checked.rangeViolations.first {
            throw RemoteConfigurationError(path: "\(path).\(violation.key)", message: violation.message)
        }
        options = decoded
    }
}

// The strategies whose options are plain values the server can sensibly change at run time.
extension ScheduledTracking: RemotelyConfigurable {}
extension MovingGeofence: RemotelyConfigurable {}
extension MotionAwareTracking: RemotelyConfigurable {}
extension LowPowerLocationKeepAlive: RemotelyConfigurable {}
extension PeriodicSampler: RemotelyConfigurable {}
extension Heartbeat: RemotelyConfigurable {}
extension ScheduledRefresh: RemotelyConfigurable {}
