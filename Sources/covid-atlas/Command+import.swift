import AtlasRefresh
import Clocks

/// `covid-atlas import FILE [--all FILE] [--historical FILE] [--database PATH|URI]`: decodes saved disease.sh
/// responses, runs the same validation as a refresh, and replaces the stored snapshot (and history,
/// with `--historical`) in one transaction. Without `--all`, the totals are summed from the countries.
/// `FILE` may be `-` to import only the history of `--historical` onto the stored snapshot.
func importFiles(_ arguments: Arguments) throws {
    guard let countriesPath = arguments.positional.first else {
        throw Arguments.UsageError.missingArgument("FILE (a saved /v3/covid-19/countries response)")
    }
    if arguments.positional.count > 1 { throw Arguments.UsageError.unexpectedArgument(arguments.positional[1]) }
    let lines = try DataCommands.importFiles(
        countries: countriesPath, all: arguments.value("all"), historical: arguments.value("historical"),
        into: try DataSettings(database: arguments.string("database")), now: WallClock.millisecondsSinceEpoch())
    lines.forEach { print($0) }
}
