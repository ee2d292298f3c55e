/// Why the app could not start; each case reads as one line for the terminal.
public enum AtlasStartupError: Error, CustomStringConvertible {
    /// The database holds no snapshot and the shipped one could not be imported.
    case noSnapshot
    /// A file the app ships with (facts, snapshot) could not be read or decoded.
    case unreadableData(path: String, reason: String)
    /// A template the app renders is not in the views directory.
    case missingTemplate(path: String)
    /// A configured directory does not exist.
    case missingDirectory(role: String, path: String)
    /// A configured directory is a file (or something else that is no directory).
    case notADirectory(role: String, path: String)
    /// The views directory's templates cannot be used (none there, a broken one, a missing partial);
    /// `reason` is the template error, with its file, line and column.
    case unusableViews(reason: String)
    /// The catalogs directory lacks a language's catalog or holds one that is not valid.
    case unusableCatalogs(path: String, reason: String)
    /// A configured directory lacks a file the pages link (`--leaflet` without Leaflet's files).
    case missingFile(role: String, path: String)
    /// The flags folder (`--flags`) holds no flag (`xx.svg`): not `iso-flags-svg`'s `country-4x3`.
    case noFlags(path: String)
    /// The map tile URL template (`--tile-url`) is not usable; the reason says what is missing.
    case invalidTileURL(String, reason: String)

    /// Whether the error names something the operator configured (a directory, a file in it, a
    /// template) rather than the data: starting again unchanged would fail the same way, so `serve`
    /// exits 78 (`EX_CONFIG`, sysexits.h) and `script/supervise` does not restart it.
    public var isConfiguration: Bool {
        switch self {
        case .missingTemplate, .missingDirectory, .notADirectory, .unusableViews, .unusableCatalogs, .missingFile,
            .noFlags, .invalidTileURL:
            return true
        case .noSnapshot, .unreadableData: return false
        }
    }

    public var description: String {
        switch self {
        case .noSnapshot: return "the database holds no COVID-19 snapshot; run `covid-atlas import` first"
        case .unreadableData(let path, let reason): return "cannot read \(path): \(reason)"
        case .missingTemplate(let path): return "the template \(path) is missing"
        case .invalidTileURL(let url, let reason): return "the tile URL \(url) is not usable: \(reason)"
        case .missingDirectory(let role, let path):
            return "the \(role) directory \(path) does not exist; \(AtlasStartupError.hint(role))"
        case .notADirectory(let role, let path):
            return "\(path) is not a directory, so it cannot be the \(role) directory; \(AtlasStartupError.hint(role))"
        case .unusableViews(let reason): return reason
        case .unusableCatalogs(let path, let reason): return "cannot read \(path): \(reason)"
        case .missingFile(let role, let path):
            return "\(path) is missing, so this is not a \(role) directory; \(AtlasStartupError.hint(role))"
        case .noFlags(let path):
            return
                "\(path) holds no flag (xx.svg), so this is not a flags directory; \(AtlasStartupError.hint("flags"))"
        }
    }

    private static func hint(_ role: String) -> String {
        switch role {
        case "Leaflet": return "install Debian's libjs-leaflet (script/bootstrap) or pass --leaflet DIR"
        case "flags": return "install Debian's iso-flags-svg (script/bootstrap) or pass --flags DIR"
        default: return "pass --\(role) DIR"
        }
    }
}
