import AtlasCore
import AtlasSource
import AtlasStore
import Foundation

/// A failure of `import` or `refresh` to print as one line (the stored data untouched).
public struct DataCommandError: Error, CustomStringConvertible {
    /// What went wrong, one line.
    public let description: String
    init(_ description: String) { self.description = description }
}

/// `covid-atlas refresh` and `import`: each stores what changed in one transaction (nothing on any
/// failure) and returns the lines to print.
public enum DataCommands {
    /// Fetches the live data, validates it and stores what changed (docs/operations.md, "refresh").
    /// - Parameters:
    ///   - now: ms since the epoch.
    ///   - progress: called as bytes arrive with the resource (`countries`, `all`, `historical`,
    ///     `vaccinations`), the body
    ///     bytes received and the announced total.
    /// - Returns: the lines to print, the first saying whether anything was stored.
    /// - Throws: `SourceError` for a failed, slow, truncated or invalid fetch; `StoreError` when the
    ///   store cannot be opened or written.
    public static func refresh(
        _ settings: DataSettings, now: Int64, progress: ((String, Int64, Int64?) -> Void)? = nil
    ) throws -> [String] {
        let client = settings.client
        let stores = try Stores.open(settings.database)
        defer { stores.close() }
        let refreshed = try LiveRefresh(client: client, vaccinations: settings.vaccinationsClient, stores: stores)
            .refresh(now: now, progress: progress)
        let vaccinationsLine = refreshed.vaccinationsLine.map { [$0] } ?? []
        switch refreshed.result {
        case .notModified:
            return ["\(client.baseURL): not modified (304); the stored snapshot is current"] + vaccinationsLine
        case .unchanged:
            return [
                "\(SourceError.shown(client.baseURL)) sent the data stored already; nothing was replaced, "
                    + "the data version stays"
            ] + vaccinationsLine
        case .replaced(let report):
            let first =
                report.replacedSnapshot || report.history != nil
                ? "stored a new snapshot from \(SourceError.shown(client.baseURL)) in \(settings.database)"
                : "stored new vaccinations from \(SourceError.shown(refreshed.vaccinationsURL ?? "")) in "
                    + "\(settings.database); the stored snapshot stays"
            return [first] + report.lines + vaccinationsLine
        }
    }

    /// Loads saved disease.sh responses (docs/operations.md, "import").
    /// - Parameters:
    ///   - countries: a saved `/v3/covid-19/countries` file, or `-` to import only `historical`.
    ///   - all: a saved `/v3/covid-19/all`; without it the totals are summed from the countries.
    ///   - historical: a saved `/v3/covid-19/historical?lastdays=all`, plain or gzipped.
    ///   - vaccinations: a saved Our World in Data `vaccinations.csv`.
    ///   - now: ms since the epoch.
    /// - Returns: the lines to print.
    /// - Throws: `DataCommandError` for an unreadable file or a combination that imports nothing;
    ///   `SourceError` for a file that does not decode or validate; `StoreError` when storing fails.
    public static func importFiles(
        countries: String, all: String?, historical: String?, vaccinations: String? = nil,
        into settings: DataSettings, now: Int64
    ) throws -> [String] {
        var update = DataUpdate(fromFiles: true)
        if countries != "-" {
            let (decoded, leftOut) = try SnapshotDecoder.decodeCountriesNamingTheLeftOut(try readFile(countries))
            let totals =
                try all.map { try SnapshotDecoder.decodeTotals(try readFile($0)) } ?? WorldTotals(summing: decoded)
            var snapshot = Snapshot(countries: decoded, totals: totals, source: "file:" + countries)
            snapshot.leftOut = leftOut
            update.snapshot = snapshot
        } else if all != nil {
            throw DataCommandError("--all goes with a countries FILE, not with -")
        }
        if let historical {
            let bytes = try readFile(historical)
            do {
                update.history = try HistoricalDecoder.decode(
                    bytes.starts(with: [0x1F, 0x8B]) ? try Gzip.decompress(bytes) : bytes)
            } catch {
                // Named, as the countries FILE and --historical FILE may both be given.
                throw DataCommandError("\(historical): \(error)")
            }
        }
        if let vaccinations {
            let bytes = try readFile(vaccinations)
            do {
                update.vaccinations = try VaccinationDecoder.decode(bytes)
            } catch {
                throw DataCommandError("\(vaccinations): \(error)")
            }
        }
        if countries == "-" && update.history == nil && update.vaccinations == nil {
            throw DataCommandError(
                "FILE - imports only a history or vaccinations: give --historical FILE or --vaccinations FILE")
        }
        let location = settings.database
        // A history or vaccinations alone need a stored snapshot; opening a missing database would leave an empty file.
        if countries == "-", case .sqlite(let path) = location, !FileManager.default.fileExists(atPath: path) {
            throw DataCommandError(
                "there is no database at \(path) to import a history into: import a snapshot first "
                    + "(covid-atlas import FILE), or give --database")
        }
        let stores = try Stores.open(location)
        defer { stores.close() }
        let report = try DataImporter(stores).apply(update, now: now)
        var lines: [String] = []
        if report.changedNothing {
            lines.append("\(location) holds this data already; nothing was replaced, the data version stays")
        } else if report.replacedSnapshot, let snapshot = update.snapshot {
            lines.append("imported \(snapshot.countries.count) countries from \(countries) into \(location)")
        } else if report.history != nil {
            lines.append("imported a history into \(location); the stored snapshot stays")
        } else {
            lines.append("imported vaccinations into \(location); the stored snapshot stays")
        }
        lines += report.lines
        if update.snapshot != nil && all == nil {
            lines.append("no --all file: the worldwide totals were summed from the countries (ratios unknown)")
        }
        return lines
    }

    /// - Throws: `DataCommandError` naming the path when it is missing, a folder or unreadable.
    static func readFile(_ path: String) throws -> [UInt8] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw DataCommandError("cannot read \(path): no such file")
        }
        if isDirectory.boolValue {
            throw DataCommandError("cannot read \(path): it is a directory, not a saved response")
        }
        // Not `FileManager.contents(atPath:)`, nil for /dev/null: an empty file must reach validation.
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw DataCommandError("cannot read \(path): not readable (permission denied?)")
        }
        defer { try? handle.close() }
        do {
            return [UInt8](try handle.readToEnd() ?? Data())
        } catch {
            throw DataCommandError("cannot read \(path): \(error.localizedDescription)")
        }
    }
}
