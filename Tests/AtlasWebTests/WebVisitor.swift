import AtlasWeb
import Foundation
import HTTPCore
import Routing

/// One browser against the app through its router: keeps the `atlas_session` cookie it was given
/// and reads the CSRF token and draft version out of the pages, as a browser submitting forms would.
final class WebVisitor: @unchecked Sendable {
    let client: TestClient
    private(set) var cookie: String?
    /// The address its requests come from, as the server sees the peer.
    let remoteAddress: String

    init(_ client: TestClient, from remoteAddress: String = "127.0.0.1:0") {
        self.client = client
        self.remoteAddress = remoteAddress
    }

    /// `GET target`, sending the cookie and keeping any new one.
    @discardableResult
    func get(_ target: String, fields: Fields = Fields()) throws -> Response {
        var fields = fields
        if let cookie { fields[.cookie] = cookie }
        let response = try client.get(target, fields: fields, remoteAddress: remoteAddress)
        keepCookie(response)
        return response
    }

    /// `POST target` with `pairs` as an `application/x-www-form-urlencoded` body; `extraFields` win.
    @discardableResult
    func post(_ target: String, _ pairs: [(String, String)], fields extraFields: Fields = Fields()) throws -> Response {
        var fields: Fields = [.contentType: "application/x-www-form-urlencoded"]
        if let cookie { fields[.cookie] = cookie }
        for field in extraFields { fields[field.name] = field.value }
        let body = Array(FormURLEncoding.encode(pairs.map { (name: $0.0, value: $0.1) }).utf8)
        let response = try client.execute(.post, target, fields: fields, body: body, remoteAddress: remoteAddress)
        keepCookie(response)
        return response
    }

    /// Opens the editor and submits it with `action`, the page's token and version, and `values`
    /// (`username`, `notifications`, `season`, `goal_date`; a value of `nil` leaves the field out).
    @discardableResult
    func submitEditor(_ action: String, _ values: [String: String?], version: String? = nil) throws -> Response {
        let page = try get("/profile/edit")
        var pairs = [("csrf_token", page.hiddenValue("csrf_token") ?? ""), ("action", action)]
        pairs.append(("version", version ?? page.hiddenValue("version") ?? ""))
        for name in ["username", "notifications", "season", "goal_date"] {
            if let value = values[name], let value { pairs.append((name, value)) }
        }
        return try post("/profile/edit", pairs)
    }

    /// Submits the editor as shown in `tab` (an earlier `GET /profile/edit`): its version, `action`, and
    /// `username` with a fixed season and goal date, as a second browser tab would.
    @discardableResult
    func submitTab(_ tab: Response, token: String, username: String, action: String) throws -> Response {
        try post(
            "/profile/edit",
            [
                ("csrf_token", token), ("version", tab.hiddenValue("version") ?? ""), ("action", action),
                ("username", username), ("season", "summer"), ("goal_date", "2026-06-01"),
            ])
    }

    /// The CSRF token of the page the visitor would see now.
    func csrfToken() throws -> String { try get("/profile/edit").hiddenValue("csrf_token") ?? "" }

    private func keepCookie(_ response: Response) {
        guard let setCookie = response.fields[.setCookie] else { return }
        cookie = String(setCookie.prefix { $0 != ";" })
    }
}

/// A complete, valid editor submission.
func editorValues(
    username: String = "Ada", notifications: Bool = true, season: String = "summer", goal: String
) -> [String: String?] {
    ["username": username, "notifications": notifications ? "on" : nil, "season": season, "goal_date": goal]
}

extension Response {
    /// The `value` of the `<input … name="name" … value="…">` on the page, HTML entities undone.
    func hiddenValue(_ name: String) -> String? { inputValue(name) }

    /// The `value` attribute of the first input named `name`, unescaped.
    func inputValue(_ name: String) -> String? {
        guard let nameRange = text.range(of: "name=\"\(name)\"") else { return nil }
        let tagStart = text[..<nameRange.lowerBound].range(of: "<input", options: .backwards)?.lowerBound
        guard let tagStart, let tagEnd = text[nameRange.upperBound...].firstIndex(of: ">") else { return nil }
        let tag = text[tagStart..<tagEnd]
        guard let valueRange = tag.range(of: " value=\"") else { return nil }
        let raw = tag[valueRange.upperBound...].prefix { $0 != "\"" }
        return String(raw).replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
    }
}
