import CLinux
import Glibc

/// Change counters that every process serving one SQLite file shares, so each can keep visitors' rows
/// in memory (`VisitorRowsCache`) and still see the writes of the others: `bucketCount` 64-bit counters
/// in `<database>.visitor-changes`, mapped `MAP_SHARED` (the way SQLite shares its WAL index through
/// `-shm`). A visitor's rows belong to one bucket, chosen by their session hash; the first counter is
/// an epoch that a write to many visitors (pruning) advances.
///
/// A writer advances the visitor's counter after its transaction commits; a reader reads the counter
/// before it reads the rows, and what it kept stays good while the counter has not moved. Counters are
/// only ever advanced, so a stale reading can only cost a read of the database, never hide a write.
/// Any thread, any process on the machine (SQLite's WAL mode already needs all of them on one machine).
final class SharedChangeCounters: @unchecked Sendable {
    /// Buckets of visitors (4,096 × 8 bytes = 32 KiB): a write makes the kept rows of about one visitor
    /// in 4,096 be read again.
    static let bucketCount = 4096

    /// A visitor's bucket counter and the epoch, as read together.
    struct Reading: Equatable, Sendable {
        let epoch: UInt64
        let bucket: UInt64
    }

    /// The mapping: `bucketCount + 1` counters, the epoch first. Never unmapped (it lives as long as the
    /// stores, which live as long as the process).
    private let counters: UnsafeMutablePointer<UInt64>

    /// Maps `<databaseFile>.visitor-changes`, created when missing with the database file's mode and,
    /// for root, its owner (as SQLite makes `-wal` and `-shm`, so a `refresh` run as root leaves no file
    /// the service's user cannot open). Its blocks are allocated, not left sparse: a store to a mapped
    /// page whose block the disk cannot supply would kill the process with `SIGBUS`.
    /// - Parameter databaseFile: the database's absolute path, links resolved (`Database.filePath`).
    /// - Throws: `StoreError.cannotShare` when the file cannot be opened, allocated or mapped: a process
    ///   without it would write without counting, and the others would show what it overwrote.
    init(besideDatabaseFile databaseFile: String) throws {
        let path = databaseFile + ".visitor-changes"
        let size = (Self.bucketCount + 1) * MemoryLayout<UInt64>.stride
        var database = stat()
        guard stat(databaseFile, &database) == 0 else { throw Self.error(path) }
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, database.st_mode & 0o666)
        guard descriptor >= 0 else { throw Self.error(path) }
        defer { close(descriptor) }
        if geteuid() == 0 { _ = fchown(descriptor, database.st_uid, database.st_gid) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw Self.error(path) }
        // Only a shorter file is grown (keeping its counters): a full one is another process's, in use.
        if status.st_size < size {
            let result = posix_fallocate(descriptor, 0, off_t(size))
            guard result == 0 else {
                throw StoreError.cannotShare(path: path, message: String(cString: strerror(result)))
            }
        }
        guard let mapping = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_SHARED, descriptor, 0), mapping != MAP_FAILED
        else { throw Self.error(path) }
        counters = mapping.bindMemory(to: UInt64.self, capacity: Self.bucketCount + 1)
    }

    /// The counters that cover `sessionHash`'s rows now.
    func reading(for sessionHash: [UInt8]) -> Reading {
        Reading(
            epoch: clinux_shared_counter_load(counters),
            bucket: clinux_shared_counter_load(counters + Self.bucket(of: sessionHash)))
    }

    /// Records that `sessionHash`'s rows changed (call after the transaction committed).
    func advance(for sessionHash: [UInt8]) {
        clinux_shared_counter_advance(counters + Self.bucket(of: sessionHash))
    }

    /// Records that any visitor's rows may have changed.
    func advanceEpoch() {
        clinux_shared_counter_advance(counters)
    }

    /// 1…`bucketCount`: the hash's first two bytes (a SHA-256, so already uniform), modulo the count.
    private static func bucket(of sessionHash: [UInt8]) -> Int {
        let high = sessionHash.first.map(Int.init) ?? 0
        let low = sessionHash.count > 1 ? Int(sessionHash[1]) : 0
        return 1 + (high << 8 | low) % bucketCount
    }

    private static func error(_ path: String) -> StoreError {
        .cannotShare(path: path, message: String(cString: strerror(errno)))
    }
}
