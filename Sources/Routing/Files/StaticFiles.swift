import Clocks
import Formats
import Foundation
import HTTPCore
import Synchronization

/// Serves the files under one directory, and nothing outside it (docs/architecture.md, "Static files
/// stay inside their root"): beyond `RequestTarget`'s decoding and dot-segment removal, a segment that
/// is empty, starts with `.` or holds `/` or NUL is refused, and the real path must lie under the
/// root's. Directories are `404`.
///
/// Files are kept in memory with their `ETag`, gzip form (text types) and header sections; each thread
/// rechecks a file's size and mtime at most once a second, so a deploy is picked up. A fingerprinted
/// name (`css/site.0123456789abcdef.css`, the content hash before the extension) is served `immutable`;
/// an old fingerprint, like the plain name, serves the current file with the ordinary `Cache-Control`.
public final class StaticFiles: Sendable {
    private final class CachedFile: Sendable {
        let bytes: [UInt8]
        let gzipBytes: [UInt8]?
        let modified: Int
        let size: Int
        let eTag: String
        let gzipETag: String
        let fingerprint: String
        /// The prepared header sections, indexed by `[immutable][gzip]`.
        let headers: [[PreparedFields]]

        init(path: String, bytes: [UInt8], modified: Int, size: Int, cachePolicy: CachePolicy, extraFields: Fields) {
            self.bytes = bytes
            self.modified = modified
            self.size = size
            let contentType = MediaTypes.contentType(forFileName: path)
            let compressed = StaticFiles.isCompressible(contentType) ? SplicedContent(bytes, level: 9).gzip() : nil
            gzipBytes = compressed.flatMap { $0.count < bytes.count ? $0 : nil }
            fingerprint = FNV1a.hex(of: bytes)
            eTag = "\"\(fingerprint)\""
            gzipETag = "\"\(fingerprint)-gzip\""
            var headers: [[PreparedFields]] = []
            for immutable in [false, true] {
                var row: [PreparedFields] = []
                for gzip in [false, true] {
                    var fields = Fields()
                    fields[.contentType] = contentType
                    (immutable ? CachePolicy.immutable : cachePolicy).apply(to: &fields)
                    fields[.eTag] = gzip ? gzipETag : eTag
                    fields[.lastModified] = HTTPDate.format(secondsSinceEpoch: modified)
                    if StaticFiles.isCompressible(contentType) { fields[.vary] = "Accept-Encoding" }
                    if gzip { fields[.contentEncoding] = "gzip" }
                    fields.append(contentsOf: extraFields)
                    row.append(PreparedFields(fields))
                }
                headers.append(row)
            }
            self.headers = headers
        }
    }

    private struct Lookup {
        let file: CachedFile
        /// The name carried this file's current fingerprint.
        let immutable: Bool
        /// Monotonic nanoseconds of the last look at the file system.
        let checkedAt: UInt64
    }

    /// The real path of the served directory.
    public let root: String
    private let cachePolicy: CachePolicy
    /// Fields sent with every file, whatever its name (say, a `Content-Security-Policy` for SVG).
    private let extraFields: Fields
    /// Files by real path, shared by every thread (taken only on a thread's once-a-second check).
    private let cache = Mutex<[String: CachedFile]>([:])
    /// Each thread's recent lookups by request segments: the hot path takes no lock and no syscall.
    private let lookups = PerThread<[String: Lookup]> { [:] }

    /// - Parameters:
    ///   - root: the directory to serve, relative to the working directory unless absolute; a missing
    ///     one serves nothing (`404`).
    ///   - cachePolicy: for files under their plain name (an hour by default).
    ///   - extraFields: added to every file response (and its `304`), after the file's own.
    public init(
        root: String, cachePolicy: CachePolicy = .publicFor(seconds: CachePolicy.hour), extraFields: Fields = Fields()
    ) {
        let absolute = URL(fileURLWithPath: root).standardizedFileURL.path
        self.root = StaticFiles.realPath(absolute) ?? absolute
        self.cachePolicy = cachePolicy
        self.extraFields = extraFields
    }

    /// The fingerprinted form of a path below the root (`css/site.css` → `css/site.0123456789abcdef.css`),
    /// or `nil` when there is no such file.
    public func fingerprinted(_ relativePath: String) -> String? {
        let segments = relativePath.split(separator: "/").map(String.init)
        guard let file = try? file(at: segments), let last = segments.last else { return nil }
        let name: String
        if let dot = last.lastIndex(of: "."), dot != last.startIndex {
            name = last[..<dot] + "." + file.fingerprint + last[dot...]
        } else {
            name = last + "." + file.fingerprint
        }
        return (segments.dropLast() + [name]).joined(separator: "/")
    }

    /// The response for the file at `segments` below the root, gzip-encoded when the client
    /// accepts it (text types only).
    /// - Throws: `HTTPError(.notFound)` for anything that is not a regular file inside the root;
    ///   `HTTPError(.methodNotAllowed)` with `Allow: GET, HEAD` for other methods.
    public func response(for segments: [String], request: Request) throws -> Response {
        guard request.method == .get || request.method == .head else {
            throw HTTPError(.methodNotAllowed, "Files can only be read.", fields: [.allow: "GET, HEAD"])
        }
        let lookup = try self.lookup(segments)
        let file = lookup.file
        let gzip = file.gzipBytes != nil && ContentCoding.acceptsGzip(request)
        let immutable = lookup.immutable ? 1 : 0
        var response = Response(status: .ok, prepared: file.headers[immutable][gzip ? 1 : 0])
        if Conditional.isNotModified(request, eTags: [file.eTag, file.gzipETag], lastModified: file.modified) {
            response.status = .notModified
            return response
        }
        response.body = gzip ? file.gzipBytes! : file.bytes
        return response
    }

    private func lookup(_ segments: [String]) throws -> Lookup {
        let key = segments.joined(separator: "/")
        let now = MonotonicClock.nanoseconds()
        if let recent = lookups.withValue({ $0[key] }), now &- recent.checkedAt < 1_000_000_000 { return recent }
        let found: Lookup
        var plainName = false
        if let file = try? file(at: segments) {
            found = Lookup(file: file, immutable: false, checkedAt: now)
            plainName = true
        } else if let (plain, fingerprint) = StaticFiles.withoutFingerprint(segments), let file = try? file(at: plain) {
            found = Lookup(file: file, immutable: file.fingerprint == fingerprint, checkedAt: now)
        } else {
            lookups.withValue { $0[key] = nil }
            throw HTTPError(.notFound, "There is no file at this address.")
        }
        // Only plain names and current fingerprints are remembered: any 16 hex digits find a file,
        // so remembering old or made-up fingerprints would let requests grow the map without bound.
        if found.immutable || plainName {
            lookups.withValue { $0[key] = found }
        }
        return found
    }

    /// `css/site.0123456789abcdef.css` → (`css/site.css`, `0123456789abcdef`).
    private static func withoutFingerprint(_ segments: [String]) -> ([String], String)? {
        guard let last = segments.last else { return nil }
        var parts = last.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count >= 2 else { return nil }
        let index = parts.count >= 3 ? parts.count - 2 : parts.count - 1
        let candidate = String(parts[index])
        guard candidate.count == 16, candidate.utf8.allSatisfy({ ($0 >= 48 && $0 <= 57) || ($0 >= 97 && $0 <= 102) })
        else { return nil }
        parts.remove(at: index)
        return (segments.dropLast() + [parts.joined(separator: ".")], candidate)
    }

    private func file(at segments: [String]) throws -> CachedFile {
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
        if let cached = cache.withLock({ $0[resolved] }), cached.modified == modified, cached.size == size {
            return cached
        }
        guard let data = FileManager.default.contents(atPath: resolved) else {
            throw HTTPError(.notFound, "There is no file at this address.")
        }
        let file = CachedFile(
            path: resolved, bytes: [UInt8](data), modified: modified, size: size, cachePolicy: cachePolicy,
            extraFields: extraFields)
        cache.withLock { $0[resolved] = file }
        return file
    }

    /// Text, JavaScript, JSON and SVG shrink under gzip; images and fonts are compressed already.
    private static func isCompressible(_ contentType: String) -> Bool {
        contentType.hasPrefix("text/") || contentType.hasPrefix("application/json")
            || contentType.hasPrefix("application/geo+json") || contentType.hasPrefix("image/svg+xml")
            || contentType.hasPrefix("application/manifest+json")
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = Glibc.realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
