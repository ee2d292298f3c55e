import Foundation
import TestPostgres
import Testing

@testable import AtlasStore

/// Shipped schema steps never change (docs/field-cases.md B23), so a database that an older program
/// left at any of them, migrated the rest of the way, has exactly the schema of a new one, on both
/// stores. A step generated from code that later changed (the `Figure` list), a shipped step edited,
/// or a step that does more on a new database, gives new databases something the older ones never get.
struct SchemaUpgradeTests {
    /// Each store this run tests, with each of its shipped steps as the one an old database stopped at.
    static let stops: [(StoreKind, Int32)] = StoreKind.available.flatMap { kind in
        kind.shippedSteps.map { (kind, $0) }
    }

    /// A step in the code without its shipped text would never be checked.
    @Test(arguments: StoreKind.available)
    func everyStepOfTheCodeHasItsShippedText(kind: StoreKind) {
        #expect(
            kind.shippedSteps == Array(1...kind.newestVersion),
            "append each new step of the \(kind) store to ShippedSchemaSteps, as it ships")
    }

    @Test(arguments: stops)
    func aDatabaseThatStoppedAtAShippedStepUpgradesToTheSchemaOfANewOne(kind: StoreKind, stoppedAt: Int32) throws {
        let new = try withFreshDatabase(kind) { location in
            try Stores.open(location).close()
            return try schema(of: location)
        }
        // As the older program left it (`ShippedSchemaSteps`), then opened by this one.
        let upgraded = try withFreshDatabase(kind) { location in
            try migrate(location, upTo: stoppedAt)
            try Stores.open(location).close()
            return try schema(of: location)
        }
        // The dump must see the tables, or two empty dumps would pass.
        #expect(new.contains { $0.lowercased().hasPrefix("column countries.todaycases ") })
        let onlyNew = new.filter { !upgraded.contains($0) }
        let onlyUpgraded = upgraded.filter { !new.contains($0) }
        let difference =
            onlyNew.isEmpty && onlyUpgraded.isEmpty
            ? "the same lines in another order"
            : "only in the new database: \(onlyNew); only in the upgraded one: \(onlyUpgraded)"
        // One line saying what differs, not both dumps whole.
        let same = upgraded == new
        #expect(same, "stopped at step \(stoppedAt), then upgraded: \(difference)")
    }
}

extension StoreKind {
    /// The version of the store's newest schema step in the code.
    var newestVersion: Int32 {
        switch self {
        case .sqlite: Migrations.newestVersion
        case .postgreSQL: PostgreSQLMigrations.newestVersion
        }
    }

    /// The versions of the store's steps in `ShippedSchemaSteps`.
    var shippedSteps: [Int32] {
        switch self {
        case .sqlite: ShippedSchemaSteps.sqlite.map(\.version)
        case .postgreSQL: ShippedSchemaSteps.postgreSQL.map(\.version)
        }
    }
}

/// A normalised dump of the schema at `location`, one line per fact, in a stable order; equal dumps
/// mean the same tables, columns (types, nullability, defaults, order), indexes and constraints.
func schema(of location: StoreLocation) throws -> [String] {
    switch location {
    case .sqlite(let path):
        let database = try Database(path: path)
        defer { database.close() }
        var lines = ["user_version \(try database.userVersion())"]
        let objects = try rows(database, "SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name")
        for object in objects {
            lines.append("\(object[0] ?? "") \(object[1] ?? "") on \(object[2] ?? ""): \(normalisedSQL(object[3]))")
        }
        for table in objects where table[0] == "table" {
            let name = table[1] ?? ""
            // cid, name, type, notnull, dflt_value, pk (https://sqlite.org/pragma.html#pragma_table_info).
            for column in try rows(database, "PRAGMA table_info(\"\(name)\")") {
                lines.append(
                    "column \(name).\(column[1] ?? "") \(column[2] ?? "") notnull=\(column[3] ?? "") "
                        + "default=\(column[4] ?? "none") pk=\(column[5] ?? "")")
            }
        }
        return lines
    case .postgreSQL(let uri):
        let columns = try TestPostgres.query(
            """
            SELECT table_name, column_name, data_type, is_nullable, column_default
            FROM information_schema.columns WHERE table_schema = 'public'
            ORDER BY table_name, ordinal_position
            """, on: uri)
        let indexes = try TestPostgres.query(
            "SELECT indexdef FROM pg_indexes WHERE schemaname = 'public' ORDER BY tablename, indexname", on: uri)
        let constraints = try TestPostgres.query(
            """
            SELECT conrelid::regclass::text, conname, pg_get_constraintdef(oid)
            FROM pg_constraint WHERE connamespace = 'public'::regnamespace ORDER BY 1, 2
            """, on: uri)
        let columnLines = columns.map { column in
            "column \(column[0] ?? "").\(column[1] ?? "") \(column[2] ?? "") nullable=\(column[3] ?? "") "
                + "default=\(column[4] ?? "none")"
        }
        return columnLines + indexes.map { "index \($0[0] ?? "")" }
            + constraints.map { "constraint \($0[0] ?? "").\($0[1] ?? "") \($0[2] ?? "")" }
    }
}

/// `sql` with runs of white space as one space and none beside brackets and commas; `NULL` as `-`.
private func normalisedSQL(_ sql: String?) -> String {
    guard let sql else { return "-" }
    var text = sql.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    for mark in ["(", ")", ","] {
        text = text.replacingOccurrences(of: " " + mark, with: mark).replacingOccurrences(of: mark + " ", with: mark)
    }
    return text
}

/// Every row of `sql` as text (`nil` for `NULL`).
private func rows(_ database: Database, _ sql: String) throws -> [[String?]] {
    try database.withConnection { database in
        let statement = try database.prepare(sql)
        defer { statement.reset() }
        var rows: [[String?]] = []
        while try statement.step() {
            rows.append((0..<statement.columnCount).map { statement.string(at: $0) })
        }
        return rows
    }
}
