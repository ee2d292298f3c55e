import AtlasRefresh
import Clocks
import Foundation
import Glibc

/// `covid-atlas refresh [--database PATH|URI] [--source URL] [fetch limits]`: fetches with a progress bar
/// (plain lines off a terminal), validates, stores what changed in one transaction and prints it. Exit 0
/// on success or `304`; a failure throws, the stored data untouched.
func refresh(_ arguments: Arguments) throws {
    guard arguments.positional.isEmpty else { throw Arguments.UsageError.unexpectedArgument(arguments.positional[0]) }
    let settings = try dataSettings(arguments)
    let bar = TransferProgress(isTerminal: isatty(1) == 1)
    let lines: [String]
    do {
        lines = try DataCommands.refresh(settings, now: WallClock.millisecondsSinceEpoch(), progress: bar.update)
        bar.finish()
    } catch {
        bar.abandon()
        throw error
    }
    lines.forEach { print($0) }
}

/// The data settings from `--database`, `--source` and the fetch limits (whole seconds).
/// - Throws: `Arguments.UsageError.invalidValue` for a value out of range or a `--source` that is no
///   http(s) URL; `InvalidSetting` for a `--database` that names no store.
func dataSettings(_ arguments: Arguments) throws -> DataSettings {
    try DataSettings(
        database: arguments.string("database"), sourceURL: try sourceURL(arguments),
        vaccinationsURL: try vaccinationsURL(arguments),
        connectTimeoutSeconds: try arguments.integer("connect-timeout", range: 1...600),
        fetchTimeoutSeconds: try arguments.integer("fetch-timeout", range: 1...3600),
        stallTimeoutSeconds: try arguments.integer("stall-timeout", range: 1...3600))
}

/// The `--source` base URL (default `https://disease.sh`).
/// - Throws: `Arguments.UsageError.invalidValue` unless it is an `http://` or `https://` URL with a host:
///   libcurl would guess plain `http://` for `disease.sh` (no TLS) and fail only at fetch time on `ftp://x`.
func sourceURL(_ arguments: Arguments) throws -> String {
    try httpURL(arguments, option: "source", example: "https://disease.sh")
}

/// The `--vaccinations-source` URL of Our World in Data's `vaccinations.csv` (default OWID's own), or
/// `nil` for `off`, which fetches no vaccinations and keeps the stored ones.
/// - Throws: `Arguments.UsageError.invalidValue` unless it is `off` or an `http://` or `https://` URL with
///   a host.
func vaccinationsURL(_ arguments: Arguments) throws -> String? {
    if arguments.string("vaccinations-source") == DataSettings.Defaults.vaccinationsOff { return nil }
    return try httpURL(
        arguments, option: "vaccinations-source", example: DataSettings.Defaults.vaccinationsURL, orElse: " or off")
}

/// The value of `--option`, checked to be an `http://` or `https://` URL with a host.
/// - Throws: `Arguments.UsageError.invalidValue` naming `example` (and `orElse`) otherwise.
func httpURL(_ arguments: Arguments, option: String, example: String, orElse: String = "") throws -> String {
    let source = arguments.string(option)
    let lowercased = source.lowercased()
    let scheme = ["http://", "https://"].first { lowercased.hasPrefix($0) }
    guard let scheme,
        let host = source.dropFirst(scheme.count).split(separator: "/", omittingEmptySubsequences: false).first,
        !host.isEmpty, !source.contains(where: { $0.isWhitespace }),
        // A port out of range or an unclosed IPv6 bracket would fail only at fetch time.
        let parsed = URLComponents(string: source), parsed.host?.isEmpty == false,
        (parsed.port ?? 80) <= 65_535
    else {
        throw Arguments.UsageError.invalidValue(
            option: "--" + option, value: source,
            expected: "an http:// or https:// URL with a host\(orElse), e.g. \(example)")
    }
    return source
}
