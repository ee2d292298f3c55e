import Synchronization

/// The state this process last read or wrote for recent visitors with no draft stored, kept so a Done
/// can skip the row lock (`PostgreSQLProfileStore.commitDraft`). Only a hint, never a source: the
/// Done it feeds writes only when the row still holds exactly this state (a compare-and-set
/// `UPDATE`), so a write by another process or tab in the meantime sends it back to the locked path;
/// nothing is lost or decided on stale data.
///
/// Bounded: at `capacity` visitors, one arbitrary entry makes way for each new one (a miss costs one
/// round trip more, nothing else). Any thread.
final class RememberedProfileStates: Sendable {
    private let states = Mutex<[[UInt8]: DraftRules.State]>([:])
    /// The most visitors remembered.
    let capacity: Int

    init(capacity: Int = 10_000) {
        self.capacity = max(1, capacity)
    }

    /// The state remembered for the visitor whose session id hashes to `sessionHash`, if any.
    func state(of sessionHash: [UInt8]) -> DraftRules.State? {
        states.withLock { $0[sessionHash] }
    }

    /// Remembers `state` for the visitor, or forgets them when it is `nil` or holds a draft (a Done of
    /// a draft always takes the lock).
    func remember(_ state: DraftRules.State?, of sessionHash: [UInt8]) {
        states.withLock { states in
            guard let state, state.draft == nil else {
                states[sessionHash] = nil
                return
            }
            if states[sessionHash] == nil, states.count >= capacity { states.remove(at: states.startIndex) }
            states[sessionHash] = state
        }
    }
}
