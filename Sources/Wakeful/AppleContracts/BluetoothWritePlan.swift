import Foundation

/// How a poll is written to a characteristic, and when a write without response must wait.
///
/// CBPeripheral.h:189–190: "If the CBCharacteristicWriteWithoutResponse type is specified, and
/// canSendWriteWithoutResponse is false, the delivery of the data is best-effort and may not be
/// guaranteed"; :97–99: once the queue drains, "the value will be set to YES … and
/// peripheralIsReadyToSendWriteWithoutResponse: will be called". A write with response is
/// acknowledged and never dropped, so it is preferred when the characteristic allows it.
public enum BluetoothWritePlan: Sendable, Hashable {
    /// `writeValue(_:for:type: .withResponse)`.
    case withResponse
    /// `writeValue(_:for:type: .withoutResponse)` now.
    case withoutResponse
    /// Keep the write until `peripheralIsReady(toSendWriteWithoutResponse:)`, then plan again.
    case waitUntilReady

    /// The plan for one write.
    ///
    /// - Parameters:
    ///   - allowsWriteWithResponse: The characteristic's properties contain `.write`.
    ///   - canSendWriteWithoutResponse: The peripheral's `canSendWriteWithoutResponse` now.
    public static func plan(allowsWriteWithResponse: Bool, canSendWriteWithoutResponse: Bool) -> Self {
        if allowsWriteWithResponse { return .withResponse }
        return canSendWriteWithoutResponse ? .withoutResponse : .waitUntilReady
    }
}
