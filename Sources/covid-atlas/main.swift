import AtlasCore
import AtlasRefresh
import AtlasWeb
import Foundation
import Glibc
import HTTPCore
import HTTPServer

// Only the executable touches process-wide things: arguments, signals, stdout, the event loops.

/// Prints one line to standard error and exits with `status`: no stack trace, ever.
func fail(_ message: String, status: Int32 = 1) -> Never {
    let oneLine = message.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
        .joined(separator: " — ")
    try? FileHandle.standardError.write(contentsOf: Data("covid-atlas: \(oneLine)\n".utf8))
    exit(status)
}

func run() throws {
    let arguments = try Arguments(Array(CommandLine.arguments.dropFirst()), commands: CommandOptions.byCommand)
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
} catch let error as InvalidSetting {
    // A --database value that names no store is a bad argument, like any other.
    fail(error.description, status: 64)
} catch let error as AtlasStartupError where error.isConfiguration {
    // EX_CONFIG (sysexits.h): a folder or template that is not there will not be there on a restart.
    fail(error.description, status: 78)
} catch {
    fail(String(describing: error))
}
