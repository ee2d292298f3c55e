/// Where the map's raster tiles come from: a Leaflet `L.TileLayer` URL template such as
/// `https://tile.openstreetmap.org/{z}/{x}/{y}.png` (`{s}`: a subdomain), and the CSP source for it.
public struct TileSource: Sendable, Equatable {
    /// OpenStreetMap's standard tile server (tile usage policy: operations.osmfoundation.org/policies/tiles).
    public static let openStreetMap = "https://tile.openstreetmap.org/{z}/{x}/{y}.png"

    /// The URL template as given, handed to Leaflet.
    public let template: String
    /// The CSP source expression for the tile host (CSP Level 3 §2.3.1), e.g.
    /// `https://tile.openstreetmap.org`, `https://*.tile.example.org` for a `{s}.` subdomain.
    public let cspSource: String

    /// - Parameter template: an `http` or `https` URL holding `{z}`, `{x}` and `{y}`.
    /// - Throws: `AtlasStartupError.invalidTileURL` saying what is missing.
    public init(template: String) throws {
        func invalid(_ reason: String) -> AtlasStartupError { .invalidTileURL(template, reason: reason) }
        let scheme: String
        if template.hasPrefix("https://") {
            scheme = "https"
        } else if template.hasPrefix("http://") {
            scheme = "http"
        } else {
            throw invalid("it must start with http:// or https://")
        }
        for placeholder in ["{z}", "{x}", "{y}"] where !template.contains(placeholder) {
            throw invalid("it must contain \(placeholder)")
        }
        let afterScheme = template.dropFirst(scheme.count + 3)
        let authority = afterScheme.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        guard !authority.isEmpty, !authority.contains("@"), !authority.contains(" ") else {
            throw invalid("it must name a host")
        }
        // Leaflet fills {s} with a subdomain (a, b, c by default): allow any subdomain of the rest.
        let host = authority.hasPrefix("{s}.") ? "*." + authority.dropFirst(4) : String(authority)
        guard !host.contains("{"), !host.contains("}"), !host.contains(";"), !host.contains(",") else {
            throw invalid("only {s}. may stand in the host")
        }
        self.template = template
        cspSource = "\(scheme)://\(host)"
    }
}
