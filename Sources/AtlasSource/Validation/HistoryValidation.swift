import AtlasCore

/// The checks a decoded history must pass before it replaces the stored one, so an upstream glitch
/// never wipes good history (docs/field-cases.md B32). Each failure is one line naming the row or series.
public enum HistoryValidation {
    /// How many days a series may end before its stored self: a week (JHU re-published late, never by
    /// months).
    public static let allowedShortening = 7

    /// How many days a series may start after its stored self: a week. An upstream falling back to
    /// `lastdays=30` sends a month.
    public static let allowedLateStart = 7

    /// The stored history to judge against: each series' first and last day (days since 1970-01-01) by
    /// key (`DataTransaction.storedSeries()`), and whether any has recovered figures.
    public struct Stored: Sendable, Equatable {
        public var lastDays: [String: Int]
        public var firstDays: [String: Int]
        public var reportsRecovered: Bool

        /// The stored series' last and first days by key, and whether any reports recovered.
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
        /// The world's first and last day, days since 1970-01-01.
        public var days: ClosedRange<Int>
    }

    /// Checks `rows` and their mapping onto the snapshot's entries.
    /// - Parameters:
    ///   - rows: the decoded rows (`HistoricalDecoder`), days already consecutive.
    ///   - mapped: `HistoryMapping.map(rows, onto:)` of the snapshot they go with.
    ///   - storedLastDays: the stored series' last days by key.
    /// - Throws: `SourceError.invalidHistory` for two rows of one place; a case or death count below 0 or
    ///   above `SnapshotValidation.largestCount`, or a recovered count above it; every count 0; no
    ///   recovered figure where the stored history has some; under half the stored series; or a series
    ///   ending over `allowedShortening` days before, or starting over `allowedLateStart` days after, its
    ///   stored self.
    @discardableResult
    public static func validate(
        _ rows: [HistoricalRow], mapped: HistoryMapping.Result, storedLastDays: [String: Int]
    ) throws(SourceError) -> Accepted {
        try validate(rows, mapped: mapped, stored: Stored(lastDays: storedLastDays))
    }

    /// Checks `rows` and their mapping against the stored history.
    /// - Throws: as `validate(_:mapped:storedLastDays:)`.
    @discardableResult
    public static func validate(
        _ rows: [HistoricalRow], mapped: HistoryMapping.Result, stored: Stored
    ) throws(SourceError) -> Accepted {
        let largest = SnapshotValidation.largestCount
        var anyCount = false
        var anyRecovered = false
        // Two rows of one place would be summed twice; names compared as the mapping compares them.
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
        // Last: a late-starting history lacks recovered figures too, and its late start is the better reason.
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
