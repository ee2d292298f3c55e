import Foundation
import HTTPCore
import Synchronization

/// Serves the files under one directory, and nothing outside it (STYLE.md example 9).
///
/// Segments come already percent-decoded with dot segments removed (`RequestTarget`); on top of
/// that, any segment that is empty, starts with `.`, or holds `/` or NUL is refused, and the
/// resolved real path (symbolic links followed) must still lie under the root's real path.
/// Directories are `404`. Files are read once and kept in memory with their `ETag` until their
/// size or modification time changes, so a deploy that edits `Public/` is picked up.
public final class StaticFiles: Sendable {
    private struct CachedFile: Sendable {
        let bytes: [UInt8]
        let modified: Int
        let size: Int
        let eTag: String
        let lastModified: String
    }

    /// The real path of the served directory.
    public let root: String
    private let cacheControl: String
    private let cache = Mutex<[String: CachedFile]>([:])

    /// - Parameters:
    ///   - root: the directory to serve; relative paths are resolved against the working directory.
    ///   - cacheControl: the `Cache-Control` value sent with every file.
    ///
    /// A missing root serves nothing (`404`); the app checks its directories exist at start.
    public init(root: String, cacheControl: String = "public, max-age=3600") {
        let absolute = URL(fileURLWithPath: root).standardizedFileURL.path
        self.root = StaticFiles.realPath(absolute) ?? absolute
        self.cacheControl = cacheControl
    }

    /// The response for the file at `segments` below the root.
    /// - Throws: `HTTPError(.notFound)` for anything that is not a regular file inside the root;
    ///   `HTTPError(.methodNotAllowed)` with `Allow: GET, HEAD` for other methods.
    public func response(for segments: [String], request: Request) throws -> Response {
        guard request.method == .get || request.method == .head else {
            throw HTTPError(.methodNotAllowed, "Files can only be read.", fields: [.allow: "GET, HEAD"])
        }
        guard !segments.isEmpty,
            segments.allSatisfy({ !$0.isEmpty && !$0.hasPrefix(".") && !$0.contains("/") && !$0.contains("\0") })
        else { throw HTTPError(.notFound, "There is no file at this address.") }
        let path = root + "/" + segments.joined(separator: "/")
        guard let resolved = StaticFiles.realPath(path), resolved.hasPrefix(root + "/") else {
            throw HTTPError(.notFound, "There is no file at this address.")
        }
        var info = stat()
        guard stat(resolved, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            throw HTTPError(.notFound, "There is no file at this address.")
        }
        let modified = Int(info.st_mtim.tv_sec)
        let size = Int(info.st_size)
        let file = try cachedFile(resolved, modified: modified, size: size)

        var fields = Fields()
        fields[.contentType] = MediaTypes.contentType(forFileName: resolved)
        fields[.cacheControl] = cacheControl
        fields[.eTag] = file.eTag
        fields[.lastModified] = file.lastModified
        if StaticFiles.isNotModified(request, eTag: file.eTag, modified: modified) {
            return Response(status: .notModified, fields: fields)
        }
        return Response(status: .ok, fields: fields, body: file.bytes)
    }

    /// RFC 9110 §13.2.2: `If-None-Match` decides when present (weak comparison, `*` matches);
    /// otherwise `If-Modified-Since` at or after the file's modification time means unchanged.
    static func isNotModified(_ request: Request, eTag: String, modified: Int) -> Bool {
        if let ifNoneMatch = request.fields[.ifNoneMatch] {
            return ifNoneMatch.split(separator: ",").contains { candidate in
                let tag = candidate.trimmingCharacters(in: .whitespaces)
                return tag == "*" || tag == eTag || tag == "W/" + eTag
            }
        }
        if let since = request.fields[.ifModifiedSince].flatMap(HTTPDate.parse) {
            return modified <= since
        }
        return false
    }

    private func cachedFile(_ path: String, modified: Int, size: Int) throws -> CachedFile {
        if let cached = cache.withLock({ $0[path] }), cached.modified == modified, cached.size == size {
            return cached
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw HTTPError(.notFound, "There is no file at this address.")
        }
        let file = CachedFile(
            bytes: [UInt8](data), modified: modified, size: size,
            eTag: "\"\(String(size, radix: 16))-\(String(modified, radix: 16))\"",
            lastModified: HTTPDate.format(secondsSinceEpoch: modified))
        cache.withLock { $0[path] = file }
        return file
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = Glibc.realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
