import Clocks
import Formats
import HTTPCore
import Synchronization

/// A page as rendered once: its status, its fields and its HTML (or JSON) split at its holes.
public struct CacheablePage: Sendable {
    public var status: StatusCode
    public var fields: Fields
    public var content: SplicedContent

    /// A page from its parts.
    public init(status: StatusCode, fields: Fields, content: SplicedContent) {
        self.status = status
        self.fields = fields
        self.content = content
    }
}

/// Rendered pages that do not depend on the visitor, kept per data version, template version and
/// freshness line, and served from memory with `ETag`, `Last-Modified`, `304` and gzip.
///
/// Each event-loop thread has its own LRU cache bounded in bytes and entries, so serving takes no lock
/// and hostile query strings cannot grow memory past the bound; workers share one behind a mutex.
/// Pages render outside any lock. The freshness line is rechecked at most once a second (its age is
/// coarse, whole seconds at least).
public final class PageCache: Sendable {
    /// Words on a page that change with the clock, not the data (the freshness line's "3 minutes ago").
    public struct AgeLine: Sendable {
        /// Changes whenever the words do; part of the page's `ETag`.
        public var key: String
        /// When the words last changed, ms since the epoch, for `Last-Modified`.
        public var changedAt: Int64

        /// A line from its parts.
        public init(key: String, changedAt: Int64) {
            self.key = key
            self.changedAt = changedAt
        }
    }

    private final class Entry: Sendable {
        public let version: Int64
        public let freshnessKey: String
        public let identityTag: String
        public let gzipTag: String
        /// The tags without their closing quote, for a page with holes to add its fragments' hash.
        public let identityTagStem: String
        public let gzipTagStem: String
        public let lastModified: Int64
        public let status: StatusCode
        public let identityHeader: PreparedFields
        public let gzipHeader: PreparedFields
        public let content: SplicedContent
        public let identityBody: [UInt8]
        public let gzipBody: [UInt8]
        /// For a page with holes: the header sections every such response sends (`private`, no
        /// `Last-Modified`), without the `ETag` each adds with its fragments' hash.
        public let holeIdentityHeader: PreparedFields
        public let holeGzipHeader: PreparedFields
        public let byteCount: Int

        public init(page: CacheablePage, version: Int64, freshnessKey: String, tag: String, lastModified: Int64) {
            self.version = version
            self.freshnessKey = freshnessKey
            identityTagStem = "\"" + tag
            gzipTagStem = "\"" + tag + "-gzip"
            identityTag = identityTagStem + "\""
            gzipTag = gzipTagStem + "\""
            self.lastModified = lastModified
            status = page.status
            content = page.content
            var fields = page.fields
            fields.addVary("Accept-Encoding")
            fields[.lastModified] = HTTPDate.format(secondsSinceEpoch: Int(lastModified / 1000))
            fields[.eTag] = identityTag
            identityHeader = PreparedFields(fields)
            holeIdentityHeader = Entry.holeHeader(fields)
            fields[.eTag] = gzipTag
            fields[.contentEncoding] = "gzip"
            gzipHeader = PreparedFields(fields)
            holeGzipHeader = Entry.holeHeader(fields)
            identityBody = page.content.hasHoles ? [] : page.content.identity()
            gzipBody = page.content.hasHoles ? [] : page.content.gzip()
            byteCount = page.content.chunks.reduce(0) { $0 + $1.count } * 2 + gzipBody.count + 1024
        }

        private static func holeHeader(_ fields: Fields) -> PreparedFields {
            var fields = fields
            CachePolicy.privateToVisitor.apply(to: &fields)
            fields[.lastModified] = nil
            fields[.eTag] = nil
            return PreparedFields(fields)
        }
    }

    /// An entry with when it was last used and last checked: a class, so a hit updates it in place
    /// after one lookup. `@unchecked`: only the thread owning its `Local`, or the holder of the shared
    /// one's mutex, touches it.
    private final class Slot: @unchecked Sendable {
        let entry: Entry
        var lastUse: UInt64
        var checkedAt: Int64

        init(_ entry: Entry, lastUse: UInt64, checkedAt: Int64) {
            self.entry = entry
            self.lastUse = lastUse
            self.checkedAt = checkedAt
        }
    }

    private struct Local {
        public var entries: [String: Slot] = [:]
        public var bytes = 0
        public var clock: UInt64 = 0
    }

    /// Identifies the templates the pages were rendered from (part of every `ETag`).
    public let templateVersion: String
    private let byteLimit: Int
    private let entryLimit: Int
    private let now: @Sendable () -> Int64
    private let local = PerThread<Local> { Local() }
    private let shared = Mutex(Local())

    /// - Parameters:
    ///   - templateVersion: changes whenever a template changes (a hash of the `Views/` files).
    ///   - byteLimit: the most bytes one thread's cache holds (identity and gzip bodies together).
    ///   - entryLimit: the most pages one thread's cache holds.
    ///   - now: the app's clock, ms since the epoch.
    public init(
        templateVersion: String, byteLimit: Int = 16 << 20, entryLimit: Int = 512,
        now: @escaping @Sendable () -> Int64
    ) {
        self.templateVersion = templateVersion
        self.byteLimit = byteLimit
        self.entryLimit = entryLimit
        self.now = now
    }

    /// The response for a cacheable page: cached while its version and freshness line hold, else
    /// rendered by `render` (on a miss only) and kept.
    /// - Parameters:
    ///   - request: for `If-None-Match`, `If-Modified-Since` and `Accept-Encoding`.
    ///   - key: the page's normalised address (`/countries?q=kor&sort=cases`).
    ///   - dataChangedAt: when that data version was stored, ms since the epoch (the earliest
    ///     `Last-Modified`, the same in every process).
    ///   - freshness: the freshness line the page would show now, `nil` for pages without one.
    ///   - fill: the bytes for each hole, per request: called once per hole name to hash them, or, with
    ///     a `fragmentTag`, at each hole as it is written, so it must be cheap (a captured value).
    ///   - fragmentTag: a token that changes whenever `fill`'s bytes would, for the `ETag`; `nil` hashes
    ///     the bytes instead. A page given one is served as a page with holes even when it has none:
    ///     `private`, without `Last-Modified` (a page keyed by a visitor's state has no date a
    ///     conditional request could trust), its `ETag` ending in the tag.
    ///   - extraFields: fields for this response only (a `Set-Cookie`), after the cached ones.
    /// - Throws: what `render` throws.
    public func response(
        for request: Request, key: String, version: Int64, dataChangedAt: Int64, freshness: () -> PageCache.AgeLine?,
        fill: (String) -> [UInt8] = { _ in [] }, fragmentTag: String? = nil, extraFields: Fields = Fields(),
        render: () throws -> CacheablePage
    ) rethrows -> Response {
        let time = now()
        var cached = withCache { local in Self.fresh(key, version: version, time: time, freshness, in: &local) }
        if cached == nil, EventLoopThread.isCurrent {
            // A page a worker built (one too slow for the loop, or any while the data loads) is in the
            // shared cache: this loop keeps it too rather than building it again.
            cached = shared.withLock { Self.fresh(key, version: version, time: time, freshness, in: &$0) }
            if let cached { local.withValue { store(cached, key: key, time: time, in: &$0) } }
        }
        let entry: Entry
        if let cached {
            entry = cached
        } else {
            let line = freshness()
            let freshnessKey = line?.key ?? ""
            entry = Entry(
                page: try render(), version: version, freshnessKey: freshnessKey,
                tag: "\(version)-\(templateVersion)-\(FNV1a.hex(of: key + "\u{0}" + freshnessKey))",
                lastModified: max(dataChangedAt, line?.changedAt ?? 0))
            withCache { local in store(entry, key: key, time: time, in: &local) }
        }
        return response(entry, request: request, fill: fill, fragmentTag: fragmentTag, extraFields: extraFields)
    }

    private func response(
        _ entry: Entry, request: Request, fill: (String) -> [UInt8], fragmentTag: String?, extraFields: Fields
    ) -> Response {
        let gzip = ContentCoding.acceptsGzip(request)
        guard !entry.content.hasHoles, fragmentTag == nil else {
            return responseWithHoles(
                entry, request: request, gzip: gzip, fill: fill, fragmentTag: fragmentTag, extraFields: extraFields)
        }
        var response = Response(
            status: entry.status, prepared: gzip ? entry.gzipHeader : entry.identityHeader, adding: extraFields)
        if entry.status == .ok,
            Conditional.isNotModified(
                request, eTags: [entry.identityTag, entry.gzipTag], lastModified: Int(entry.lastModified / 1000))
        {
            response.status = .notModified
            return response
        }
        response.body = gzip ? entry.gzipBody : entry.identityBody
        return response
    }

    /// A page with per-request fragments: its `ETag` covers them, it is `private`, and without
    /// `Last-Modified` (fragments have no date) only `If-None-Match` can answer `304`.
    private func responseWithHoles(
        _ entry: Entry, request: Request, gzip: Bool, fill: (String) -> [UInt8], fragmentTag: String?,
        extraFields: Fields
    ) -> Response {
        // With a tag given, the fragments are not hashed: each hole is filled as it is written.
        var fragments: [(name: String, bytes: [UInt8])] = []
        if fragmentTag == nil {
            for name in entry.content.holes where !fragments.contains(where: { $0.name == name }) {
                fragments.append((name, fill(name)))
            }
        }
        let fragmentHash = fragmentTag ?? PageCache.fragmentHash(fragments)
        func tagged(_ stem: String) -> String { PageCache.entityTag(stem: stem, fragmentHash: fragmentHash) }
        let tag = tagged(gzip ? entry.gzipTagStem : entry.identityTagStem)
        var fields = Fields()
        fields.reserveCapacity(1 + extraFields.count)
        fields.append(.eTag, tag)
        fields.append(contentsOf: extraFields)
        var response = Response(
            status: entry.status, prepared: gzip ? entry.holeGzipHeader : entry.holeIdentityHeader, adding: fields)
        if entry.status == .ok, request.fields.contains(.ifNoneMatch),
            Conditional.isNotModified(
                request, eTags: [tagged(entry.identityTagStem), tagged(entry.gzipTagStem)], lastModified: 0)
        {
            response.status = .notModified
            return response
        }
        let lookUp = { (name: String) in
            fragmentTag == nil ? fragments.first { $0.name == name }?.bytes ?? [] : fill(name)
        }
        if gzip {
            response.body = entry.content.gzip(lookUp)
        } else {
            response.bodyParts = entry.content.identityParts(lookUp)
        }
        return response
    }

    /// `stem-hash"`: a page with holes' entity tag, its stem (`"version-templates-key`) and its fragments'
    /// hash or tag, written once into the string's storage (appending them cost about 1,400
    /// instructions on every request for such a page, the editor's for one).
    static func entityTag(stem: String, fragmentHash: String) -> String {
        var stem = stem
        var hash = fragmentHash
        return stem.withUTF8 { stem in
            hash.withUTF8 { hash in
                String(unsafeUninitializedCapacity: stem.count + hash.count + 2) { tag in
                    var end = tag.initialize(fromContentsOf: stem)
                    tag[end] = UInt8(ascii: "-")
                    end += 1
                    end += UnsafeMutableBufferPointer(rebasing: tag[end...]).initialize(fromContentsOf: hash)
                    tag[end] = UInt8(ascii: "\"")
                    return end + 1
                }
            }
        }
    }

    /// A hash of the fragments: `name=bytes` in name order, NUL after each.
    private static func fragmentHash(_ fragments: [(name: String, bytes: [UInt8])]) -> String {
        var hasher = FNV1a()
        for fragment in fragments.sorted(by: { $0.name < $1.name }) {
            hasher.combine(fragment.name + "=")
            hasher.combine(fragment.bytes)
            hasher.combine(CollectionOfOne(UInt8(0)))
        }
        return hasher.hex
    }

    /// The entry for `key` in `local` when it is of `version` and its freshness line is the current one
    /// (checked at most once a second), its use recorded; `nil` otherwise.
    private static func fresh(
        _ key: String, version: Int64, time: Int64, _ freshness: () -> PageCache.AgeLine?, in local: inout Local
    ) -> Entry? {
        local.clock &+= 1
        guard let cached = local.entries[key], cached.entry.version == version else { return nil }
        if time >= cached.checkedAt, time - cached.checkedAt < 1000 {
            cached.lastUse = local.clock
            return cached.entry
        }
        if (freshness()?.key ?? "") == cached.entry.freshnessKey {
            cached.lastUse = local.clock
            cached.checkedAt = time
            return cached.entry
        }
        return nil
    }

    /// This event loop's own cache, or on any other thread (a worker) the shared one.
    private func withCache<T>(_ body: (inout Local) -> T) -> T {
        if EventLoopThread.isCurrent { return local.withValue(body) }
        return shared.withLock { body(&$0) }
    }

    private func store(_ entry: Entry, key: String, time: Int64, in local: inout Local) {
        local.clock &+= 1
        if let old = local.entries[key] { local.bytes -= old.entry.byteCount }
        local.entries[key] = Slot(entry, lastUse: local.clock, checkedAt: time)
        local.bytes += entry.byteCount
        // Least recently used first; a scan is fine at these sizes and only runs on a miss.
        while local.bytes > byteLimit || local.entries.count > entryLimit, local.entries.count > 1 {
            guard let oldest = local.entries.min(by: { $0.value.lastUse < $1.value.lastUse }), oldest.key != key
            else { break }
            local.entries[oldest.key] = nil
            local.bytes -= oldest.value.entry.byteCount
        }
    }
}
