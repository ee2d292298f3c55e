import Foundation
import HTTPCore
import Localization
import Routing

/// A form POST that passed the cross-site checks: the visitor (from the cookie) and the decoded fields.
struct FormSubmission {
    let visitor: Visitor
    let fields: [(name: String, value: String)]

    /// The first value of field `name`, or `nil` when the form did not send it.
    subscript(name: String) -> String? { fields.first { $0.name == name }?.value }

    /// Checks a POST the way every form handler must, in this order, and decodes its body:
    /// 1. `Sec-Fetch-Site` `cross-site` or `same-site`, or an `Origin` (also `null`), else `Referer`, not
    ///    of `ProxyTrust.host`: `403` (another site's page sent it).
    /// 2. A `Content-Type` other than `application/x-www-form-urlencoded`: `415`.
    /// 3. A body that does not decode (bad percent-escape, not UTF-8): `400`.
    /// 4. No `atlas_session` cookie this server signed, or a `csrf_token` that is not the session's
    ///    (compared in constant time): `403`.
    /// - Throws: `HTTPError` as listed; nothing has been read or written from the store by then.
    ///
    /// The messages are in the language of the form's address (`/ko/profile/edit`: Korean).
    init(_ request: Request, site: SiteContext) throws {
        do {
            try self.init(keepingTyped: request, site: site)
        } catch let refusal as SessionRefusal {
            throw refusal.error
        }
    }

    /// A form of this site refused at step 4 only (no session cookie this server signed, or a token
    /// that is not the session's: a cookie cleared or expired while the form was open, a session begun
    /// in another tab). The visitor's own page sent it, so a handler may show the form again with what
    /// was typed (`ProfileController`'s editor) instead of `error`'s page.
    struct SessionRefusal: Error {
        /// What went wrong: no session cookie this server signed, or a token not the session's.
        enum Reason: String, Sendable { case noSession, badToken }

        /// The `403` other handlers answer.
        let error: HTTPError
        /// Why the form was refused.
        let reason: Reason
        /// The decoded fields, as typed.
        let fields: [(name: String, value: String)]
    }

    /// As `init(_:site:)`, but a refusal at step 4 throws `SessionRefusal` with what was typed, when the
    /// browser proved the form its own (`SameOrigin.isProven`): a cross-site POST arrives without the
    /// Lax cookie, and a page that gave it a new session would replace the visitor's.
    /// - Throws: `HTTPError` for steps 1 to 3, and for step 4 without that proof; `SessionRefusal`.
    init(keepingTyped request: Request, site: SiteContext) throws {
        let words = site.languages[Language.split(request.target.path).language]
        if let site = request.fields[.secFetchSite]?.lowercased(), site == "cross-site" || site == "same-site" {
            throw HTTPError.inWords(.forbidden, words, "form.otherSite")
        }
        guard SameOrigin.isSameOrigin(request, host: site.configuration.proxyTrust.host(request)) else {
            throw HTTPError.inWords(.forbidden, words, "form.otherOrigin")
        }
        let mediaType = request.fields[.contentType]?.split(separator: ";").first?
            .trimmingOptionalWhitespace().lowercased()
        guard mediaType == "application/x-www-form-urlencoded" else {
            throw HTTPError.inWords(.unsupportedMediaType, words, "form.mediaType")
        }
        guard let fields = FormURLEncoding.decode(body: request.body) else {
            throw HTTPError.inWords(.badRequest, words, "form.unreadable")
        }
        func refusal(_ reason: SessionRefusal.Reason) -> any Error {
            let error = HTTPError.inWords(.forbidden, words, "form." + reason.rawValue)
            guard SameOrigin.isProven(request) else { return error }
            return SessionRefusal(error: error, reason: reason, fields: fields)
        }
        guard let visitor = Visitor.fromCookie(request, sessions: site.sessions) else { throw refusal(.noSession) }
        let token = fields.first { $0.name == "csrf_token" }?.value ?? ""
        guard visitor.acceptsCSRFToken(token) else { throw refusal(.badToken) }
        self.visitor = visitor
        self.fields = fields
    }
}
