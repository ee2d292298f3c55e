import AtlasCore

/// The checks a decoded history must pass before it may replace the stored one, so that an upstream
/// glitch can never wipe good history (docs/field-cases.md B32). Each failure is one line naming the
/// row or series.
public enum HistoryValidation {
    /// How many days a series may end before the stored one's last day: a week (JHU revised and
    /// re-published late, never by months).
    public static let allowedShortening = 7

    /// How many days a series may start after the stored one's first day: a week, as it may end. An
    /// upstream that falls back to `lastdays=30` sends a month where the store has the whole pandemic.
    public static let allowedLateStart = 7

    /// What the stored history is, to judge a new one against: each series' first and last day (days
    /// since 1970-01-01) by key (`HistoryStore.storedLastDays()`, and the stored series' `firstDay`),
    /// and whether it has recovered figures at all.
    public struct Stored: Sendable, Equatable {
        public var lastDays: [String: Int]
        public var firstDays: [String: Int]
        public var reportsRecovered: Bool

        /// - Parameters:
        ///   - lastDays: the last day of every stored series, by key.
        ///   - firstDays: the first day of every stored series, by key.
        ///   - reportsRecovered: whether any stored series has a recovered figure.
        public init(lastDays: [String: Int], firstDays: [String: Int] = [:], reportsRecovered: Bool = false) {
            self.lastDays = lastDays
            self.firstDays = firstDays
            self.reportsRecovered = reportsRecovered
        }
    }

    /// What a history that passed holds, for the import's report.
    public struct Accepted: Sendable, Equatable {
        /// How many JHU rows it had.
        public var rowCount: Int
        /// How many snapshot entries got a series.
        public var entryCount: Int
        /// The rows that matched no entry, by name.
        public var unmatchedRows: [String]
        /// The first and last day of the world's series (days since 1970-01-01).
        public var days: ClosedRange<Int>
    }

    /// Checks `rows` and their mapping onto the snapshot's entries.
    /// - Parameters:
    ///   - rows: the decoded rows (`HistoricalDecoder`), whose dates are already consecutive.
    ///   - mapped: `HistoryMapping.map(rows, onto:)` of the snapshot they will be stored with.
    ///   - storedLastDays: the stored series' last days by key (`HistoryStore.storedLastDays()`).
    /// - Returns: what was accepted.
    /// - Throws: `SourceError.invalidHistory` for two rows of the same place (country and province),
    ///   a cumulative case or death count below 0 or above `SnapshotValidation.largestCount`, a
    ///   recovered count above it (JHU's -1 placeholders are only "not reported"), a payload whose
    ///   every count is 0, no recovered figure anywhere (all 0 or -1) where the stored history has some,
    ///   under half the stored number of series, or a series that ends more than `allowedShortening`
    ///   days before its stored self or starts more than `allowedLateStart` days after it.
    @discardableResult
    public static func validate(
        _ rows: [HistoricalRow], mapped: HistoryMapping.Result, storedLastDays: [String: Int]
    ) throws(SourceError) -> Accepted {
        try validate(rows, mapped: mapped, stored: Stored(lastDays: storedLastDays))
    }

    /// Checks `rows` and their mapping onto the snapshot's entries against the stored history.
    /// - Parameters:
    ///   - rows: the decoded rows (`HistoricalDecoder`), whose dates are already consecutive.
    ///   - mapped: `HistoryMapping.map(rows, onto:)` of the snapshot they will be stored with.
    ///   - stored: what the stored history is.
    /// - Returns: what was accepted.
    /// - Throws: as `validate(_:mapped:storedLastDays:)`.
    @discardableResult
    public static func validate(
        _ rows: [HistoricalRow], mapped: HistoryMapping.Result, stored: Stored
    ) throws(SourceError) -> Accepted {
        let largest = SnapshotValidation.largestCount
        var anyCount = false
        var anyRecovered = false
        // Two rows of one place would be summed into it twice: refused, as the snapshot refuses a
        // duplicate id. Names compared as the mapping compares them (case and accents ignored).
        var places = Set<String>()
        for row in rows {
            let place = TextFolding.searchKey(row.country) + "/" + (row.province.map(TextFolding.searchKey) ?? "")
            guard places.insert(place).inserted else {
                throw .invalidHistory("two rows for \"\(row.name)\"")
            }
            for (label, values) in [("cases", row.cases), ("deaths", row.deaths)] {
                if let index = values.firstIndex(where: { $0 < 0 || $0 > largest }) {
                    let date = CalendarDate(daysSinceEpoch: row.firstDay + index)
                    throw .invalidHistory(
                        "\(label) \(values[index]) of \"\(row.name)\" on \(date.iso) is outside 0…\(largest)")
                }
                anyCount = anyCount || values.contains { $0 != 0 }
            }
            if let index = row.recovered.firstIndex(where: { $0 > largest }) {
                let date = CalendarDate(daysSinceEpoch: row.firstDay + index)
                throw .invalidHistory(
                    "recovered \(row.recovered[index]) of \"\(row.name)\" on \(date.iso) is above \(largest)")
            }
            anyRecovered = anyRecovered || row.recovered.contains { $0 > 0 }
        }
        guard anyCount, let world = mapped.world else {
            throw .invalidHistory("every series is 0 on every day")
        }
        let storedEntries = stored.lastDays.keys.count { $0 != HistoryKey.world }
        if mapped.series.count * 2 < storedEntries {
            throw .invalidHistory("only \(mapped.series.count) series, under half of the \(storedEntries) stored")
        }
        var series = mapped.series
        series[HistoryKey.world] = world
        func name(_ key: String) -> String { key == HistoryKey.world ? "the world" : "“\(key)”" }
        for (key, lastDay) in stored.lastDays.sorted(by: { $0.key < $1.key }) {
            guard let new = series[key], new.lastDay < lastDay - allowedShortening else { continue }
            throw .invalidHistory(
                "the series of \(name(key)) ends on \(CalendarDate(daysSinceEpoch: new.lastDay).iso), "
                    + "\(lastDay - new.lastDay) days before the stored one")
        }
        for (key, firstDay) in stored.firstDays.sorted(by: { $0.key < $1.key }) {
            guard let new = series[key], new.firstDay > firstDay + allowedLateStart else { continue }
            throw .invalidHistory(
                "the series of \(name(key)) starts on \(CalendarDate(daysSinceEpoch: new.firstDay).iso), "
                    + "\(new.firstDay - firstDay) days after the stored one")
        }
        // Last: a history that starts late has no recovered figures either (JHU stopped reporting them),
        // and its late start is the better reason.
        if stored.reportsRecovered && !anyRecovered {
            throw .invalidHistory(
                "no row reports recovered on any day (every value is 0 or -1), "
                    + "but the stored history has recovered figures")
        }
        return Accepted(
            rowCount: rows.count, entryCount: mapped.series.count, unmatchedRows: mapped.unmatchedRows,
            days: world.firstDay...world.lastDay)
    }
}
