import CallKit
import PushKit

/// Receives VoIP pushes and reports each one to CallKit as an incoming call, as iOS 13 requires.
final class CallManager: NSObject, PKPushRegistryDelegate, CXProviderDelegate {
    private let registry = PKPushRegistry(queue: .main)
    private let provider = CXProvider(configuration: CXProviderConfiguration())

    override init() {
        super.init()
        provider.setDelegate(self, queue: nil)
        registry.delegate = self
        registry.desiredPushTypes = [.voIP]
    }

    func pushRegistry(_ registry: PKPushRegistry, didUpdate credentials: PKPushCredentials, for type: PKPushType) {}

    func pushRegistry(_ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload, for type: PKPushType, completion: @escaping () -> Void) {
        let update = CXCallUpdate()
        update.remoteHandle = CXHandle(type: .generic, value: payload.dictionaryPayload["caller"] as? String ?? "")
        provider.reportNewIncomingCall(with: UUID(), update: update) { _ in completion() }
    }

    func providerDidReset(_ provider: CXProvider) {}
}
