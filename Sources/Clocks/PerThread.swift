import Glibc

/// One value per thread (pthread thread-specific data), created on each thread's first use and kept
/// until the thread exits: per-thread caches let the hot path take no lock every request contends on.
public final class PerThread<Value>: @unchecked Sendable {
    // @unchecked: `key` is written once in init; each thread only ever touches its own box.
    // `@usableFromInline` so `withValue` is inlined and specialised where it is called: as a generic
    // call across modules it was 1 % of a new visitor's request, and the body's access went through
    // value witnesses.
    @usableFromInline final class Box {
        @usableFromInline var value: Value
        @usableFromInline init(_ value: Value) { self.value = value }
    }

    @usableFromInline var key = pthread_key_t()
    @usableFromInline let make: @Sendable () -> Value

    /// - Parameter make: creates a thread's value the first time that thread asks for it.
    public init(_ make: @escaping @Sendable () -> Value) {
        self.make = make
        // The destructor runs when a thread exits and releases that thread's box.
        let status = pthread_key_create(&key) { pointer in
            if let pointer { Unmanaged<AnyObject>.fromOpaque(pointer).release() }
        }
        // Without a key of its own, values of different types would share a slot: stop instead.
        precondition(status == 0, "pthread_key_create failed (\(status)): out of thread-specific keys")
    }

    deinit { pthread_key_delete(key) }

    /// Runs `body` with this thread's value.
    @inlinable
    public func withValue<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        let box: Box
        if let pointer = pthread_getspecific(key) {
            box = Unmanaged<Box>.fromOpaque(pointer).takeUnretainedValue()
        } else {
            box = Box(make())
            pthread_setspecific(key, Unmanaged.passRetained(box).toOpaque())
        }
        return try body(&box.value)
    }
}
