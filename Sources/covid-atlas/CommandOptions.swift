import AtlasRefresh
import AtlasWeb
import HTTPServer

/// An option of a `covid-atlas` command: the one place its default is written. `--help` shows it
/// (`[--port 8080]`), docs/operations.md shows `--help`, and `Arguments` falls back to it.
struct CommandOption: Sendable {
    /// The name without `--`, e.g. `port`.
    let name: String
    /// The value used when the option is not given; `nil` when there is none (a flag, a file, or a
    /// default the command works out, such as `--stale-after`).
    let defaultValue: String?
    /// What `--help` shows after the name: the default, a placeholder (`SECONDS`) or the choices
    /// (`text|json`); `nil` for a flag.
    let shownValue: String?

    /// An option with a value and a default, shown as `[--name default]`.
    static func value(_ name: String, default value: String) -> CommandOption {
        CommandOption(name: name, defaultValue: value, shownValue: value)
    }

    /// An option with a value, shown as `[--name shown]`, whose default (if any) is not a value to show.
    static func value(_ name: String, shown: String, default value: String? = nil) -> CommandOption {
        CommandOption(name: name, defaultValue: value, shownValue: shown)
    }

    /// An option without a value: present means on.
    static func flag(_ name: String) -> CommandOption {
        CommandOption(name: name, defaultValue: nil, shownValue: nil)
    }

    /// `[--name value]`, or `[--name]` for a flag.
    var synopsis: String { "[--\(name)" + (shownValue.map { " " + $0 } ?? "") + "]" }
}

/// Every command's options, in the order `--help` lists them.
enum CommandOptions {
    /// The libcurl limits of a live fetch, whole seconds (`FetchLimits`' defaults).
    static let fetchLimits: [CommandOption] = {
        [
            .value("connect-timeout", default: String(DataSettings.Defaults.connectTimeoutSeconds)),
            .value("fetch-timeout", default: String(DataSettings.Defaults.fetchTimeoutSeconds)),
            .value("stall-timeout", default: String(DataSettings.Defaults.stallTimeoutSeconds)),
        ]
    }()

    /// `covid-atlas serve`.
    static let serve: [CommandOption] =
        [
            .value("host", default: "127.0.0.1"),
            .value("port", default: "8080"),
            .value("database", default: AtlasConfiguration.Defaults.databasePath),
            .value("source", default: AtlasConfiguration.Defaults.sourceURL),
            .value("vaccinations-source", shown: "URL|off", default: AtlasConfiguration.Defaults.vaccinationsURL),
            .value("refresh-interval", shown: "SECONDS", default: "0"),
            .value("views", default: AtlasConfiguration.Defaults.viewsDirectory),
            .value("catalogs", default: AtlasConfiguration.Defaults.catalogsDirectory),
            .value("public", default: AtlasConfiguration.Defaults.publicDirectory),
            .value("leaflet", default: AtlasConfiguration.Defaults.leafletDirectory),
            .value("flags", default: AtlasConfiguration.Defaults.flagsDirectory),
            .value("data", default: AtlasConfiguration.Defaults.dataDirectory),
            .value("stale-after", shown: "SECONDS"),
            .value("database-connections", default: String(AtlasConfiguration.Defaults.databaseConnections)),
            .value("database-wait", default: String(Int(AtlasConfiguration.Defaults.databaseWaitSeconds))),
            .value("database-password-file", shown: "FILE"),
            .value("new-visitors-per-minute", default: String(AtlasConfiguration.Defaults.newVisitorsPerMinute)),
            .value("max-connections-per-client", default: String(ServerConfiguration().maxConnectionsPerClient)),
            .flag("trust-forwarded-proto"),
            .flag("trust-forwarded-for"),
            .flag("trust-forwarded-host"),
            .value("tile-url", default: AtlasConfiguration.Defaults.tileURL),
            .value("log-format", shown: "text|json", default: "text"),
            .value("max-connections", default: String(ServerConfiguration().maxConnections)),
            .value("max-form-age", default: String(Int(AtlasConfiguration.Defaults.maxFormAgeSeconds))),
        ] + fetchLimits

    /// `covid-atlas import FILE`.
    static let importFiles: [CommandOption] = [
        .value("all", shown: "FILE"),
        .value("historical", shown: "FILE"),
        .value("vaccinations", shown: "FILE"),
        .value("database", default: AtlasConfiguration.Defaults.databasePath),
    ]

    /// `covid-atlas refresh`.
    static let refresh: [CommandOption] =
        [
            .value("database", default: AtlasConfiguration.Defaults.databasePath),
            .value("source", default: AtlasConfiguration.Defaults.sourceURL),
            .value("vaccinations-source", shown: "URL|off", default: AtlasConfiguration.Defaults.vaccinationsURL),
        ] + fetchLimits

    static let byCommand: [String: [CommandOption]] = [
        "serve": serve, "import": importFiles, "refresh": refresh,
    ]

    /// The synopsis lines of a command for `--help`: `covid-atlas NAME ARGUMENTS [--option value] …`,
    /// wrapped before `width` columns with the continuation lines under the first option.
    static func synopsis(_ command: String, arguments: String = "", width: Int = 104) -> [String] {
        let lead = "covid-atlas " + command.padding(toLength: 7, withPad: " ", startingAt: 0) + " "
        let indent = String(repeating: " ", count: lead.count)
        var lines: [String] = []
        var line = lead + (arguments.isEmpty ? "" : arguments + " ")
        for option in byCommand[command] ?? [] {
            let item = option.synopsis
            if line.count + item.count > width, line.count > lead.count {
                lines.append(String(line.dropLast()))
                line = indent
            }
            line += item + " "
        }
        lines.append(String(line.dropLast()))
        return lines
    }
}
