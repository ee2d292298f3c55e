import AtlasCore
import Testing

@testable import AtlasStore

/// The PostgreSQL store's hints for Done: only states without a draft, and never more than its
/// capacity.
struct RememberedProfileStatesTests {
    let profile = Profile(
        username: "Ada", notifications: false, season: .autumn, goalDate: CalendarDate(year: 2026, month: 6, day: 1)!)

    func hash(_ byte: UInt8) -> [UInt8] { [UInt8](repeating: byte, count: 32) }

    @Test func aStateWithADraftOrNoStateIsForgotten() {
        let remembered = RememberedProfileStates()
        let plain = DraftRules.State(profile: profile, draft: nil, draftCounter: 3)
        remembered.remember(plain, of: hash(1))
        #expect(remembered.state(of: hash(1)) == plain)
        remembered.remember(
            DraftRules.State(profile: profile, draft: Draft(profile: profile, version: 4), draftCounter: 4), of: hash(1)
        )
        #expect(remembered.state(of: hash(1)) == nil)
        remembered.remember(plain, of: hash(1))
        remembered.remember(nil, of: hash(1))
        #expect(remembered.state(of: hash(1)) == nil)
    }

    @Test func itHoldsAtMostItsCapacityAndAKnownVisitorIsUpdatedInPlace() {
        let remembered = RememberedProfileStates(capacity: 3)
        for byte: UInt8 in 1...10 {
            remembered.remember(
                DraftRules.State(profile: profile, draft: nil, draftCounter: Int64(byte)), of: hash(byte))
        }
        let held = (1...10).compactMap { remembered.state(of: hash(UInt8($0))) }
        #expect(held.count == 3)
        // The newest always gets in; updating one already held evicts nothing.
        #expect(remembered.state(of: hash(10))?.draftCounter == 10)
        let kept = (1...10).map { UInt8($0) }.filter { remembered.state(of: hash($0)) != nil }
        remembered.remember(DraftRules.State(profile: profile, draft: nil, draftCounter: 99), of: hash(kept[0]))
        #expect(kept.allSatisfy { remembered.state(of: hash($0)) != nil })
        #expect(remembered.state(of: hash(kept[0]))?.draftCounter == 99)
    }
}
