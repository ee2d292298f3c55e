import HTTPCore

/// Whether a request comes from a page of this site (RFC 6454 origins): the check every form makes
/// before it reads or writes anything (OWASP's "verifying origin with standard headers").
public enum SameOrigin {
    /// Whether the request's `Origin`, or without one its `Referer`, names `host` (the `Host` the
    /// browser used, `ProxyTrust.host`); a request with neither passes (a form's POST always has one
    /// in current browsers, and the CSRF token still applies). A request with more than one `Origin`
    /// or `Referer` field fails: a browser sends one (RFC 6454 §7.3, RFC 9110 §10.1.3), and the other
    /// could be the one that counts to a proxy in front.
    public static func isSameOrigin(_ request: Request, host: String?) -> Bool {
        let origins = request.fields.values(for: .origin)
        guard origins.count <= 1 else { return false }
        if let origin = origins.first { return Self.origin(origin, matchesHost: host) }
        // Without an Origin (older browsers, privacy settings), a Referer from another site says the same.
        let referers = request.fields.values(for: .referer)
        guard referers.count <= 1 else { return false }
        if let referer = referers.first {
            return Self.origin(Self.origin(ofReferer: referer), matchesHost: host)
        }
        return true
    }

    /// Whether the browser said where the request came from and it was this site: an `Origin` (which
    /// `isSameOrigin` then checks) or `Sec-Fetch-Site: same-origin` (Fetch Metadata), not merely
    /// neither, as an old browser's cross-site POST would be.
    public static func isProven(_ request: Request) -> Bool {
        request.fields.contains(.origin) || request.fields[.secFetchSite]?.lowercased() == "same-origin"
    }

    /// The origin (`scheme://authority`) of a `Referer` (RFC 9110 §10.1.3).
    public static func origin(ofReferer referer: String) -> String {
        guard let scheme = referer.range(of: "://") else { return referer }
        let rest = referer[scheme.upperBound...]
        return String(referer[..<scheme.upperBound]) + String(rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" })
    }

    /// Whether an `Origin` (RFC 6454 §7) names the same host and port as the `Host` field.
    /// Default ports (80 for http, 443 for https) compare equal to their absence.
    public static func origin(_ origin: String, matchesHost host: String?) -> Bool {
        guard let host else { return false }
        let lowered = origin.lowercased()
        let scheme: String
        let authority: Substring
        if lowered.hasPrefix("http://") {
            scheme = "http"
            authority = lowered.dropFirst(7)
        } else if lowered.hasPrefix("https://") {
            scheme = "https"
            authority = lowered.dropFirst(8)
        } else {
            return false  // `null` (sandboxed or redirected) and any other scheme.
        }
        func normalised(_ authority: Substring) -> Substring {
            let defaultSuffix = scheme == "http" ? ":80" : ":443"
            return authority.hasSuffix(defaultSuffix) ? authority.dropLast(defaultSuffix.count) : authority
        }
        return normalised(authority) == normalised(host.lowercased()[...])
    }
}
