import Clocks
import Foundation

/// A bounded pool of lazily opened PostgreSQL connections: at most `StoreOptions.maxConnections`; a
/// caller waits at most `lockWaitSeconds` for one, then `StoreError.busy`.
///
/// After a failed connect it answers `.unavailable` at once for `reconnectDelaySeconds`, so a down
/// server does not cost every request a connect attempt. A connection lost mid-use is dropped with
/// every idle one, and the work runs once more on a new one, unless lost during `COMMIT`.
final class PostgreSQLPool: @unchecked Sendable {
    private let uri: String
    let options: StoreOptions
    private let condition = NSCondition()
    // Guarded by `condition` (hence `@unchecked Sendable`).
    private var idle: [PostgreSQLConnection] = []
    private var openCount = 0
    private var unavailableUntil: UInt64 = 0
    private var lastFailure = ""
    private var closed = false

    init(uri: String, options: StoreOptions) {
        self.uri = uri
        self.options = options
    }

    /// Runs `body` on a pooled connection, without a transaction.
    /// - Parameter answerTimeout: the longest each round trip waits for an answer, in seconds; `nil` for
    ///   the connection's default (work that may run as long as `statement_timeout` allows).
    /// - Throws: `StoreError.busy` when no connection is free or the server does not answer in time;
    ///   `.unavailable` when none can be opened; `.closed` after `close()`; what `body` throws.
    func withConnection<T>(answerTimeout: Double? = nil, _ body: (PostgreSQLConnection) throws -> T) throws -> T {
        var attempt = 0
        while true {
            attempt += 1
            let connection = try acquire()
            connection.answerTimeoutSeconds = answerTimeout ?? connection.defaultAnswerTimeoutSeconds
            do {
                let value = try body(connection)
                release(connection)
                return value
            } catch let error as StoreError where connection.isBroken {
                release(connection)
                dropIdle()
                // Work cut off before COMMIT was rolled back by the server: safe to run again.
                guard attempt == 1, !connection.lostDuringCommit, case .unavailable = error else { throw error }
            } catch {
                release(connection)
                throw error
            }
        }
    }

    /// Runs `body` in one transaction (`BEGIN` … `COMMIT`, `ROLLBACK` when it throws), `READ COMMITTED`
    /// unless `begin` says otherwise.
    /// - Throws: as `withConnection(answerTimeout:_:)`.
    func transaction<T>(
        begin: String = "BEGIN", answerTimeout: Double? = nil, _ body: (PostgreSQLConnection) throws -> T
    ) throws -> T {
        try withConnection(answerTimeout: answerTimeout) { connection in
            // BEGIN goes with the first statement and COMMIT with the queued last write: two round trips fewer.
            connection.begin(begin)
            do {
                let value = try body(connection)
                try connection.commit()
                return value
            } catch {
                if !connection.isBroken { connection.rollback() }
                throw error
            }
        }
    }

    /// Closes every idle connection; one in use closes when it is given back.
    func close() {
        condition.lock()
        closed = true
        condition.unlock()
        dropIdle()
    }

    private func acquire() throws -> PostgreSQLConnection {
        let deadline = Date(timeIntervalSinceNow: options.lockWaitSeconds)
        condition.lock()
        while true {
            if closed {
                condition.unlock()
                throw StoreError.closed
            }
            if let connection = idle.popLast() {
                if connection.isOpen {
                    condition.unlock()
                    return connection
                }
                openCount -= 1
                connection.close()
                continue
            }
            if MonotonicClock.nanoseconds() < unavailableUntil {
                let reason = lastFailure
                condition.unlock()
                throw StoreError.unavailable(reason)
            }
            if openCount < options.maxConnections {
                openCount += 1
                condition.unlock()
                return try connect()
            }
            if !condition.wait(until: deadline) {
                condition.unlock()
                throw StoreError.busy(
                    "no database connection was free within \(options.lockWaitSeconds) s "
                        + "(all \(options.maxConnections) in use)")
            }
        }
    }

    private func connect() throws -> PostgreSQLConnection {
        do {
            return try PostgreSQLConnection(uri: uri, options: options)
        } catch {
            condition.lock()
            openCount -= 1
            lastFailure = error.description
            unavailableUntil = MonotonicClock.nanoseconds() + UInt64(max(0, options.reconnectDelaySeconds) * 1e9)
            condition.broadcast()
            condition.unlock()
            throw error
        }
    }

    private func release(_ connection: PostgreSQLConnection) {
        condition.lock()
        if closed || connection.isBroken {
            openCount -= 1
            condition.signal()
            condition.unlock()
            connection.close()
            return
        }
        idle.append(connection)
        condition.signal()
        condition.unlock()
    }

    private func dropIdle() {
        condition.lock()
        let connections = idle
        idle.removeAll()
        openCount -= connections.count
        condition.broadcast()
        condition.unlock()
        for connection in connections { connection.close() }
    }
}
