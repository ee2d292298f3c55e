import Foundation
import Testing

/// docs/architecture.md's table of targets is the layering: each target's dependencies in
/// Package.swift, and every `import` in its sources, are what the table's last column allows.
struct LayeringTests {
    /// Modules of the toolchain any target may import.
    static let everywhere: Set<String> = ["Foundation", "Glibc", "Darwin", "Synchronization", "Dispatch"]

    static let root: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path
    }()

    /// Target name → what it may import, from the table under "## Targets".
    static func table() throws -> [String: Set<String>] {
        let text = try String(contentsOfFile: root + "/docs/architecture.md", encoding: .utf8)
        guard let start = text.range(of: "## Targets\n") else { return [:] }
        let section = text[start.upperBound...].prefix { _ in true }
        let end = section.range(of: "\n## ")?.lowerBound ?? section.endIndex
        var allowed: [String: Set<String>] = [:]
        for line in section[..<end].split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let first = cells.first, let last = cells.last else { continue }
            let may = Set(names(in: last))
            for target in names(in: first) { allowed[target] = may }
        }
        return allowed
    }

    /// The back-quoted names of a table cell.
    static func names(in cell: String) -> [String] {
        cell.split(separator: "`", omittingEmptySubsequences: false).enumerated()
            .filter { $0.offset % 2 == 1 }.map { String($0.element) }
    }

    /// Target name → its `dependencies`, for every source (not test) target in Package.swift.
    static func packageTargets() throws -> [String: Set<String>] {
        let text = try String(contentsOfFile: root + "/Package.swift", encoding: .utf8)
        var targets: [String: Set<String>] = [:]
        let kinds = [".target(", ".executableTarget(", ".systemLibrary(", ".testTarget("]
        var chunks: [(kind: String, text: Substring)] = []
        var rest = text[...]
        while let next = kinds.compactMap({ kind in rest.range(of: kind).map { (kind, $0) } })
            .min(by: { $0.1.lowerBound < $1.1.lowerBound })
        {
            rest = rest[next.1.upperBound...]
            let end = kinds.compactMap { rest.range(of: $0)?.lowerBound }.min() ?? rest.endIndex
            chunks.append((next.0, rest[..<end]))
        }
        for chunk in chunks where chunk.kind != ".testTarget(" {
            guard let nameStart = chunk.text.range(of: "name: \"") else { continue }
            let name = chunk.text[nameStart.upperBound...].prefix { $0 != "\"" }
            guard !chunk.text.contains("path: \"Tests/") else { continue }
            var dependencies: Set<String> = []
            if let list = chunk.text.range(of: "dependencies: [") {
                let inside = chunk.text[list.upperBound...].prefix { $0 != "]" }
                dependencies = Set(names(inQuotes: inside))
            }
            targets[String(name)] = dependencies
        }
        return targets
    }

    static func names(inQuotes text: Substring) -> [String] {
        text.split(separator: "\"", omittingEmptySubsequences: false).enumerated()
            .filter { $0.offset % 2 == 1 }.map { String($0.element) }
    }

    /// The modules imported by the Swift files under `Sources/target`, with the file of each.
    static func imports(of target: String) -> [(module: String, file: String, testable: Bool)] {
        let folder = root + "/Sources/" + target
        guard let files = FileManager.default.enumerator(atPath: folder) else { return [] }
        var found: [(String, String, Bool)] = []
        for case let file as String in files where file.hasSuffix(".swift") {
            guard let text = try? String(contentsOfFile: folder + "/" + file, encoding: .utf8) else { continue }
            for line in text.split(separator: "\n") {
                let words = line.split(separator: " ")
                if words.first == "import", words.count == 2 { found.append((String(words[1]), file, false)) }
                if words.first == "@testable", words.count == 3 { found.append((String(words[2]), file, true)) }
            }
        }
        return found
    }

    @Test func everyTargetOfThePackageIsInTheTableAndNoOther() throws {
        let table = try Self.table()
        let package = try Self.packageTargets()
        #expect(!package.isEmpty, "no target read from Package.swift")
        #expect(
            Set(package.keys) == Set(table.keys),
            "only in Package.swift: \(Set(package.keys).subtracting(table.keys)); only in the table: \(Set(table.keys).subtracting(package.keys))"
        )
    }

    @Test func packageDependenciesAreWhatTheTableAllows() throws {
        let table = try Self.table()
        for (target, dependencies) in try Self.packageTargets() {
            guard let allowed = table[target] else { continue }
            #expect(
                dependencies == allowed,
                "\(target): Package.swift has \(dependencies.sorted()), the table \(allowed.sorted())")
        }
    }

    @Test func everyImportInSourcesIsOneTheTableAllows() throws {
        let table = try Self.table()
        #expect(!table.isEmpty, "no table under ## Targets in docs/architecture.md")
        for (target, allowed) in table {
            for found in Self.imports(of: target) where !Self.everywhere.contains(found.module) {
                #expect(
                    allowed.contains(found.module),
                    "Sources/\(target)/\(found.file) imports \(found.module), which \(target) may not")
                #expect(!found.testable, "Sources/\(target)/\(found.file): @testable import fails a release build")
            }
        }
    }
}
