import AtlasRefresh
import Clocks

/// `covid-atlas import FILE [--all FILE] [--historical FILE] [--vaccinations FILE] [--database PATH|URI]`:
/// validates saved disease.sh responses (and Our World in Data's `vaccinations.csv`) as a refresh does
/// and stores them in one transaction; `FILE` `-` imports only the `--historical` history and the
/// `--vaccinations` onto the stored snapshot.
func importFiles(_ arguments: Arguments) throws {
    guard let countriesPath = arguments.positional.first else {
        throw Arguments.UsageError.missingArgument("FILE (a saved /v3/covid-19/countries response)")
    }
    if arguments.positional.count > 1 { throw Arguments.UsageError.unexpectedArgument(arguments.positional[1]) }
    // Combinations that import nothing are bad arguments, refused before any file is read.
    if countriesPath == "-" && arguments.value("historical") == nil && arguments.value("vaccinations") == nil {
        throw Arguments.UsageError.conflicting(
            "FILE - imports only a history or vaccinations: give --historical FILE or --vaccinations FILE")
    }
    if countriesPath == "-" && arguments.isGiven("all") {
        throw Arguments.UsageError.conflicting("--all goes with a countries FILE, not with -")
    }
    for option in ["all", "historical", "vaccinations"] where arguments.value(option)?.isEmpty == true {
        throw Arguments.UsageError.conflicting("--\(option) needs a file path")
    }
    let lines = try DataCommands.importFiles(
        countries: countriesPath, all: arguments.value("all"), historical: arguments.value("historical"),
        vaccinations: arguments.value("vaccinations"),
        into: try DataSettings(database: arguments.string("database")), now: WallClock.millisecondsSinceEpoch())
    lines.forEach { print($0) }
}
