import Crypto
import Foundation
import SwiftASN1
import X509

/// A self-signed certificate for 127.0.0.1 and localhost, made at start; clients trust its PEM.
public struct MockCertificate: Sendable {
    /// The certificate (its own CA), PEM-encoded: what clients add to their trust roots.
    public let certificatePEM: String
    /// The private key, PEM-encoded, for the server's TLS only.
    let privateKeyPEM: String

    /// Generates a fresh P-256 key and a certificate valid from an hour ago for `days` days.
    public static func generate(now: Date = Date(), days: Int = 7) throws -> MockCertificate {
        let key = P256.Signing.PrivateKey()
        let name = try DistinguishedName {
            CommonName("Wakeful mock APNs")
            OrganizationName("Wakeful")
        }
        let certificate = try Certificate(
            version: .v3,
            serialNumber: Certificate.SerialNumber(),
            publicKey: Certificate.PublicKey(key.publicKey),
            notValidBefore: now.addingTimeInterval(-3600),
            notValidAfter: now.addingTimeInterval(Double(days) * 86_400),
            issuer: name,
            subject: name,
            signatureAlgorithm: .ecdsaWithSHA256,
            extensions: Certificate.Extensions {
                Critical(BasicConstraints.isCertificateAuthority(maxPathLength: nil))
                Critical(KeyUsage(digitalSignature: true, keyCertSign: true))
                try ExtendedKeyUsage([.serverAuth])
                SubjectAlternativeNames([
                    .dnsName("localhost"),
                    .ipAddress(ASN1OctetString(contentBytes: [127, 0, 0, 1])),
                ])
            },
            issuerPrivateKey: Certificate.PrivateKey(key)
        )
        return MockCertificate(
            certificatePEM: try certificate.serializeAsPEM().pemString, privateKeyPEM: key.pemRepresentation)
    }
}
