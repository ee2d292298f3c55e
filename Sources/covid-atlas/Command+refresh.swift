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
        connectTimeoutSeconds: try arguments.integer("connect-timeout", range: 1...600),
        fetchTimeoutSeconds: try arguments.integer("fetch-timeout", range: 1...3600),
        stallTimeoutSeconds: try arguments.integer("stall-timeout", range: 1...3600))
}

/// The `--source` base URL (default `https://disease.sh`).
/// - Throws: `Arguments.UsageError.invalidValue` unless it is an `http://` or `https://` URL with a host:
///   libcurl would guess plain `http://` for `disease.sh` (no TLS) and fail only at fetch time on `ftp://x`.
func sourceURL(_ arguments: Arguments) throws -> String {
    let source = arguments.string("source")
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
            option: "--source", value: source,
            expected: "an http:// or https:// URL with a host, e.g. https://disease.sh")
    }
    return source
}
