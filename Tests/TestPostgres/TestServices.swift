import Foundation

/// A program some tests need beyond the toolchain: the throwaway PostgreSQL of `script/test`, or nginx.
///
/// A test that needs one it cannot find is skipped, unless the run requires them
/// (`ATLAS_REQUIRE_SERVICES=1`, which `script/test` sets on a full run): then it fails and says what
/// is missing, so CI never passes with those tests left out. Such a test asks `shouldRun(_:)` in its
/// `.enabled(if:)` trait and calls `require(_:)` first thing.
public enum TestService: String, Sendable, CaseIterable {
    /// A PostgreSQL server whose URI is in `ATLAS_TEST_POSTGRES_URL` (`TestPostgres.serverURI`).
    case postgreSQL
    /// nginx at `TestService.nginxPath`.
    case nginx

    /// Where the cluster tests look for nginx (Debian's `nginx-light`, which `script/bootstrap` installs).
    public static let nginxPath = "/usr/sbin/nginx"

    /// Whether this run must include every test that needs a service: `ATLAS_REQUIRE_SERVICES=1`, or
    /// `ATLAS_REQUIRE_POSTGRES=1`, its older name, still read so that a run setting it never skips.
    public static var areRequired: Bool {
        let environment = ProcessInfo.processInfo.environment
        return environment["ATLAS_REQUIRE_SERVICES"] == "1" || environment["ATLAS_REQUIRE_POSTGRES"] == "1"
    }

    /// Whether this run has it.
    public var isAvailable: Bool {
        switch self {
        case .postgreSQL: TestPostgres.serverURI != nil
        case .nginx: FileManager.default.isExecutableFile(atPath: TestService.nginxPath)
        }
    }

    /// What is missing, and how to get it, for a failure message.
    var missing: String {
        switch self {
        case .postgreSQL:
            "PostgreSQL: ATLAS_TEST_POSTGRES_URL is not set (script/test starts a server with script/postgres)"
        case .nginx: "nginx: no executable \(TestService.nginxPath) (script/bootstrap installs nginx-light)"
        }
    }

    /// Whether tests needing `services` run: when all are here, or when they are required (then the
    /// tests fail in `require(_:)`). Otherwise they are skipped.
    public static func shouldRun(_ services: TestService...) -> Bool {
        areRequired || services.allSatisfy(\.isAvailable)
    }

    /// Checks that `services` are all here.
    /// - Throws: `TestPostgres.Failure` naming each one missing.
    public static func require(_ services: TestService...) throws {
        let missing = services.filter { !$0.isAvailable }.map(\.missing)
        guard !missing.isEmpty else { return }
        let required = areRequired ? ", which ATLAS_REQUIRE_SERVICES=1 requires (not a skip)" : ""
        throw TestPostgres.Failure(description: "missing " + missing.joined(separator: "; and ") + required)
    }
}
