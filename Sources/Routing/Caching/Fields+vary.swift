import HTTPCore

extension Fields {
    /// Adds `token` (a field name such as `Cookie`) to `Vary` (RFC 9110 §12.5.5) unless it is listed
    /// already (compared case-insensitively), keeping the tokens already there first.
    public mutating func addVary(_ token: String) {
        guard let current = self[.vary], !current.isEmpty else {
            self[.vary] = token
            return
        }
        let listed = current.split(separator: ",").map { $0.trimmingOptionalWhitespace().lowercased() }
        guard !listed.contains(token.lowercased()), !listed.contains("*") else { return }
        self[.vary] = current + ", " + token
    }
}
