/// The parsed command line: a subcommand, its options and positional arguments.
struct Arguments {
    /// Why the command line could not be used; each reads as one line on standard error.
    enum UsageError: Error, CustomStringConvertible {
        case unknownCommand(String)
        case unknownOption(String, command: String)
        case missingValue(String)
        case invalidValue(option: String, value: String, expected: String)
        case unexpectedArgument(String)
        case repeatedOption(String)
        case missingArgument(String)
        /// Arguments that cannot go together, or one that asks for nothing: the sentence says which.
        case conflicting(String)

        var description: String {
            switch self {
            case .unknownCommand(let name): return "unknown command “\(name)”; use serve, import or refresh"
            case .unknownOption(let option, let command): return "\(command) does not take the option \(option)"
            case .missingValue(let option): return "\(option) needs a value"
            case .invalidValue(let option, let value, let expected): return "\(option) “\(value)” is not \(expected)"
            case .unexpectedArgument(let argument): return "unexpected argument “\(argument)”"
            case .repeatedOption(let option): return "\(option) is given more than once"
            case .missingArgument(let what): return "missing \(what)"
            case .conflicting(let sentence): return sentence
            }
        }
    }

    var command: String
    var options: [String: String] = [:]
    var positional: [String] = []
    /// The command's options, for their defaults.
    private var known: [CommandOption] = []

    /// Splits `arguments` (without the program name). `--name value` and `--name=value` both work.
    /// - Parameter commands: the options each command takes (`CommandOptions.byCommand`).
    /// - Throws: `UsageError` for an unknown command or option, or an option without its value.
    init(_ arguments: [String], commands: [String: [CommandOption]]) throws {
        var remaining = arguments[...]
        guard let first = remaining.popFirst() else {
            command = "serve"
            return
        }
        if first.hasPrefix("--") && first != "--help" && first != "--version" {
            command = "serve"
            remaining = arguments[...]
        } else {
            command = first
        }
        if command == "--help" || command == "-h" || command == "help" { command = "help"; return }
        if command == "--version" { command = "version"; return }
        guard let known = commands[command] else { throw UsageError.unknownCommand(command) }
        self.known = known
        while let argument = remaining.popFirst() {
            if argument == "--help" || argument == "-h" {
                command = "help"
                return
            }
            guard argument.hasPrefix("--") else {
                positional.append(argument)
                continue
            }
            var name = String(argument.dropFirst(2))
            var value: String?
            if let equals = name.firstIndex(of: "=") {
                value = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            guard let option = known.first(where: { $0.name == name }) else {
                throw UsageError.unknownOption("--" + name, command: command)
            }
            guard options[name] == nil else { throw UsageError.repeatedOption("--" + name) }
            if option.shownValue == nil {
                guard value == nil else { throw UsageError.unexpectedArgument(argument) }
                options[name] = "true"
                continue
            }
            if value == nil { value = remaining.popFirst() }
            guard let value, !value.hasPrefix("--") else { throw UsageError.missingValue("--" + name) }
            options[name] = value
        }
    }

    func flag(_ name: String) -> Bool { options[name] != nil }

    /// Whether the option `name` was given (not only defaulted).
    func isGiven(_ name: String) -> Bool { options[name] != nil }

    /// The option's value as given, else its default (`CommandOptions`), else `nil`.
    func value(_ name: String) -> String? {
        options[name] ?? known.first { $0.name == name }?.defaultValue
    }

    /// The option's value as given, else its default; `""` for an option that has neither.
    func string(_ name: String) -> String { value(name) ?? "" }

    /// The option as a whole number in `range`: as given, else its default, else `fallback`.
    /// - Throws: `UsageError.invalidValue` when it is not a whole number in range.
    func integer(_ name: String, range: ClosedRange<Int>, default fallback: Int? = nil) throws -> Int {
        guard let text = value(name) ?? fallback.map(String.init) else {
            throw UsageError.missingValue("--" + name)
        }
        guard let value = Int(text), range.contains(value) else {
            throw UsageError.invalidValue(
                option: "--" + name, value: text,
                expected: "a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return value
    }
}
