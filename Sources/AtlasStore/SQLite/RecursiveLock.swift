#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A recursive mutex that can tell whether the calling thread holds it: a transaction body calls back
/// into its `Database` on the same thread, where `Mutex` or `NSLock` would deadlock.
final class RecursiveLock: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    // Guarded by `mutex`.
    private var depth = 0

    init() {
        mutex = .allocate(capacity: 1)
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_RECURSIVE))
        pthread_mutex_init(mutex, &attributes)
        pthread_mutexattr_destroy(&attributes)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` while holding the lock; re-entrant on the same thread.
    func withLock<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        pthread_mutex_lock(mutex)
        depth += 1
        defer {
            depth -= 1
            pthread_mutex_unlock(mutex)
        }
        return try body()
    }

    /// `true` when the calling thread is inside `withLock`.
    var isHeldByCurrentThread: Bool {
        // Its owner, or anyone when it is free (depth 0), can try-lock a recursive mutex.
        guard pthread_mutex_trylock(mutex) == 0 else { return false }
        defer { pthread_mutex_unlock(mutex) }
        return depth > 0
    }
}
