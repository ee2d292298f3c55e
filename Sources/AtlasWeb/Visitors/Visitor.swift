import HTTPCore
import Routing

/// The browser behind a request, known by the random session id in its `atlas_session` cookie.
///
/// The id is 128 bits from `Crypto.randomBytes`; the cookie holds it as 32 hex digits, `.`, and the 32
/// of its signature (`SessionSigner`), so only ids this server minted count. The database stores only
/// the id's SHA-256, so a leaked file hands out no sessions. The CSRF token is the other half of the
/// signature's HMAC (`SessionSigner.authenticationCode`): derived from the cookie without a database read, and
/// never in the cookie.
struct Visitor: Sendable {
    static let cookieName = "atlas_session"
    /// How long the browser keeps the cookie: 400 days in seconds, the most browsers honour (RFC 6265bis).
    static let cookieMaxAgeSeconds = 400 * 86_400

    /// The session id's 16 bytes.
    let sessionID: [UInt8]
    /// `true` when the request carried no valid cookie and this id was just made; the response must
    /// set the cookie (`setCookie`) for the visitor to keep it.
    let isNew: Bool
    /// What follows from a returning visitor's verified cookie (`KnownSessions`); `nil` for a new visitor,
    /// most of whose requests never need the rest, so it is worked out only when asked for.
    private let known: KnownSessions.Known?
    /// A new visitor's `SessionSigner.authenticationCode`: their cookie's signature and CSRF secret;
    /// empty for a returning one (`known` has both).
    private let newCode: [UInt8]

    /// A new visitor with a session id just made, signed by `signer`.
    init(newSessionID: [UInt8], signer: SessionSigner) {
        sessionID = newSessionID
        isNew = true
        known = nil
        newCode = signer.authenticationCode(of: newSessionID)
    }

    /// A returning visitor whose cookie named `sessionID` with a verified signature.
    init(sessionID: [UInt8], known: KnownSessions.Known) {
        self.sessionID = sessionID
        isNew = false
        self.known = known
        newCode = []
    }

    /// SHA-256 of the session id: the key of the visitor's rows.
    var sessionHash: [UInt8] { known?.sessionHash ?? Crypto.sha256(sessionID) }

    /// The per-session secret every form carries as `csrf_token`: 32 hex digits.
    var csrfToken: String { String(decoding: csrfTokenDigits, as: UTF8.self) }

    /// `csrfToken` as its UTF-8 bytes (32 hex digits), for splicing into a prepared form.
    var csrfTokenDigits: [UInt8] {
        known?.csrfTokenDigits ?? Crypto.hexDigits(newCode[SessionSigner.csrfSecretBytes])
    }

    /// A cached page's `fragmentTag` (`PageCache`) for a hole holding CSRF token `digits`: `marker` (an
    /// ASCII letter for what else the hole shows) and the token's first 14 digits (56 bits), 15 bytes,
    /// which Swift keeps inline: no allocation on the request.
    static func tokenTag(_ marker: Unicode.Scalar, _ digits: [UInt8]) -> String {
        String(unsafeUninitializedCapacity: 15) { tag in
            tag[0] = UInt8(ascii: marker)
            let prefix = digits.prefix(14)
            _ = tag[1...].initialize(fromContentsOf: prefix)
            return 1 + prefix.count
        }
    }

    /// Whether `token` is this session's CSRF token, or its legacy one (`KnownSessions
    /// .legacyCSRFTokenDigits`), compared in constant time.
    func acceptsCSRFToken(_ token: String) -> Bool {
        let given = Array(token.utf8)
        guard given.count == KnownSessions.legacyCSRFTokenLength else {
            return Crypto.constantTimeEqual(given, csrfTokenDigits)
        }
        return Crypto.constantTimeEqual(given, KnownSessions.legacyCSRFTokenDigits(id: sessionID))
    }

    /// The visitor named by the request's `atlas_session` cookie, or `nil` when it has none this server
    /// signed (anything else, an unsigned or wrongly signed id included, is ignored).
    static func fromCookie(_ request: Request, sessions: KnownSessions) -> Visitor? {
        for field in request.fields where field.name == .cookie {
            if let (id, known) = signedID(inCookieLine: field.value, sessions: sessions) {
                return Visitor(sessionID: id, known: known)
            }
        }
        return nil
    }

    /// The id and its signature in the first validly signed `atlas_session=` pair of one `Cookie` line
    /// (pairs separated by `;`, optionally followed by spaces; RFC 6265 §5.4), read byte by byte over the
    /// line's contiguous UTF-8: every returning visitor's request does this.
    private static func signedID(inCookieLine line: String, sessions: KnownSessions)
        -> (id: [UInt8], known: KnownSessions.Known)?
    {
        var line = line
        return line.withUTF8 { bytes -> (id: [UInt8], known: KnownSessions.Known)? in
            let end = bytes.count
            var pairStart = 0
            while pairStart < end {
                var pairEnd = pairStart
                while pairEnd < end, bytes[pairEnd] != UInt8(ascii: ";") { pairEnd += 1 }
                var start = pairStart
                while start < pairEnd, bytes[start] == UInt8(ascii: " ") { start += 1 }
                let valueStart = start + cookiePrefix.count
                if pairEnd - start == cookiePrefix.count + 65, bytes[valueStart + 32] == UInt8(ascii: "."),
                    cookiePrefix.indices.allSatisfy({ bytes[start + $0] == cookiePrefix[$0] }),
                    let id = Crypto.bytes(hex: UnsafeBufferPointer(rebasing: bytes[valueStart..<valueStart + 32])),
                    let signature = Crypto.bytes(
                        hex: UnsafeBufferPointer(rebasing: bytes[valueStart + 33..<valueStart + 65])),
                    let known = sessions.verified(id: id, signature: signature)
                {
                    return (id, known)
                }
                pairStart = pairEnd + 1
            }
            return nil
        }
    }

    private static let cookiePrefix = Array((cookieName + "=").utf8)

    /// The request's visitor, or a new one with a fresh session id (nothing is written anywhere).
    static func resolve(_ request: Request, sessions: KnownSessions) -> Visitor {
        if let visitor = fromCookie(request, sessions: sessions) { return visitor }
        return Visitor(newSessionID: Crypto.randomBytes(16), signer: sessions.signer)
    }

    /// The `Set-Cookie` value (RFC 6265 §4.1): the signed id, `HttpOnly; SameSite=Lax; Path=/;
    /// Max-Age=…`, plus `Secure` when the request came over HTTPS. The profile pages send it to a
    /// returning visitor too (a fresh `Max-Age`, so the cookie lasts from the last visit, as pruning
    /// counts).
    func setCookie(secure: Bool) -> String {
        let attributes = secure ? Visitor.secureAttributes : Visitor.attributes
        guard let known else {
            return KnownSessions.cookiePair(
                id: sessionID, signature: newCode[SessionSigner.signatureBytes], attributes: attributes)
        }
        return known.cookiePair + attributes
    }

    private static let attributes = "; Path=/; Max-Age=\(cookieMaxAgeSeconds); HttpOnly; SameSite=Lax"
    private static let secureAttributes = attributes + "; Secure"
}
