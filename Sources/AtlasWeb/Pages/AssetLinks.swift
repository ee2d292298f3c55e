import Foundation
import Mustache
import Routing

/// The fingerprinted URLs of the static assets, the `assets` object of every template context:
/// `{{assets.static_css_atlas_css}}` renders `/static/css/atlas.0123456789abcdef.css` (the key is the
/// plain path without its leading `/`, with `/`, `.` and `-` as `_`).
struct AssetLinks: Sendable {
    /// Plain URL path → fingerprinted URL path.
    let urls: [String: String]
    /// `Public/`, served under `/static/`.
    let publicFiles: StaticFiles
    /// Leaflet's folder, served under `/vendor/leaflet/`.
    let leafletFiles: StaticFiles
    /// The flags' folder, served under `/flags/`.
    let flagFiles: StaticFiles
    /// Which flags the folder has, and the placeholder for the rest.
    let flags: FlagImages

    /// Leaflet's files that the pages link to (its CSS finds its images relative to itself).
    static let leafletFiles = [
        "leaflet.css", "leaflet.min.js", "images/marker-icon.png", "images/marker-icon-2x.png",
        "images/marker-shadow.png",
    ]

    /// - Parameters:
    ///   - publicFiles: every regular file below it gets a link.
    ///   - leafletFiles: `AssetLinks.leafletFiles` get links.
    ///   - flagFiles: served by plain names: fingerprinting hundreds of files would read them all at start.
    ///   - flagCodes: the codes that have a file in `flagFiles` (`FlagImages.codes(inDirectory:)`).
    init(publicFiles: StaticFiles, leafletFiles: StaticFiles, flagFiles: StaticFiles, flagCodes: Set<String>) {
        var urls: [String: String] = [:]
        let files = (FileManager.default.subpaths(atPath: publicFiles.root) ?? []).filter { path in
            !path.split(separator: "/").contains { $0.hasPrefix(".") }
        }
        for path in files {
            if let fingerprinted = publicFiles.fingerprinted(path) {
                urls["/static/" + path] = "/static/" + fingerprinted
            }
        }
        for path in AssetLinks.leafletFiles {
            if let fingerprinted = leafletFiles.fingerprinted(path) {
                urls["/vendor/leaflet/" + path] = "/vendor/leaflet/" + fingerprinted
            }
        }
        self.urls = urls
        self.publicFiles = publicFiles
        self.leafletFiles = leafletFiles
        self.flagFiles = flagFiles
        let placeholder = "/static/" + FlagImages.placeholderFile
        flags = FlagImages(codes: flagCodes, placeholderURL: urls[placeholder] ?? placeholder)
    }

    /// The template key of a plain URL path: `/static/css/atlas.css` → `static_css_atlas_css`.
    static func key(_ path: String) -> String {
        String(path.dropFirst().map { $0 == "/" || $0 == "." || $0 == "-" ? "_" : $0 })
    }

    /// The `assets` object for templates.
    var templateValue: TemplateValue {
        .object(Dictionary(uniqueKeysWithValues: urls.map { (AssetLinks.key($0.key), .string($0.value)) }))
    }

    /// Every plain path and its link, sorted, and the flags there are, to fold into the template version:
    /// pages link a flag or the placeholder by what the folder holds.
    var summary: String {
        (urls.sorted { $0.key < $1.key }.map { $0.key + "=" + $0.value } + ["flags=" + flags.codes.sorted().joined()])
            .joined(separator: "\n")
    }
}
