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

        var description: String {
            switch self {
            case .unknownCommand(let name): return "unknown command “\(name)”; use serve, import or refresh"
            case .unknownOption(let option, let command): return "\(command) does not take the option \(option)"
            case .missingValue(let option): return "\(option) needs a value"
            case .invalidValue(let option, let value, let expected): return "\(option) “\(value)” is not \(expected)"
            case .unexpectedArgument(let argument): return "unexpected argument “\(argument)”"
            case .repeatedOption(let option): return "\(option) is given more than once"
            case .missingArgument(let what): return "missing \(what)"
            }
        }
    }

    var command: String
    var options: [String: String] = [:]
    var positional: [String] = []

    /// Splits `arguments` (without the program name). `--name value` and `--name=value` both work.
    /// - Parameter allowedOptions: the option names each command takes, without `--`.
    /// - Throws: `UsageError` for an unknown command or option, or an option without its value.
    init(_ arguments: [String], allowedOptions: [String: Set<String>]) throws {
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
        guard let allowed = allowedOptions[command] else { throw UsageError.unknownCommand(command) }
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
            guard allowed.contains(name) else { throw UsageError.unknownOption("--" + name, command: command) }
            guard options[name] == nil else { throw UsageError.repeatedOption("--" + name) }
            if Arguments.flags.contains(name) {
                guard value == nil else { throw UsageError.unexpectedArgument(argument) }
                options[name] = "true"
                continue
            }
            if value == nil { value = remaining.popFirst() }
            guard let value, !value.hasPrefix("--") else { throw UsageError.missingValue("--" + name) }
            options[name] = value
        }
    }

    /// Options that take no value: present means on.
    static let flags: Set<String> = ["trust-forwarded-proto"]

    /// Whether the flag `name` (one of `flags`) was given.
    func flag(_ name: String) -> Bool { options[name] != nil }

    /// The option's value, or `fallback`.
    func string(_ name: String, default fallback: String) -> String { options[name] ?? fallback }

    /// The option as a whole number in `range`, or `fallback` when absent.
    /// - Throws: `UsageError.invalidValue` when it is not a whole number in range.
    func integer(_ name: String, default fallback: Int, range: ClosedRange<Int>) throws -> Int {
        guard let text = options[name] else { return fallback }
        guard let value = Int(text), range.contains(value) else {
            throw UsageError.invalidValue(
                option: "--" + name, value: text,
                expected: "a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return value
    }
}
