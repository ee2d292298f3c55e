import AtlasCore
import AtlasSource
import AtlasStore
import AtlasWeb
import Clocks
import Foundation

/// `covid-atlas import FILE [--all FILE] [--historical FILE] [--database PATH|URI]`: decodes saved disease.sh
/// responses, runs the same validation as a refresh, and replaces the stored snapshot (and history,
/// with `--historical`) in one transaction. Without `--all`, the totals are summed from the countries.
/// `FILE` may be `-` to import only the history of `--historical` onto the stored snapshot.
func importFiles(_ arguments: Arguments) throws {
    guard let countriesPath = arguments.positional.first else {
        throw Arguments.UsageError.missingArgument("FILE (a saved /v3/covid-19/countries response)")
    }
    if arguments.positional.count > 1 { throw Arguments.UsageError.unexpectedArgument(arguments.positional[1]) }
    var update = DataUpdate(fromFiles: true)
    if countriesPath != "-" {
        let (countries, leftOut) = try SnapshotDecoder.decodeCountriesNamingTheLeftOut(try readFile(countriesPath))
        let totals: WorldTotals
        if let allPath = arguments.value("all") {
            totals = try SnapshotDecoder.decodeTotals(try readFile(allPath))
        } else {
            totals = WorldTotals(summing: countries)
        }
        var snapshot = Snapshot(countries: countries, totals: totals, source: "file:" + countriesPath)
        snapshot.leftOut = leftOut
        update.snapshot = snapshot
    } else if arguments.isGiven("all") {
        throw CommandError("--all goes with a countries FILE, not with -")
    }
    if let historyPath = arguments.value("historical") {
        let bytes = try readFile(historyPath)
        let gzipped = bytes.starts(with: [0x1F, 0x8B])
        do {
            update.history = try HistoricalDecoder.decode(gzipped ? try Gzip.decompress(bytes) : bytes)
        } catch {
            // Named, as the countries FILE and --historical FILE may both be given.
            throw CommandError("\(historyPath): \(error)")
        }
    } else if countriesPath == "-" {
        throw CommandError("FILE - imports only a history: give it with --historical FILE")
    }
    let location = try storeLocation(arguments)
    // A history alone needs a stored snapshot to map its rows onto: without a database file there is
    // none, and opening one would leave an empty file behind.
    if countriesPath == "-", case .sqlite(let path) = location, !FileManager.default.fileExists(atPath: path) {
        throw CommandError(
            "there is no database at \(path) to import a history into: import a snapshot first "
                + "(covid-atlas import FILE), or give --database")
    }
    let stores = try Stores.open(location)
    defer { stores.close() }
    let report = try DataImporter(stores).apply(update, now: WallClock.millisecondsSinceEpoch())
    if report.changedNothing {
        print("\(location) holds this data already; nothing was replaced, the data version stays")
    } else if report.replacedSnapshot, let snapshot = update.snapshot {
        print("imported \(snapshot.countries.count) countries from \(countriesPath) into \(location)")
    } else {
        print("imported a history into \(location); the stored snapshot stays")
    }
    report.lines.forEach { print($0) }
    if update.snapshot != nil && !arguments.isGiven("all") {
        print("no --all file: the worldwide totals were summed from the countries (ratios unknown)")
    }
}

/// A failure of a command, printed as one line.
struct CommandError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

func readFile(_ path: String) throws -> [UInt8] {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
        throw CommandError("cannot read \(path): no such file")
    }
    if isDirectory.boolValue { throw CommandError("cannot read \(path): it is a directory, not a saved response") }
    // A FileHandle, not `FileManager.contents(atPath:)`, which answers nil for a readable device such
    // as /dev/null: an empty file must reach validation and be refused as an empty payload.
    guard let handle = FileHandle(forReadingAtPath: path) else {
        throw CommandError("cannot read \(path): not readable (permission denied?)")
    }
    defer { try? handle.close() }
    do {
        return [UInt8](try handle.readToEnd() ?? Data())
    } catch {
        throw CommandError("cannot read \(path): \(error.localizedDescription)")
    }
}
