import Foundation
import TestPostgres
import Testing

/// deploy/compose.yaml and deploy/nginx.conf are what an operator would deploy (issue 24): Docker is
/// not here to run them, so their properties are checked as text, and the nginx configuration that
/// script/cluster renders from the same file is checked by nginx itself.
struct DeployConfigurationTests {
    let compose: String
    let nginx: String
    let roleScript: String

    init() throws {
        compose = try String(contentsOfFile: packageRoot + "/deploy/compose.yaml", encoding: .utf8)
        nginx = try String(contentsOfFile: packageRoot + "/deploy/nginx.conf", encoding: .utf8)
        roleScript = try String(
            contentsOfFile: packageRoot + "/deploy/postgres-init/10-atlas-role.sh", encoding: .utf8)
    }

    /// The lines of one top-level service of compose.yaml (two-space indented `name:` up to the next).
    func service(_ name: String) -> [String] {
        let lines = compose.components(separatedBy: "\n")
        guard let start = lines.firstIndex(of: "  \(name):") else { return [] }
        return Array(lines[(start + 1)...].prefix { $0.isEmpty || $0.hasPrefix("    ") || $0.hasPrefix("   #") })
    }

    /// The non-comment lines of nginx.conf, trimmed.
    var nginxDirectives: [String] {
        nginx.components(separatedBy: "\n").map {
            ($0.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
                .trimmingCharacters(in: .whitespaces)
        }.filter { !$0.isEmpty }
    }

    @Test func nginxFindsTheReplicasAgainAfterARedeploy() throws {
        #expect(nginxDirectives.contains { $0.hasPrefix("resolver 127.0.0.11 ") && $0.contains("valid=") })
        #expect(nginxDirectives.contains { $0.hasPrefix("zone atlas ") })
        #expect(nginxDirectives.contains { $0.hasPrefix("server app:8080 resolve ") })
        // `resolve` on an upstream server needs nginx 1.27.3 or later.
        let image = try #require(service("nginx").first { $0.contains("image: nginx:") })
        let version = image.split(separator: ":").last.map { $0.split(separator: ".").compactMap { Int($0) } } ?? []
        #expect(version.count >= 2 && (version[0], version[1]) >= (1, 27), "\(image)")
        #expect(!(version.count == 3 && version[0] == 1 && version[1] == 27 && version[2] < 3), "\(image)")
        #expect(
            !service("nginx").contains { $0.trimmingCharacters(in: .whitespaces).hasPrefix("depends_on") },
            "nginx needs no replica to start")
    }

    @Test func theAppLogsInAsItsOwnRoleWithThePasswordFromASecretFile() {
        let app = service("app").joined(separator: "\n")
        #expect(app.contains("postgresql://atlas@postgres:5432/atlas"))
        #expect(app.contains("--database-password-file\n      - /run/secrets/atlas_db_password"))
        #expect(app.contains("secrets:\n      - atlas_db_password"))
        #expect(!compose.contains("PGPASSWORD"), "no password in an environment variable")
        #expect(!compose.contains("POSTGRES_PASSWORD:"), "the superuser's password from a file too")
        #expect(compose.contains("POSTGRES_PASSWORD_FILE: /run/secrets/postgres_password"))
        #expect(!app.contains("postgresql://postgres@"), "not as the superuser")
        #expect(service("postgres").contains { $0.contains("./postgres-init:/docker-entrypoint-initdb.d:ro") })
        #expect(roleScript.contains("CREATE ROLE atlas LOGIN PASSWORD :'password' NOSUPERUSER NOCREATEDB NOCREATEROLE"))
        #expect(roleScript.contains("CREATE DATABASE atlas OWNER atlas;"))
        #expect(roleScript.contains("REVOKE ALL ON DATABASE atlas FROM PUBLIC;"))
    }

    @Test func theDatabaseHealthCheckHasAStartPeriodAndThePortIsOnLoopbackOnly() {
        let postgres = service("postgres")
        let healthcheck = postgres.drop { !$0.contains("healthcheck:") }
        #expect(healthcheck.contains { $0.trimmingCharacters(in: .whitespaces).hasPrefix("start_period: ") })
        let ports = service("nginx").drop { !$0.contains("ports:") }.dropFirst().prefix { $0.hasPrefix("      ") }
            .filter { $0.trimmingCharacters(in: .whitespaces).hasPrefix("- ") }
        #expect(!ports.isEmpty)
        for port in ports { #expect(port.contains("\"127.0.0.1:"), "\(port)") }
        #expect(service("app").allSatisfy { !$0.contains("ports:") }, "the app publishes no port")
    }

    /// A hung process costs a GET its read timeout, then the GET goes to another; a form waits longer
    /// than the app's own limits, and is never sent twice.
    @Test func timeoutsFitAHungProcessAndForms() throws {
        func seconds(_ directive: String, in lines: some Sequence<String>) -> [Int] {
            lines.filter { $0.hasPrefix(directive + " ") }.compactMap {
                Int($0.dropFirst(directive.count + 1).prefix { $0.isNumber })
            }
        }
        let lines = nginxDirectives
        let form = try #require(lines.firstIndex(of: "location @form {"))
        let main = try #require(lines.firstIndex(of: "location / {"))
        let getTimeouts = seconds("proxy_read_timeout", in: lines[main..<form])
        let formTimeouts = seconds("proxy_read_timeout", in: lines[form...])
        #expect(getTimeouts.count == 1 && getTimeouts[0] <= 10, "GET/HEAD: a few seconds")
        // The form's wait: above the app's --max-form-age (30 s), so the app answers first.
        #expect(formTimeouts.count == 1 && formTimeouts[0] > 30)
        #expect(lines.contains("if ($request_method = POST) {"))
        #expect(lines.contains("proxy_set_header X-Request-Start \"t=${msec}\";"))
        #expect(seconds("proxy_connect_timeout", in: lines).allSatisfy { $0 <= 2 })
        let retries = try #require(lines.first { $0.hasPrefix("proxy_next_upstream ") })
        #expect(retries.contains("timeout") && !retries.contains("non_idempotent"))
        #expect(lines.contains { $0.contains("max_fails=1") && $0.contains("fail_timeout=") })
    }

    @Test(.enabled(if: TestService.shouldRun(.nginx)))
    func theConfigurationScriptClusterRendersIsOneNginxAccepts() throws {
        try TestService.require(.nginx)
        let directory = NSTemporaryDirectory() + "atlas-nginx-check-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory + "/temp", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let configuration = try runScript("nginx-config", ["18080", "127.0.0.1:18081", "127.0.0.1:18082"])
        #expect(configuration.contains("server 127.0.0.1:18081 max_fails=1 fail_timeout="))
        #expect(!configuration.contains("resolver 127.0.0.11"), "no Docker DNS outside Docker")
        #expect(!configuration.contains("server app:8080"))
        try configuration.write(toFile: directory + "/nginx.conf", atomically: true, encoding: .utf8)
        let check = Process()
        check.executableURL = URL(fileURLWithPath: TestService.nginxPath)
        check.arguments = ["-t", "-q", "-p", directory, "-c", directory + "/nginx.conf"]
        check.standardError = FileHandle(forWritingAtPath: "/dev/null")
        try check.run()
        check.waitUntilExit()
        #expect(check.terminationStatus == 0)
    }
}
