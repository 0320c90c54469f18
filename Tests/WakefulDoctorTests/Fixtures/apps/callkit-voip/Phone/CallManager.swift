import CallKit
import PushKit

/// Incoming calls by VoIP push, reported to CallKit as PushKit requires.
final class CallManager: NSObject, PKPushRegistryDelegate, CXProviderDelegate {
    private let registry = PKPushRegistry(queue: .main)
    private let provider: CXProvider
    private let controller = CXCallController()

    override init() {
        let configuration = CXProviderConfiguration()
        configuration.supportsVideo = false
        provider = CXProvider(configuration: configuration)
        super.init()
        provider.setDelegate(self, queue: nil)
        registry.delegate = self
        registry.desiredPushTypes = [.voIP]
    }

    func pushRegistry(_ registry: PKPushRegistry, didUpdate pushCredentials: PKPushCredentials, for type: PKPushType) {}

    func pushRegistry(
        _ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload, for type: PKPushType,
        completion: @escaping () -> Void
    ) {
        let update = CXCallUpdate()
        update.remoteHandle = CXHandle(type: .generic, value: "caller")
        provider.reportNewIncomingCall(with: UUID(), update: update) { _ in completion() }
    }

    func providerDidReset(_ provider: CXProvider) {}

    func end(_ call: UUID) {
        controller.request(CXTransaction(action: CXEndCallAction(call: call))) { _ in }
    }
}
