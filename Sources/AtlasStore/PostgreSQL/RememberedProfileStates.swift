import Synchronization

/// The state this process last read or wrote for recent visitors without a draft, so a Done can skip
/// the row lock (`PostgreSQLProfileStore.commitDraft`). Only a hint: that Done writes only if the row
/// still holds exactly this state. Bounded: at `capacity`, an arbitrary entry makes way (a miss costs a
/// round trip). Any thread.
final class RememberedProfileStates: Sendable {
    private let states = Mutex<[[UInt8]: DraftRules.State]>([:])
    let capacity: Int

    init(capacity: Int = 10_000) {
        self.capacity = max(1, capacity)
    }

    func state(of sessionHash: [UInt8]) -> DraftRules.State? {
        states.withLock { $0[sessionHash] }
    }

    /// Remembers `state`, or forgets the visitor when it is `nil` or holds a draft (a Done of a draft
    /// always locks).
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
