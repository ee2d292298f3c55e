import AtlasRefresh
import Clocks

/// `covid-atlas import FILE [--all FILE] [--historical FILE] [--database PATH|URI]`: validates saved
/// disease.sh responses as a refresh does and stores them in one transaction; `FILE` `-` imports only
/// the `--historical` history onto the stored snapshot.
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
