import Foundation
import HTTPCore
import Mustache
import Routing

/// The flags of Debian's `iso-flags-svg` (`--flags`), served under `/flags/` (`/flags/kr.svg`), and the
/// `flag` value `partials/flag` writes as an `<img>`. An entry without a file (the cruise ships) gets a
/// neutral placeholder. Beside its country's name a flag is decorative (`alt=""`); alone it names the
/// country (WAI images tutorial, "Decorative images" and "Informative images").
struct FlagImages: Sendable {
    /// How a flag stands on a page, which decides its text alternative.
    enum Use: Sendable, Equatable {
        /// Next to the country's name (a list row, a link): `alt=""`.
        case besideName
        /// On its own (over the country page's map): `alt` is the name, or `withoutFlag` (`S. Korea (no
        /// flag)`, from the page's catalog) where the placeholder stands in.
        case alone(withoutFlag: String)
    }

    /// Lower-case ISO 3166-1 alpha-2 codes that have an `xx.svg` in the folder.
    let codes: Set<String>
    /// The placeholder's URL (fingerprinted, from `Public/icons/`).
    let placeholderURL: String

    /// Flags are kept 30 days: the links are plain names (fingerprinting reads every file at start) and a
    /// flag changes only with the Debian package; then a browser revalidates by `ETag`.
    static let cachePolicy = CachePolicy.publicFor(seconds: 30 * CachePolicy.day)

    /// Fields of every flag: an SVG opened on its own is a document that could run script or load
    /// what it names, so it may load nothing and is sandboxed (inline styles are all flags need);
    /// `nosniff` keeps `image/svg+xml` from being read as anything else.
    static let securityFields: Fields = [
        .contentSecurityPolicy: "default-src 'none'; style-src 'unsafe-inline'; sandbox",
        .xContentTypeOptions: "nosniff",
    ]

    /// The placeholder under `Public/`, as a path below it.
    static let placeholderFile = "icons/flag-placeholder.svg"

    /// The URL path of a code's flag: `kr` → `/flags/kr.svg`.
    static func path(_ code: String) -> String { "/flags/" + code + ".svg" }

    /// Whether a file name is a country's flag as `iso-flags-svg` names them: two lower-case ASCII
    /// letters and `.svg` (`kr.svg`; not `_generic.svg` or `brl.svg`).
    static func isFlagFileName(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        return bytes.count == 6 && name.hasSuffix(".svg") && bytes[0...1].allSatisfy { $0 >= 97 && $0 <= 122 }
    }

    /// The codes of the flag files in `directory`: regular files, or links that stay inside it (what
    /// `StaticFiles` serves), so a page never links a flag that would answer `404`.
    static func codes(inDirectory directory: String) -> Set<String> {
        let manager = FileManager.default
        let root = URL(fileURLWithPath: directory).resolvingSymlinksInPath().path
        let names = (try? manager.contentsOfDirectory(atPath: directory)) ?? []
        return Set(
            names.filter { name in
                guard isFlagFileName(name) else { return false }
                let resolved = URL(fileURLWithPath: directory + "/" + name).resolvingSymlinksInPath().path
                var isDirectory: ObjCBool = false
                return resolved.hasPrefix(root + "/") && manager.fileExists(atPath: resolved, isDirectory: &isDirectory)
                    && !isDirectory.boolValue && manager.isReadableFile(atPath: resolved)
            }
            .map { String($0.prefix(2)) })
    }

    /// The `flag` value for an entry: `src`, `alt`, `placeholder` (no flag of its own), `lazy` (lists hold
    /// hundreds); `iso2` in any case, `nil` for the cruise ships.
    func templateValue(iso2: String?, name: String, use: Use) -> TemplateValue {
        let code = iso2?.lowercased()
        let found = code.flatMap { codes.contains($0) ? $0 : nil }
        let alt: String
        switch use {
        case .besideName: alt = ""
        case .alone(let withoutFlag): alt = found == nil ? withoutFlag : name
        }
        return [
            "src": .string(found.map(FlagImages.path) ?? placeholderURL),
            "alt": .string(alt),
            "placeholder": .bool(found == nil),
            "lazy": .bool(use == .besideName),
        ]
    }
}
