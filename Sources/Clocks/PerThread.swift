import Glibc

/// One value per thread (pthread thread-specific data), created on each thread's first use and kept
/// until the thread exits: per-thread caches let the hot path take no lock every request contends on.
public final class PerThread<Value>: @unchecked Sendable {
    // @unchecked: each thread only ever touches its own box.
    // `@usableFromInline` so `withValue` is inlined and specialised where it is called: as a generic
    // call across modules it was 1 % of a new visitor's request, and the body's access went through
    // value witnesses.
    //
    // The value lives behind a pointer, not in a class property: `&box.value` on a property is a
    // dynamic exclusivity check (`swift_beginAccess`, about 80 instructions with its thread-local
    // lookup) on every call, a dozen times a request, for a box only its own thread ever touches.
    @usableFromInline final class Box {
        @usableFromInline let value: UnsafeMutablePointer<Value>
        @usableFromInline init(_ value: Value) {
            self.value = .allocate(capacity: 1)
            self.value.initialize(to: value)
        }
        deinit {
            value.deinitialize(count: 1)
            value.deallocate()
        }
    }

    @usableFromInline let key: pthread_key_t
    @usableFromInline let make: @Sendable () -> Value

    /// - Parameter make: creates a thread's value the first time that thread asks for it.
    public init(_ make: @escaping @Sendable () -> Value) {
        self.make = make
        // The destructor runs when a thread exits and releases that thread's box.
        var key = pthread_key_t()
        let status = pthread_key_create(&key) { pointer in
            if let pointer { Unmanaged<AnyObject>.fromOpaque(pointer).release() }
        }
        self.key = key
        // Without a key of its own, values of different types would share a slot: stop instead.
        precondition(status == 0, "pthread_key_create failed (\(status)): out of thread-specific keys")
    }

    deinit { pthread_key_delete(key) }

    /// Runs `body` with this thread's value. `body` must not call `withValue` on the same `PerThread`:
    /// nothing checks that at run time (see `Box`).
    @inlinable
    public func withValue<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        let box: Box
        if let pointer = pthread_getspecific(key) {
            box = Unmanaged<Box>.fromOpaque(pointer).takeUnretainedValue()
        } else {
            box = Box(make())
            pthread_setspecific(key, Unmanaged.passRetained(box).toOpaque())
        }
        return try body(&box.value.pointee)
    }
}
