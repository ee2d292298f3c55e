import CPostgreSQL
import Foundation

/// One libpq connection (`PGconn`, https://www.postgresql.org/docs/15/libpq-connect.html), used by one
/// thread at a time through `PostgreSQLPool`.
///
/// Statements are prepared on first use per connection, so a new connection prepares them again
/// (docs/field-cases.md B33). Every failure becomes a `StoreError`; a lost connection is
/// `.unavailable` and `isBroken`, so the pool drops it.
final class PostgreSQLConnection: @unchecked Sendable {
    private var handle: OpaquePointer?
    /// SQL text → the name it was prepared under on this connection.
    private var prepared: [String: String] = [:]
    /// Statement names handed out; the next is `atlas_` and this plus one.
    private var namedStatements = 0
    /// Set when the connection was lost, or a `COMMIT` failed leaving its state unknown.
    private(set) var isBroken = false
    /// Set when the connection was lost during `COMMIT`: the outcome is unknown, so no retry.
    private(set) var lostDuringCommit = false
    /// The `BEGIN` of `begin(_:)`, sent with the transaction's first statement.
    private var pendingBegin: String?
    private var atCommit: [(sql: String, parameters: [PostgreSQLValue])] = []
    /// The longest one round trip waits for an answer, in seconds, before `AnswerWatchdog` gives the
    /// connection up and the call throws `StoreError.busy`. Default `StoreOptions.statementTimeoutSeconds`
    /// plus 2 (the server ends any statement by then); `PostgreSQLPool.withConnection(answerTimeout:_:)`
    /// sets a shorter one for a visitor's request.
    var answerTimeoutSeconds: Double
    let defaultAnswerTimeoutSeconds: Double
    /// A `dup(2)` of libpq's socket, closed only by `close()`, for `AnswerWatchdog` to shut down: libpq
    /// closes its own on a lost connection, and the number may be reused before the wait is unwatched.
    private var watchedSocket: Int32 = -1

    /// Connects and sets the session's timeouts.
    /// - Parameter uri: the libpq URI (a password in it never appears in an error).
    /// - Throws: `StoreError.unavailable` with libpq's reason when the server cannot be reached or
    ///   refuses the login.
    init(uri: String, options: StoreOptions) throws(StoreError) {
        defaultAnswerTimeoutSeconds = options.statementTimeoutSeconds + 2
        answerTimeoutSeconds = defaultAnswerTimeoutSeconds
        var keywords = ["dbname", "connect_timeout", "fallback_application_name"]
        var values = [uri, String(max(1, options.connectTimeoutSeconds)), "covid-atlas"]
        // After dbname, so it overrides the URI's (libpq: later keywords win).
        if let password = options.password {
            keywords.append("password")
            values.append(password)
        }
        let connection = Self.withCStrings(keywords) { keywordPointers in
            Self.withCStrings(values) { valuePointers in
                // expand_dbname = 1: the first dbname is the URI.
                PQconnectdbParams(keywordPointers, valuePointers, 1)
            }
        }
        guard let connection, PQstatus(connection) == CONNECTION_OK else {
            let reason = connection.map { String(cString: PQerrorMessage($0)) } ?? "out of memory"
            PQfinish(connection)
            throw .unavailable(Self.oneLine(reason))
        }
        // NOTICEs ("relation … already exists, skipping") are for psql, not the log.
        PQsetNoticeProcessor(connection, { _, _ in }, nil)
        handle = connection
        watchedSocket = PQsocket(connection) >= 0 ? dup(PQsocket(connection)) : -1
        // Quick statements: give up on a silent server as soon as a visitor's request would.
        answerTimeoutSeconds = options.requestAnswerTimeoutSeconds
        let lockWait = Int((options.lockWaitSeconds * 1000).rounded())
        let statementTimeout = Int((options.statementTimeoutSeconds * 1000).rounded())
        do {
            try execute(
                "SET lock_timeout = \(lockWait); SET statement_timeout = \(statementTimeout); "
                    + "SET idle_in_transaction_session_timeout = 60000; SET DateStyle = ISO; SET TimeZone = 'UTC'")
        } catch {
            close()
            throw error
        }
        answerTimeoutSeconds = defaultAnswerTimeoutSeconds
    }

    deinit { close() }

    /// Ends the connection (`PQfinish`); later calls fail with `.closed`.
    func close() {
        if let handle { PQfinish(handle) }
        handle = nil
        if watchedSocket >= 0 { Glibc.close(watchedSocket) }
        watchedSocket = -1
        prepared.removeAll()
    }

    /// Whether libpq considers the connection open; it learns of a server-side close only on its next
    /// read.
    var isOpen: Bool {
        guard let handle, !isBroken else { return false }
        return PQstatus(handle) == CONNECTION_OK
    }

    /// Runs `;`-separated statements without parameters (BEGIN, COMMIT, DDL, SET), ignoring rows, after
    /// a pending `begin(_:)` in the same round trip.
    /// - Throws: `StoreError` (`.postgreSQL` with the SQLSTATE; `.busy` for a lock or statement timeout;
    ///   `.unavailable` when the connection is lost).
    func execute(_ sql: String) throws(StoreError) {
        let handle = try openHandle()
        let text = pendingBegin.map { "\($0); \(sql)" } ?? sql
        pendingBegin = nil
        try awaitingAnswer { () throws(StoreError) in
            let result = PQexec(handle, text)
            defer { PQclear(result) }
            try check(result, sql: sql, accepting: [PGRES_COMMAND_OK, PGRES_TUPLES_OK])
        }
    }

    /// Starts a transaction with `sql` (e.g. `BEGIN ISOLATION LEVEL REPEATABLE READ`), sent with its first
    /// statement rather than in a round trip of its own.
    func begin(_ sql: String) {
        pendingBegin = sql
        atCommit = []
    }

    /// Queues a statement to run just before `COMMIT`, in the same round trip (pipeline mode): a last
    /// write whose rows nobody reads. Its error fails `commit()` and the transaction rolls back.
    func queryAtCommit(_ sql: String, _ parameters: [PostgreSQLValue]) {
        atCommit.append((sql, parameters))
    }

    /// `COMMIT`, with the `queryAtCommit(_:_:)` statements in the same round trip; nothing is sent for a
    /// transaction that ran nothing. A connection lost on the way sets `lostDuringCommit`.
    /// - Throws: as `execute(_:)`, also for a queued statement's error.
    func commit() throws(StoreError) {
        lostDuringCommit = false
        if pendingBegin != nil, atCommit.isEmpty {
            pendingBegin = nil
            return
        }
        let statements = atCommit.map { PipelinedStatement.prepared($0.sql, $0.parameters) } + [.plain("COMMIT")]
        atCommit = []
        do {
            _ = try pipeline(statements)
        } catch {
            if case .unavailable = error { lostDuringCommit = true }
            throw error
        }
    }

    /// `ROLLBACK` of a transaction that failed; nothing to send when it never reached the server.
    func rollback() {
        atCommit = []
        if pendingBegin != nil {
            pendingBegin = nil
            return
        }
        try? execute("ROLLBACK")
    }

    /// Runs one statement with `parameters` (`$1`, `$2`, …), prepared on first use in the same pipeline.
    /// - Returns: its rows in text format.
    /// - Throws: as `execute(_:)`.
    @discardableResult
    func query(_ sql: String, _ parameters: [PostgreSQLValue] = []) throws(StoreError) -> PostgreSQLRows {
        // The pipeline prepares a new statement and sends a pending BEGIN in the same round trip.
        try pipeline([.prepared(sql, parameters)])
    }

    /// Runs one statement with `parameters` unprepared, for text that changes with the data (a
    /// multi-row `INSERT`).
    /// - Throws: as `execute(_:)`.
    @discardableResult
    func queryOnce(_ sql: String, _ parameters: [PostgreSQLValue]) throws(StoreError) -> PostgreSQLRows {
        try sendPendingBegin()
        let handle = try openHandle()
        return try awaitingAnswer { () throws(StoreError) in
            try run(sql: sql, parameters: parameters) { values, lengths, formats in
                PQexecParams(handle, sql, Int32(parameters.count), nil, values, lengths, formats, 0)
            }
        }
    }

    /// `COPY … FROM STDIN` (https://www.postgresql.org/docs/15/sql-copy.html) in text format, in chunks:
    /// the fast path for many rows.
    /// - Parameter lines: each row's `copyField(_:)` columns joined by tabs, ended by a newline.
    /// - Throws: as `execute(_:)`.
    func copy(_ sql: String, lines: some Sequence<String>) throws(StoreError) {
        try sendPendingBegin()
        try awaitingAnswer { () throws(StoreError) in try copyLines(sql, lines) }
    }

    private func copyLines(_ sql: String, _ lines: some Sequence<String>) throws(StoreError) {
        let handle = try openHandle()
        let start = PQexec(handle, sql)
        defer { PQclear(start) }
        try check(start, sql: sql, accepting: [PGRES_COPY_IN])
        var chunk: [UInt8] = []
        chunk.reserveCapacity(1 << 16)
        var sent = true
        for line in lines {
            chunk.append(contentsOf: line.utf8)
            if chunk.count >= 1 << 16 {
                sent = chunk.withUnsafeBufferPointer { PQputCopyData(handle, $0.baseAddress, Int32($0.count)) } == 1
                chunk.removeAll(keepingCapacity: true)
                if !sent { break }
            }
        }
        if sent, !chunk.isEmpty {
            sent = chunk.withUnsafeBufferPointer { PQputCopyData(handle, $0.baseAddress, Int32($0.count)) } == 1
        }
        _ = PQputCopyEnd(handle, sent ? nil : "the client stopped sending")
        var failure: StoreError?
        while let result = PQgetResult(handle) {
            defer { PQclear(result) }
            do throws(StoreError) {
                try check(result, sql: sql, accepting: [PGRES_COMMAND_OK])
            } catch {
                failure = failure ?? error
            }
        }
        if let failure { throw failure }
        if !sent { throw failureFromConnection(sql: sql) }
    }

    /// A field of `COPY`'s text format: `\N` for `NULL`; backslash, tab, newline and CR escaped.
    static func copyField(_ value: String?) -> String {
        guard let value else { return "\\N" }
        guard value.contains(where: { $0 == "\\" || $0 == "\t" || $0 == "\n" || $0 == "\r" }) else { return value }
        var escaped = ""
        for character in value {
            switch character {
            case "\\": escaped += "\\\\"
            case "\t": escaped += "\\t"
            case "\n": escaped += "\\n"
            case "\r": escaped += "\\r"
            default: escaped.append(character)
            }
        }
        return escaped
    }

    // MARK: Internals

    private func openHandle() throws(StoreError) -> OpaquePointer {
        guard let handle else { throw .closed }
        guard !isBroken else { throw .unavailable("the connection was lost") }
        return handle
    }

    private func run(
        sql: String, parameters: [PostgreSQLValue],
        _ call: (
            UnsafePointer<UnsafePointer<CChar>?>?, UnsafePointer<Int32>?, UnsafePointer<Int32>?
        ) -> OpaquePointer?
    ) throws(StoreError) -> PostgreSQLRows {
        let result = Self.withParameters(parameters, call)
        defer { PQclear(result) }
        try check(result, sql: sql, accepting: [PGRES_COMMAND_OK, PGRES_TUPLES_OK])
        return result.map(Self.rows(of:)) ?? PostgreSQLRows(rows: [], affected: 0)
    }

    /// Calls `call` with libpq's parameter arrays (values, lengths, formats), valid for the call only.
    private static func withParameters<R>(
        _ parameters: [PostgreSQLValue],
        _ call: (UnsafePointer<UnsafePointer<CChar>?>?, UnsafePointer<Int32>?, UnsafePointer<Int32>?) -> R
    ) -> R {
        let wire = parameters.map(\.wireBytes)
        // One buffer for every parameter: one allocation.
        var storage: [UInt8] = []
        var offsets: [Int] = []
        for value in wire {
            offsets.append(storage.count)
            if let value { storage.append(contentsOf: value.bytes) }
            storage.append(0)
        }
        let lengths = wire.map { Int32($0?.bytes.count ?? 0) }
        let formats = wire.map { Int32(($0?.isBinary ?? false) ? 1 : 0) }
        return storage.withUnsafeBufferPointer { buffer in
            let base = buffer.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) }
            let pointers: [UnsafePointer<CChar>?] = wire.indices.map { index in
                wire[index] == nil ? nil : base.map { $0 + offsets[index] }
            }
            return pointers.withUnsafeBufferPointer { values in
                lengths.withUnsafeBufferPointer { lengthPointer in
                    formats.withUnsafeBufferPointer { formatPointer in
                        call(values.baseAddress, lengthPointer.baseAddress, formatPointer.baseAddress)
                    }
                }
            }
        }
    }

    private static func rows(of result: OpaquePointer) -> PostgreSQLRows {
        let rowCount = Int(PQntuples(result))
        let columnCount = Int(PQnfields(result))
        var rows: [[String?]] = []
        rows.reserveCapacity(rowCount)
        for row in 0..<Int32(rowCount) {
            var columns: [String?] = []
            columns.reserveCapacity(columnCount)
            for column in 0..<Int32(columnCount) {
                if PQgetisnull(result, row, column) == 1 {
                    columns.append(nil)
                } else {
                    let length = Int(PQgetlength(result, row, column))
                    let pointer = UnsafeRawPointer(PQgetvalue(result, row, column)!).assumingMemoryBound(to: UInt8.self)
                    columns.append(String(decoding: UnsafeBufferPointer(start: pointer, count: length), as: UTF8.self))
                }
            }
            rows.append(columns)
        }
        let affected = PQcmdTuples(result).map { Int(String(cString: $0)) ?? 0 } ?? 0
        return PostgreSQLRows(rows: rows, affected: affected)
    }

    /// Sends a pending `begin(_:)` alone, for a statement that cannot carry it.
    private func sendPendingBegin() throws(StoreError) {
        guard let begin = pendingBegin else { return }
        pendingBegin = nil
        try execute(begin)
    }

    private func nextStatementName() -> String {
        namedStatements += 1
        return "atlas_\(namedStatements)"
    }

    private enum PipelinedStatement {
        /// Prepared on this connection on first use, as `query(_:_:)`.
        case prepared(String, [PostgreSQLValue])
        /// One statement without parameters, not prepared (`BEGIN`, `COMMIT`).
        case plain(String)
    }

    /// Sends `statements` (after a pending `begin(_:)`) in one round trip in pipeline mode
    /// (https://www.postgresql.org/docs/15/libpq-pipeline-mode.html) and reads every result; after a
    /// failure the server skips the rest (`PGRES_PIPELINE_ABORTED`).
    /// - Returns: the last statement's rows.
    /// - Throws: the first failure, as `execute(_:)`.
    private func pipeline(_ statements: [PipelinedStatement]) throws(StoreError) -> PostgreSQLRows {
        try awaitingAnswer { () throws(StoreError) in try sendAndRead(statements) }
    }

    /// Runs `body` under `AnswerWatchdog`'s deadline. Past it the socket was shut down, so the connection
    /// is broken and the call throws `.busy` (or returns an answer that came just then).
    private func awaitingAnswer<Value>(_ body: () throws(StoreError) -> Value) throws(StoreError) -> Value {
        guard handle != nil, watchedSocket >= 0 else { return try body() }
        let token = AnswerWatchdog.shared.watch(socket: watchedSocket, seconds: answerTimeoutSeconds)
        let outcome: Result<Value, StoreError>
        do throws(StoreError) {
            outcome = .success(try body())
        } catch {
            outcome = .failure(error)
        }
        guard AnswerWatchdog.shared.unwatch(token) else { return try outcome.get() }
        isBroken = true
        if case .success(let value) = outcome { return value }
        throw .busy("the database did not answer within \(Int(answerTimeoutSeconds.rounded())) s")
    }

    private func sendAndRead(_ statements: [PipelinedStatement]) throws(StoreError) -> PostgreSQLRows {
        let handle = try openHandle()
        var sent = statements
        if let begin = pendingBegin { sent.insert(.plain(begin), at: 0) }
        pendingBegin = nil
        guard PQenterPipelineMode(handle) == 1 else { throw failureFromConnection(sql: "pipeline") }
        defer { _ = PQexitPipelineMode(handle) }
        // Each result's SQL, and the name a new preparation is for.
        var awaited: [(sql: String, preparing: String?)] = []
        // Names prepared in this pipeline, known to the server once their results are read.
        var preparing: [String: String] = [:]
        for statement in sent {
            let queued: Bool
            switch statement {
            case .plain(let sql):
                queued = PQsendQueryParams(handle, sql, 0, nil, nil, nil, nil, 0) == 1
                awaited.append((sql, nil))
            case .prepared(let sql, let parameters):
                let name: String
                if let known = prepared[sql] ?? preparing[sql] {
                    name = known
                } else {
                    name = nextStatementName()
                    guard PQsendPrepare(handle, name, sql, 0, nil) == 1 else { throw failureFromConnection(sql: sql) }
                    preparing[sql] = name
                    awaited.append((sql, name))
                }
                queued =
                    Self.withParameters(parameters) { values, lengths, formats in
                        PQsendQueryPrepared(handle, name, Int32(parameters.count), values, lengths, formats, 0)
                    } == 1
                awaited.append((sql, nil))
            }
            guard queued else { throw failureFromConnection(sql: awaited.last?.sql ?? "") }
        }
        guard PQpipelineSync(handle) == 1 else { throw failureFromConnection(sql: "pipeline") }
        var failure: StoreError?
        var last = PostgreSQLRows(rows: [], affected: 0)
        for (sql, preparing) in awaited {
            // Each statement's results end with a NULL; none means the connection failed.
            guard let result = PQgetResult(handle) else { throw failureFromConnection(sql: sql) }
            defer { PQclear(result) }
            while let extra = PQgetResult(handle) { PQclear(extra) }
            if PQresultStatus(result) == PGRES_PIPELINE_ABORTED { continue }
            do throws(StoreError) {
                try check(result, sql: sql, accepting: [PGRES_COMMAND_OK, PGRES_TUPLES_OK])
                if let preparing { prepared[sql] = preparing } else { last = Self.rows(of: result) }
            } catch {
                if isBroken { throw error }
                failure = failure ?? error
            }
        }
        // The sync point's own result.
        guard let sync = PQgetResult(handle) else { throw failureFromConnection(sql: "pipeline") }
        PQclear(sync)
        if let failure { throw failure }
        return last
    }

    private func check(_ result: OpaquePointer?, sql: String, accepting: [ExecStatusType]) throws(StoreError) {
        guard let result else { throw failureFromConnection(sql: sql) }
        let status = PQresultStatus(result)
        guard !accepting.contains(status) else { return }
        // 'C' is PG_DIAG_SQLSTATE, a character macro Swift does not import.
        let sqlState = PQresultErrorField(result, Int32(UInt8(ascii: "C"))).map { String(cString: $0) } ?? ""
        let primary = PQresultErrorField(result, Int32(UInt8(ascii: "M"))).map { String(cString: $0) }
        let message = Self.oneLine(primary ?? String(cString: PQresultErrorMessage(result)))
        if let handle, PQstatus(handle) != CONNECTION_OK {
            isBroken = true
            throw .unavailable(message.isEmpty ? "the connection was lost" : message)
        }
        throw Self.error(sqlState: sqlState, message: message, sql: sql, markBroken: { isBroken = true })
    }

    private func failureFromConnection(sql: String) -> StoreError {
        isBroken = true
        let reason = handle.map { String(cString: PQerrorMessage($0)) } ?? ""
        return .unavailable(reason.isEmpty ? "the connection was lost" : Self.oneLine(reason))
    }

    /// SQLSTATE classes (https://www.postgresql.org/docs/15/errcodes-appendix.html) → `StoreError`:
    /// connection exceptions and shutdowns are `.unavailable` (the connection is dropped); lock and
    /// statement timeouts, serialization failures, deadlocks and too many connections are `.busy`.
    static func error(sqlState: String, message: String, sql: String, markBroken: () -> Void) -> StoreError {
        switch sqlState {
        case _ where sqlState.hasPrefix("08"), "57P01", "57P02", "57P03":
            markBroken()
            return .unavailable(message)
        case "55P03", "57014", "40001", "40P01", "53300", "53400":
            return .busy("PostgreSQL error \(sqlState) (\(message))")
        default:
            return .postgreSQL(sqlState: sqlState, message: message, sql: StoreError.firstWords(of: sql))
        }
    }

    /// libpq's messages end with a newline and may span lines; logs take one.
    static func oneLine(_ message: String) -> String {
        message.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .joined(separator: " ")
    }

    private static func withCStrings<R>(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> R)
        -> R
    {
        let duplicated = strings.map { strdup($0) }
        defer { duplicated.forEach { free($0) } }
        let pointers: [UnsafePointer<CChar>?] = duplicated.map { $0.map { UnsafePointer($0) } } + [nil]
        return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
    }
}
