import Mustache
import Routing

/// When the data was last updated and whether that is too long ago to call fresh.
struct Freshness: Sendable {
    /// The data's own `updated` time, ms since the epoch; `nil` when upstream sent none.
    let updated: Int64?
    /// The current time, ms since the epoch.
    let now: Int64
    /// Seconds after which data counts as stale.
    let staleAfterSeconds: Int64

    /// How far ahead of the clock an update time may be before it counts as wrong (clock skew), in ms.
    static let allowedClockSkew: Int64 = 5 * 60 * 1000

    /// Whether the data claims a time after now: a wrong time, which says nothing about freshness.
    var isFromTheFuture: Bool {
        guard let updated else { return false }
        let latest = now > Int64.max - Freshness.allowedClockSkew ? Int64.max : now + Freshness.allowedClockSkew
        return updated > latest
    }

    /// Stale when the age passes the threshold, or when the data's time is unknown or in the future
    /// (an age that cannot be trusted is never presented as fresh).
    var isStale: Bool {
        guard let ageSeconds, !isFromTheFuture else { return true }
        return ageSeconds > staleAfterSeconds
    }

    /// Whole seconds since `updated`, at least 0; `nil` when unknown or not representable.
    var ageSeconds: Int64? {
        guard let updated else { return nil }
        let (difference, overflow) = now.subtractingReportingOverflow(updated)
        return overflow ? nil : max(0, difference / 1000)
    }

    /// What the freshness line shows, as one string: two moments with equal keys render the same line.
    var key: String {
        guard let updated, let ageSeconds, !isFromTheFuture else { return "\(isStale)|\(isFromTheFuture)|-" }
        return "\(isStale)|\(updated)|" + Formatting.age(seconds: ageSeconds)
    }

    /// When the line started to read as it does now, ms since the epoch: the start of the age's
    /// current unit (`3 minutes` began at 180 s), or the moment it turned stale; `nil` when the
    /// line does not depend on the time.
    var lineChangedAt: Int64? {
        guard let updated, let ageSeconds, !isFromTheFuture else { return nil }
        let unit = Formatting.ageUnitSeconds(ageSeconds)
        var start = updated + ageSeconds / unit * unit * 1000
        if isStale { start = max(start, updated + (staleAfterSeconds + 1) * 1000) }
        return start
    }

    /// The line as the page cache keys it.
    var ageLine: PageCache.AgeLine { PageCache.AgeLine(key: key, changedAt: lineChangedAt ?? 0) }

    /// The line in `words`' language: `freshness.updated` cut around its time, which the layout wraps
    /// in `<time>` (`Data updated ` · `14 November 2021, 05:11 UTC` · ` (3 minutes ago)`).
    func templateValue(_ words: PageWords) -> TemplateValue {
        var value: [String: TemplateValue] = ["stale": .bool(isStale), "future": .bool(isFromTheFuture)]
        if let updated, let ageSeconds, !isFromTheFuture {
            let parts = words.parts("freshness.updated", around: "time", ["age": words.age(seconds: ageSeconds)])
            value["updated"] = .string(words.dateTime(millisecondsSinceEpoch: updated))
            value["updatedISO"] = .string(Formatting.isoDateTime(millisecondsSinceEpoch: updated))
            value["updatedBefore"] = .string(parts.before)
            value["updatedAfter"] = .string(parts.after)
        }
        return .object(value)
    }
}
