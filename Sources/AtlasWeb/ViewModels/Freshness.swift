import Mustache

/// When the data was last updated and whether that is too long ago to call fresh.
struct Freshness: Sendable {
    /// The data's own `updated` time, ms since the epoch; `nil` when upstream sent none.
    let updated: Int64?
    /// The current time, ms since the epoch.
    let now: Int64
    /// Seconds after which data counts as stale.
    let staleAfterSeconds: Int64

    /// Stale when the age passes the threshold, or when the data carries no time at all
    /// (unknown age is never presented as fresh).
    var isStale: Bool {
        guard let updated else { return true }
        return (now - updated) / 1000 > staleAfterSeconds
    }

    var ageSeconds: Int64? { updated.map { max(0, (now - $0) / 1000) } }

    var templateValue: TemplateValue {
        var value: [String: TemplateValue] = ["stale": .bool(isStale)]
        if let updated, let ageSeconds {
            value["updated"] = .string(Formatting.readableDateTime(millisecondsSinceEpoch: updated))
            value["updatedISO"] = .string(Formatting.isoDateTime(millisecondsSinceEpoch: updated))
            value["age"] = .string(Formatting.age(seconds: ageSeconds))
        }
        return .object(value)
    }
}
