import AtlasWeb
import Clocks
import Foundation
import Glibc
import HTTPCore
import HTTPServer
import Routing

/// `covid-atlas serve`: builds the app, binds, prints `listening on http://HOST:PORT` as the first
/// line of standard output, serves until SIGTERM or SIGINT, then shuts down gracefully and exits 0.
func serve(_ arguments: Arguments) throws {
    guard arguments.positional.isEmpty else { throw Arguments.UsageError.unexpectedArgument(arguments.positional[0]) }
    let host = arguments.string("host")
    try checkHost(host)
    let port = try arguments.integer("port", range: 0...65_535)
    let refreshInterval = try arguments.integer("refresh-interval", range: 0...(86_400 * 30))
    // Stale past two missed refreshes; without refreshing, past the configuration's default.
    let staleAfter = try arguments.integer(
        "stale-after", range: 1...(86_400 * 3650),
        default: refreshInterval > 0 ? 2 * refreshInterval : Int(AtlasConfiguration.Defaults.staleAfterSeconds))
    let data = try dataSettings(arguments)
    let databaseConnections = try arguments.integer("database-connections", range: 1...1000)
    let databaseWait = try arguments.integer("database-wait", range: 0...86_400)
    let maxFormAge = try arguments.integer("max-form-age", range: 0...86_400)
    let newVisitorsPerMinute = try arguments.integer("new-visitors-per-minute", range: 0...1_000_000)
    let connectionsPerClient = try arguments.integer("max-connections-per-client", range: 0...1_000_000)
    let maxConnections = try arguments.integer("max-connections", range: 1...1_000_000)
    let logFormatName = arguments.string("log-format")
    guard let logFormat = LogFormat(rawValue: logFormatName) else {
        throw Arguments.UsageError.invalidValue(option: "--log-format", value: logFormatName, expected: "text or json")
    }
    // Checked with the other arguments: a bad template is a usage error (64), which a supervisor does
    // not restart, not a failed start.
    let tileURL = arguments.string("tile-url")
    do {
        _ = try TileSource(template: tileURL)
    } catch AtlasStartupError.invalidTileURL(_, let reason) {
        throw Arguments.UsageError.invalidValue(option: "--tile-url", value: tileURL, expected: "usable: " + reason)
    }
    // A client that resets its connection must cost an EPIPE, not the process (docs/field-cases.md B10).
    signal(SIGPIPE, SIG_IGN)
    // Blocked before any thread starts, so every thread inherits the mask and only this one gets them,
    // through sigwait: no async-signal-unsafe handler, and a second signal goes to the force-quit thread.
    var stopSignals = sigset_t()
    sigemptyset(&stopSignals)
    sigaddset(&stopSignals, SIGTERM)
    sigaddset(&stopSignals, SIGINT)
    pthread_sigmask(SIG_BLOCK, &stopSignals, nil)

    // Only once every argument is valid: the writers' threads live as long as the process.
    let output = LogWriter(descriptor: 1)
    let errors = LogWriter(descriptor: 2)
    let info: @Sendable (String) -> Void = { message in output.write(logFormat.messageLine(message, level: "info")) }
    let error: @Sendable (String) -> Void = { message in errors.write(logFormat.messageLine(message, level: "error")) }

    var configuration = AtlasConfiguration(
        database: data.database,
        viewsDirectory: arguments.string("views"),
        catalogsDirectory: arguments.string("catalogs"),
        publicDirectory: arguments.string("public"),
        leafletDirectory: arguments.string("leaflet"),
        flagsDirectory: arguments.string("flags"),
        dataDirectory: arguments.string("data"),
        tileURL: tileURL,
        sourceURL: data.sourceURL,
        staleAfterSeconds: Int64(staleAfter),
        logError: error)
    configuration.trustForwardedProto = arguments.flag("trust-forwarded-proto")
    configuration.trustForwardedFor = arguments.flag("trust-forwarded-for")
    configuration.trustForwardedHost = arguments.flag("trust-forwarded-host")
    configuration.newVisitorsPerMinute = newVisitorsPerMinute
    configuration.storeOptions.maxConnections = databaseConnections
    configuration.databaseWaitSeconds = Double(databaseWait)
    if arguments.isGiven("database-password-file") {
        configuration.storeOptions.password = try readPasswordFile(arguments.string("database-password-file"))
    }
    configuration.maxFormAgeSeconds = Double(maxFormAge)
    configuration.refreshInterval = Double(refreshInterval)
    configuration.fetchLimits = data.limits
    configuration.vaccinationsURL = data.vaccinationsURL
    configuration.logInfo = info
    // `--vaccinations-source off` says what serving without a refresh does anyway: nothing to warn of.
    for option in ["source", "vaccinations-source"]
    where refreshInterval == 0 && arguments.isGiven(option) && arguments.string(option) != "off" {
        error("covid-atlas: --\(option) is used only with --refresh-interval; serving the stored snapshot")
    }
    let app = try AtlasApp.build(configuration)

    var serverConfiguration = ServerConfiguration()
    serverConfiguration.host = host
    serverConfiguration.port = port
    serverConfiguration.maxConnectionsPerClient = connectionsPerClient
    // One worker per pooled connection: more would only wait for one.
    serverConfiguration.blockingWorkerCount = databaseConnections
    serverConfiguration.maxConnections = maxConnections
    // Each event-loop thread hands its lines to the writer once per batch of events, not taking the
    // writer's shared lock per response; early past `batchBytes`, the most a thread keeps between batches.
    let batchBytes = 64 << 10
    let pendingLines = PerThread<[UInt8]> { [] }
    let handOn: @Sendable (inout [UInt8]) -> Void = { lines in
        guard !lines.isEmpty else { return }
        output.write(lines: lines)
        if lines.capacity > 2 * batchBytes { lines = [] } else { lines.removeAll(keepingCapacity: true) }
    }
    serverConfiguration.accessLog = { entry in
        pendingLines.withValue { lines in
            logFormat.appendAccessLine(entry, to: &lines)
            lines.append(UInt8(ascii: "\n"))
            if lines.count >= batchBytes { handOn(&lines) }
        }
    }
    serverConfiguration.accessLogFlush = { pendingLines.withValue(handOn) }
    let server = Server(configuration: serverConfiguration, responder: app.responder)
    let boundPort = try server.start()
    let shownHost = host.contains(":") ? "[\(host)]" : host
    StandardOutput.writeLine("listening on http://\(shownHost):\(boundPort)")
    if let imported = app.report.importedShippedCountries {
        info("imported the shipped snapshot: \(imported) countries into \(configuration.database)")
    }
    if let history = app.report.importedShippedData?.historyLine {
        info("imported the shipped " + history)
    }
    for line in app.report.importedShippedData?.vaccinationLines ?? [] {
        info("imported the shipped " + line)
    }
    var received: Int32 = 0
    sigwait(&stopSignals, &received)
    info("received \(signalName(received)), finishing in-flight requests (send it again to stop at once)")
    server.shutdown()
    // A second stop signal ends the process without waiting for slow clients.
    let signalsToWaitFor = stopSignals
    let forceQuit = Thread {
        var again: Int32 = 0
        var signals = signalsToWaitFor
        sigwait(&signals, &again)
        info("received \(signalName(again)) again, stopping now")
        output.flush(waitingAtMost: 0.5)
        _exit(1)
    }
    forceQuit.start()
    server.waitUntilStopped()
    // No request runs any more: close the database so the WAL is checkpointed into the main file.
    app.close()
    info("stopped")
    output.flush(waitingAtMost: 1)
    errors.flush(waitingAtMost: 0.5)
}

/// The password in `path` (a Docker secret): its first line, without the line break.
/// - Throws: `PasswordFileError` when the file cannot be read or its first line is empty.
private func readPasswordFile(_ path: String) throws -> String {
    guard let data = FileManager.default.contents(atPath: path) else {
        throw PasswordFileError(description: "cannot read the --database-password-file \(path)")
    }
    let firstLine =
        String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        .first.map { $0.hasSuffix("\r") ? String($0.dropLast()) : String($0) } ?? ""
    guard !firstLine.isEmpty else {
        throw PasswordFileError(description: "the --database-password-file \(path) holds no password on its first line")
    }
    return firstLine
}

/// A `--database-password-file` that cannot be used (exit 1, one line).
struct PasswordFileError: Error, CustomStringConvertible {
    let description: String
}

private func signalName(_ signal: Int32) -> String {
    signal == SIGINT ? "SIGINT" : "SIGTERM"
}

/// Refuses a `--host` that can be no host as a bad argument (exit 64): empty, with spaces or control
/// characters, starting with `-`, or written as an address that is none (`999.1.1.1`, `::g`).
/// getaddrinfo(3) would take it for a name and fail to resolve it after the data was loaded, and
/// the start would fail (exit 1), which a supervisor restarts. Other names (`localhost`) are left to
/// getaddrinfo.
/// - Throws: `Arguments.UsageError.invalidValue` for such a host.
func checkHost(_ host: String) throws {
    let bytes = Array(host.utf8)
    if bytes.isEmpty || bytes.first == UInt8(ascii: "-") || bytes.contains(where: { $0 <= 0x20 || $0 == 0x7F }) {
        throw Arguments.UsageError.invalidValue(
            option: "--host", value: host, expected: "a host name or an IPv4 or IPv6 address")
    }
    let looksIPv4 = bytes.allSatisfy { $0 == UInt8(ascii: ".") || (0x30...0x39).contains($0) }
    let looksIPv6 = host.contains(":")
    guard looksIPv4 || looksIPv6 else { return }
    var address = in6_addr()
    guard inet_pton(looksIPv6 ? AF_INET6 : AF_INET, host, &address) != 1 else { return }
    throw Arguments.UsageError.invalidValue(
        option: "--host", value: host,
        expected: looksIPv6 ? "an IPv6 address such as ::1" : "an IPv4 address of four numbers 0 to 255")
}
