import AtlasCore
import AtlasSource
import AtlasStore
import AtlasWeb
import Foundation
import Glibc
import HTTPCore
import HTTPServer

// Only the executable touches process-wide things: arguments, signals, stdout, the event loops.

let allowedOptions: [String: Set<String>] = [
    "serve": [
        "host", "port", "database", "source", "refresh-interval", "views", "public", "leaflet", "data", "stale-after",
        "connect-timeout", "fetch-timeout", "stall-timeout",
        "trust-forwarded-proto",
        "tile-url",
        "log-format",
    ],
    "import": ["all", "database"],
    "refresh": ["database", "source", "connect-timeout", "fetch-timeout", "stall-timeout"],
]

/// Prints one line to standard error and exits with `status`: no stack trace, ever.
func fail(_ message: String, status: Int32 = 1) -> Never {
    let oneLine = message.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
        .joined(separator: " — ")
    try? FileHandle.standardError.write(contentsOf: Data("covid-atlas: \(oneLine)\n".utf8))
    exit(status)
}

func run() throws {
    let arguments = try Arguments(Array(CommandLine.arguments.dropFirst()), allowedOptions: allowedOptions)
    switch arguments.command {
    case "help":
        print(usageText, terminator: "")
    case "version":
        print("covid-atlas \(AtlasVersion.current)")
    case "serve":
        try serve(arguments)
    case "import":
        try importFiles(arguments)
    case "refresh":
        try refresh(arguments)
    default:
        throw Arguments.UsageError.unknownCommand(arguments.command)
    }
}

do {
    try run()
} catch let error as Arguments.UsageError {
    fail("\(error) (see covid-atlas --help)", status: 64)
} catch {
    fail(String(describing: error))
}
