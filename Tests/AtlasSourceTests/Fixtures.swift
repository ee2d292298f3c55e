import Foundation

/// The repository's shipped disease.sh snapshot, found from this file's path (no bundle resources).
enum Fixtures {
    /// `data/disease-sh` in the package root: the first ancestor of this source file that has it.
    static let snapshotDirectory: String = {
        var folder = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath().deletingLastPathComponent()
        while folder.path != "/" {
            let candidate = folder.appendingPathComponent("data/disease-sh")
            if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("countries.json").path) {
                return candidate.path
            }
            folder = folder.deletingLastPathComponent()
        }
        return "data/disease-sh"
    }()

    /// The bytes of `data/disease-sh/<name>`.
    /// - Throws: when the file is missing or unreadable, naming it, so the test fails on that.
    static func bytes(_ name: String) throws -> [UInt8] {
        let url = URL(fileURLWithPath: snapshotDirectory).appendingPathComponent(name)
        return [UInt8](try Data(contentsOf: url))
    }
}
