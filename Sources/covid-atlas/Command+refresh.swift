import AtlasCore
import AtlasSource
import AtlasStore
import AtlasWeb
import Clocks
import Glibc

/// `covid-atlas refresh [--database PATH|URI] [--source URL] [fetch limits]`: fetches the live data with a
/// progress bar (plain lines when standard output is not a terminal), validates it, replaces the stored
/// snapshot in one transaction and prints what changed. Exit 0 on success or `304`; any failure throws
/// and `main` prints it as one line with a non-zero status, the stored data untouched.
func refresh(_ arguments: Arguments) throws {
    guard arguments.positional.isEmpty else { throw Arguments.UsageError.unexpectedArgument(arguments.positional[0]) }
    let location = try storeLocation(arguments)
    let client = DiseaseShClient(
        baseURL: try sourceURL(arguments), limits: try fetchLimits(arguments),
        userAgent: LiveRefresh.userAgent)
    let stores = try Stores.open(location)
    defer { stores.close() }
    let bar = TransferProgress(isTerminal: isatty(1) == 1)
    let result: LiveRefresh.Result
    do {
        result = try LiveRefresh(client: client, stores: stores).run(
            now: WallClock.millisecondsSinceEpoch(), progress: bar.update)
        bar.finish()
    } catch {
        bar.abandon()
        throw error
    }
    switch result {
    case .notModified:
        print("\(client.baseURL): not modified (304); the stored snapshot is current")
    case .unchanged:
        print(
            "\(SourceError.shown(client.baseURL)) sent the data stored already; nothing was replaced, "
                + "the data version stays")
    case .replaced(let report):
        print("stored a new snapshot from \(SourceError.shown(client.baseURL)) in \(location)")
        report.lines.forEach { print($0) }
    }
}

/// The fetch limits from `--connect-timeout`, `--fetch-timeout` and `--stall-timeout` (whole seconds),
/// whose defaults are `FetchLimits`' (`CommandOptions.fetchLimits`).
/// - Throws: `Arguments.UsageError.invalidValue` for a value that is not a whole number of seconds in range.
func fetchLimits(_ arguments: Arguments) throws -> FetchLimits {
    var limits = FetchLimits()
    limits.connectTimeout = Double(try arguments.integer("connect-timeout", range: 1...600))
    limits.totalTimeout = Double(try arguments.integer("fetch-timeout", range: 1...3600))
    limits.lowSpeedSeconds = try arguments.integer("stall-timeout", range: 1...3600)
    return limits
}

/// The `--database` value: a SQLite path, or a `postgres://`/`postgresql://` URI.
/// - Throws: `StoreError.invalidLocation` (one line, without any password) for an empty path or a URI
///   libpq cannot parse.
func storeLocation(_ arguments: Arguments) throws -> StoreLocation {
    try StoreLocation(parsing: arguments.string("database"))
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
        !host.isEmpty, !source.contains(where: { $0.isWhitespace })
    else {
        throw Arguments.UsageError.invalidValue(
            option: "--source", value: source,
            expected: "an http:// or https:// URL with a host, e.g. https://disease.sh")
    }
    return source
}
