/// Media types for static files by file-name extension (IANA media type registry).
public enum MediaTypes {
    /// The `Content-Type` for a file name, with `charset=utf-8` for text; `application/octet-stream`
    /// when the extension is unknown.
    public static func contentType(forFileName name: String) -> String {
        guard let dot = name.lastIndex(of: ".") else { return "application/octet-stream" }
        switch name[name.index(after: dot)...].lowercased() {
        case "html", "htm": return "text/html; charset=utf-8"
        case "css": return "text/css; charset=utf-8"
        case "js", "mjs": return "text/javascript; charset=utf-8"
        case "json", "map": return "application/json"
        case "geojson": return "application/geo+json"
        case "txt": return "text/plain; charset=utf-8"
        case "svg": return "image/svg+xml"
        case "png": return "image/png"
        case "jpg", "jpeg": return "image/jpeg"
        case "gif": return "image/gif"
        case "webp": return "image/webp"
        case "ico": return "image/x-icon"
        case "woff2": return "font/woff2"
        case "woff": return "font/woff"
        case "webmanifest": return "application/manifest+json"
        default: return "application/octet-stream"
        }
    }
}
