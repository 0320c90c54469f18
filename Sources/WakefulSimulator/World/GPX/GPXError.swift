import Foundation

/// GPX errors name the file, the element index (e.g. "trkpt #12"), the field and the expected form, e.g. `route.gpx: trkpt #12: attribute "lat" is "abc"; expected a decimal number of degrees between -90 and 90`.
///
/// Element indices count from 1 per element kind, in document order.
public struct GPXError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of problem this is, for code that reacts to errors rather than printing them.
    public struct Code: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        /// A stable identifier such as `"invalidAttribute"`.
        public var rawValue: String
        /// Creates a code from its identifier.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The identifier.
        public var description: String { rawValue }

        /// The data is empty or not well-formed XML.
        public static let notXML = Code(rawValue: "notXML")
        /// The XML's root element is not `<gpx>`.
        public static let notGPX = Code(rawValue: "notGPX")
        /// A point's `lat` or `lon` attribute is missing or out of range.
        public static let invalidAttribute = Code(rawValue: "invalidAttribute")
        /// A point's `<time>` or `<ele>` child cannot be read.
        public static let invalidElement = Code(rawValue: "invalidElement")
        /// The document has no `<trkpt>`, `<rtept>` or `<wpt>`.
        public static let noPoints = Code(rawValue: "noPoints")
        /// A point's time is earlier than an earlier point's.
        public static let timeGoesBackwards = Code(rawValue: "timeGoesBackwards")
        /// An argument passed to ``GPXTrack/trajectory(projection:startTime:fallbackSpeed:)`` is invalid.
        public static let invalidArgument = Code(rawValue: "invalidArgument")
    }

    /// The file name as given to ``GPXTrack/parse(_:file:)``.
    public var file: String
    /// Where in the file: an element such as `"trkpt #12"`, a `"line 3, column 7"` position for XML
    /// syntax errors, or nil when the problem concerns the whole file.
    public var location: String?
    /// What is wrong and the expected form.
    public var message: String
    /// What kind of problem this is.
    public var code: Code

    /// Creates an error.
    public init(file: String, location: String? = nil, message: String, code: Code) {
        self.file = file
        self.location = location
        self.message = message
        self.code = code
    }

    /// `file: location: message`, or `file: message` without a location.
    public var description: String {
        if let location { return "\(file): \(location): \(message)" }
        return "\(file): \(message)"
    }
}
