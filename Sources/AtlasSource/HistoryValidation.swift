import AtlasCore

/// The checks a decoded history must pass before it may replace the stored one, so that an upstream
/// glitch can never wipe good history (docs/field-cases.md B32). Each failure is one line naming the
/// row or series.
public enum HistoryValidation {
    /// How many days a series may end before the stored one's last day: a week (JHU revised and
    /// re-published late, never by months).
    public static let allowedShortening = 7

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
    /// - Throws: `SourceError.invalidHistory` for a cumulative case or death count below 0 or above
    ///   `SnapshotValidation.largestCount`, a recovered count above it (JHU's -1 placeholders are only
    ///   "not reported"), a payload whose every count is 0, under half the stored number of series,
    ///   or a series that ends more than `allowedShortening` days before its stored self.
    @discardableResult
    public static func validate(
        _ rows: [HistoricalRow], mapped: HistoryMapping.Result, storedLastDays: [String: Int]
    ) throws(SourceError) -> Accepted {
        let largest = SnapshotValidation.largestCount
        var anyCount = false
        for row in rows {
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
        }
        guard anyCount, let world = mapped.world else {
            throw .invalidHistory("every series is 0 on every day")
        }
        let storedEntries = storedLastDays.keys.count { $0 != HistoryKey.world }
        if mapped.series.count * 2 < storedEntries {
            throw .invalidHistory("only \(mapped.series.count) series, under half of the \(storedEntries) stored")
        }
        var series = mapped.series
        series[HistoryKey.world] = world
        for (key, lastDay) in storedLastDays.sorted(by: { $0.key < $1.key }) {
            guard let new = series[key], new.lastDay < lastDay - allowedShortening else { continue }
            let name = key == HistoryKey.world ? "the world" : "“\(key)”"
            throw .invalidHistory(
                "the series of \(name) ends on \(CalendarDate(daysSinceEpoch: new.lastDay).iso), "
                    + "\(lastDay - new.lastDay) days before the stored one")
        }
        return Accepted(
            rowCount: rows.count, entryCount: mapped.series.count, unmatchedRows: mapped.unmatchedRows,
            days: world.firstDay...world.lastDay)
    }
}
