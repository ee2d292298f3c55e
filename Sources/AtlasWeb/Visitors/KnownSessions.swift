import Routing
import Synchronization

/// The signer of session cookies, and the sessions this process verified lately with what follows
/// from each (the id's SHA-256, its CSRF token, its cookie's value): a returning visitor sends the same
/// cookie on every request, and its HMAC and the hash were a tenth of such a request
/// (docs/performance-log.md). A cookie counts only when its signature equals the one kept, compared in
/// constant time, so keeping changes nothing about which cookies are accepted. Bounded: at `capacity`
/// an arbitrary entry makes way (a miss costs the HMAC and the hash again). Any thread.
final class KnownSessions: Sendable {
    /// What follows from one verified session id.
    struct Known: Sendable {
        /// The cookie's signature (`SessionSigner.signatureLength` bytes).
        let signature: [UInt8]
        /// SHA-256 of the id: the key of the visitor's rows.
        let sessionHash: [UInt8]
        /// The CSRF token's 32 hex digits (`Visitor.csrfToken`).
        let csrfTokenDigits: [UInt8]
        /// `atlas_session=<id hex>.<signature hex>`: the `Set-Cookie` value before its attributes.
        let cookiePair: String
    }

    let signer: SessionSigner
    let capacity: Int
    private let known = Mutex<[[UInt8]: Known]>([:])

    /// - Parameter signer: signs and checks the cookies (the key all processes share).
    init(signer: SessionSigner, capacity: Int = 10_000) {
        self.signer = signer
        self.capacity = max(1, capacity)
    }

    /// What follows from session `id` when `signature` is its signature; `nil` when it is not.
    func verified(id: [UInt8], signature: [UInt8]) -> Known? {
        if let kept = known.withLock({ $0[id] }) {
            return Crypto.constantTimeEqual(kept.signature, signature) ? kept : nil
        }
        let code = signer.authenticationCode(of: id)
        guard Crypto.constantTimeEqual(code[SessionSigner.signatureBytes], signature) else { return nil }
        let entry = Self.known(id: id, signature: signature, csrfSecret: code[SessionSigner.csrfSecretBytes])
        known.withLock { known in
            if known[id] == nil, known.count >= capacity { known.remove(at: known.startIndex) }
            known[id] = entry
        }
        return entry
    }

    /// `atlas_session=<id hex>.<signature hex>` for session `id`, then `attributes` (`; Path=/…`).
    static func cookiePair(id: [UInt8], signature: ArraySlice<UInt8>, attributes: String = "") -> String {
        // Written once into the string's storage: every new visitor's form page makes one.
        let prefix = cookiePrefix
        var attributes = attributes
        return attributes.withUTF8 { attributeBytes in
            String(
                unsafeUninitializedCapacity: prefix.count + 2 * id.count + 1 + 2 * signature.count
                    + attributeBytes.count
            ) {
                text in
                var end = text.initialize(fromContentsOf: prefix)
                end = Crypto.writeHex(id, into: text, at: end)
                text[end] = UInt8(ascii: ".")
                end = Crypto.writeHex(signature, into: text, at: end + 1)
                return end
                    + UnsafeMutableBufferPointer(rebasing: text[end...]).initialize(fromContentsOf: attributeBytes)
            }
        }
    }

    private static let cookiePrefix = Array((Visitor.cookieName + "=").utf8)

    /// The CSRF token made before 2026-12-03 for session `id`: 64 hex digits of HMAC-SHA256 keyed by the
    /// id. Still accepted (`Visitor.acceptsCSRFToken`), so a form a browser kept open across that
    /// deploy, or holds in its back/forward cache, still submits instead of losing what was typed.
    static func legacyCSRFTokenDigits(id: [UInt8]) -> [UInt8] {
        Crypto.hexDigits(Crypto.hmacSHA256(key: id, message: legacyCSRFLabel))
    }

    /// How many hex digits a legacy token (`legacyCSRFTokenDigits`) has.
    static let legacyCSRFTokenLength = 64

    private static func known(id: [UInt8], signature: [UInt8], csrfSecret: ArraySlice<UInt8>) -> Known {
        Known(
            signature: signature, sessionHash: Crypto.sha256(id), csrfTokenDigits: Crypto.hexDigits(csrfSecret),
            cookiePair: cookiePair(id: id, signature: signature[...]))
    }

    /// What the legacy CSRF token's HMAC signs.
    private static let legacyCSRFLabel = Array("atlas csrf v1".utf8)
}
