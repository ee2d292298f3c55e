/// One step of the schema, identified by the `PRAGMA user_version` it leaves. Shipped steps are never
/// edited: a change is a new step (docs/field-cases.md B23).
public struct Migration: Sendable {
    /// The `user_version` after this step; the list's versions are 1, 2, 3, … in order.
    public let version: Int32
    /// A short name for messages, e.g. `snapshot tables`.
    public let name: String
    /// The work, run inside the step's transaction; throw to roll the step back.
    public let apply: @Sendable (Database) throws -> Void

    /// A step from a closure.
    public init(version: Int32, name: String, apply: @escaping @Sendable (Database) throws -> Void) {
        self.version = version
        self.name = name
        self.apply = apply
    }

    /// A step that runs `sql` (any number of `;`-separated statements).
    public init(version: Int32, name: String, sql: String) {
        self.init(version: version, name: name) { database in try database.execute(sql) }
    }
}
