import CPostgreSQL
import Foundation

/// The throwaway PostgreSQL server `script/test` starts (its URI in `ATLAS_TEST_POSTGRES_URL`), and
/// databases of their own for tests on it: every test that needs PostgreSQL creates one, and drops it
/// afterwards, so no test touches a database it did not create. Without a server those tests are
/// skipped, or fail when the run requires them (`TestService`).
public enum TestPostgres {
    /// Why a setup step failed.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// The server's URI (naming its `postgres` database), or `nil` when no server was started.
    public static let serverURI: String? = {
        let value = ProcessInfo.processInfo.environment["ATLAS_TEST_POSTGRES_URL"] ?? ""
        return value.isEmpty ? nil : value
    }()

    /// The server's URI, for a test that needs it.
    /// - Throws: `Failure` naming what is missing when no server was started (`TestService.require`).
    public static func requireServerURI() throws -> String {
        try TestService.require(.postgreSQL)
        guard let serverURI else { throw Failure(description: "ATLAS_TEST_POSTGRES_URL is not set") }
        return serverURI
    }

    /// `uri` naming database `name` instead of the one it names.
    public static func uri(_ uri: String, database name: String) -> String {
        let schemeEnd = uri.range(of: "://")?.upperBound ?? uri.startIndex
        let query = uri.firstIndex(of: "?") ?? uri.endIndex
        let pathStart = uri[schemeEnd..<query].firstIndex(of: "/") ?? query
        return String(uri[..<pathStart]) + "/" + name + String(uri[query...])
    }

    /// Creates an empty database with a unique name.
    /// - Returns: its URI.
    /// - Throws: `Failure` when there is no server (naming what is missing) or it refuses.
    public static func createDatabase() throws -> String {
        let serverURI = try requireServerURI()
        let name = newDatabaseName()
        try execute("CREATE DATABASE \(name)", on: serverURI)
        return uri(serverURI, database: name)
    }

    /// Creates a database with a unique name as a copy of `template`, a database this file made
    /// (`CREATE DATABASE … TEMPLATE`: a file copy on the server, much quicker than filling it again).
    /// Nobody may be connected to `template` meanwhile; PostgreSQL waits a few seconds for connections
    /// just closed to go.
    /// - Returns: the copy's URI.
    /// - Throws: `Failure` when there is no server (naming what is missing), `template` is not a test
    ///   database, or the server refuses.
    public static func createDatabase(copying template: String) throws -> String {
        let serverURI = try requireServerURI()
        guard let templateName = databaseName(template) else {
            throw Failure(description: "not a database TestPostgres made: \(template)")
        }
        let name = newDatabaseName()
        try execute("CREATE DATABASE \(name) TEMPLATE \(templateName)", on: serverURI)
        return uri(serverURI, database: name)
    }

    private static func newDatabaseName() -> String {
        "atlas_test_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
    }

    /// Drops the database of `uri`, disconnecting whoever is still on it.
    public static func dropDatabase(_ uri: String) {
        guard let serverURI, let name = databaseName(uri) else { return }
        try? execute("DROP DATABASE IF EXISTS \(name) WITH (FORCE)", on: serverURI)
    }

    /// Ends every other connection to the database of `uri` (`pg_terminate_backend`), as a restart of
    /// the server or an administrator would.
    /// - Returns: how many were ended.
    @discardableResult
    public static func terminateConnections(to uri: String) throws -> Int {
        guard let serverURI, let name = databaseName(uri) else { return 0 }
        let rows = try query(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '\(name)' AND pid <> pg_backend_pid()",
            on: serverURI)
        return rows.count
    }

    /// Runs `sql` (no parameters) on a connection of its own to `uri`.
    /// - Throws: `Failure` with PostgreSQL's message.
    public static func execute(_ sql: String, on uri: String) throws {
        _ = try query(sql, on: uri)
    }

    /// The rows of `sql` (text, `nil` for `NULL`) on a connection of its own to `uri`.
    /// - Throws: `Failure` with PostgreSQL's message.
    public static func query(_ sql: String, on uri: String) throws -> [[String?]] {
        guard let connection = PQconnectdb(uri), PQstatus(connection) == CONNECTION_OK else {
            throw Failure(description: "cannot connect to the test server")
        }
        defer { PQfinish(connection) }
        guard let result = PQexec(connection, sql) else { throw Failure(description: "no result for \(sql)") }
        defer { PQclear(result) }
        let status = PQresultStatus(result)
        guard status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK else {
            throw Failure(description: String(cString: PQresultErrorMessage(result)))
        }
        return (0..<PQntuples(result)).map { row in
            (0..<PQnfields(result)).map { column in
                PQgetisnull(result, row, column) == 1 ? nil : String(cString: PQgetvalue(result, row, column))
            }
        }
    }

    private static func databaseName(_ uri: String) -> String? {
        let schemeEnd = uri.range(of: "://")?.upperBound ?? uri.startIndex
        let query = uri.firstIndex(of: "?") ?? uri.endIndex
        guard let slash = uri[schemeEnd..<query].firstIndex(of: "/") else { return nil }
        let name = uri[uri.index(after: slash)..<query]
        // Only the names this file makes, so a mistake cannot drop anything else.
        return name.hasPrefix("atlas_test_") && name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" })
            ? String(name) : nil
    }
}
