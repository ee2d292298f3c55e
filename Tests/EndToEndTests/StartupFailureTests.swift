import Foundation
import Testing

/// A `serve` that cannot start says why in one line and exits non-zero, every time: no backtrace from a
/// thread that outlived what it used. A folder that is not there exits 78 (`EX_CONFIG`), which
/// script/supervise does not restart: it would fail the same way again.
struct StartupFailureTests {
    /// The log writers' threads start before the configuration is checked; a missing folder used to end
    /// about one run in four with "Fatal error: Attempted to read an unowned reference" and a backtrace.
    @Test(arguments: [
        (
            ["--leaflet", "/nonexistent-leaflet"],
            "covid-atlas: the Leaflet directory /nonexistent-leaflet does not exist"
        ),
        (["--views", "/nonexistent-views"], "covid-atlas: the views directory /nonexistent-views does not exist"),
        (["--views", "/dev/null"], "covid-atlas: /dev/null is not a directory, so it cannot be the views directory"),
        (["--views", "Public"], "covid-atlas: Public: no *.mustache templates found"),
        (["--catalogs", "Views"], "covid-atlas: cannot read Views: "),
        (
            ["--flags", "/nonexistent-flags"],
            "covid-atlas: the flags directory /nonexistent-flags does not exist; "
                + "install Debian's iso-flags-svg (script/bootstrap) or pass --flags DIR"
        ),
    ])
    func aServeThatCannotStartFailsInOneLineEveryTime(options: [String], message: String) throws {
        let database = NSTemporaryDirectory() + "unused-\(UUID().uuidString).sqlite"
        defer {
            for suffix in ["", "-wal", "-shm", ".refresh-lock", ".visitor-changes"] {
                try? FileManager.default.removeItem(atPath: database + suffix)
            }
        }
        for _ in 0..<20 {
            let result = try runCLI(["serve", "--port", "0", "--database", database] + options)
            #expect(result.status == 78, "\(result.errors)")
            #expect(result.errors.hasPrefix(message), "\(result.errors)")
            #expect(result.errors.split(separator: "\n").count == 1, "\(result.errors)")
            if result.status != 78 { break }
        }
    }
}
