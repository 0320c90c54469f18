import Foundation

struct Station: Hashable {
    var name: String
    var stream: URL
}
