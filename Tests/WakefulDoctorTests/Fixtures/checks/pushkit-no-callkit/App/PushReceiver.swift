import PushKit
import UserNotifications

/// Wakes on VoIP pushes to download messages, and never reports a call.
final class PushReceiver: NSObject, PKPushRegistryDelegate {
    private let registry = PKPushRegistry(queue: .main)

    override init() {
        super.init()
        registry.delegate = self
        registry.desiredPushTypes = [.voIP]
    }

    func pushRegistry(_ registry: PKPushRegistry, didUpdate credentials: PKPushCredentials, for type: PKPushType) {}

    func pushRegistry(_ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload, for type: PKPushType, completion: @escaping () -> Void) {
        MessageDownload.start(completion)
    }
}

enum MessageDownload {
    static func start(_ done: @escaping () -> Void) { done() }
}
