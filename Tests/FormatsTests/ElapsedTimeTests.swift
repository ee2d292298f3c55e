import Formats
import Testing

/// The age of the freshness line: the largest unit that fits, whole.
struct ElapsedTimeTests {
    @Test(
        arguments: [
            (-5, 0, ElapsedTime.Unit.second), (0, 0, .second), (59, 59, .second), (60, 1, .minute),
            (3599, 59, .minute), (3600, 1, .hour), (86_399, 23, .hour), (86_400, 1, .day),
            (86_400 * 59 + 86_399, 59, .day), (86_400 * 60, 2, .month), (86_400 * 729, 24, .month),
            (86_400 * 730, 2, .year), (86_400 * 365 * 5 + 100, 5, .year),
        ] as [(Int64, Int64, ElapsedTime.Unit)])
    func anAgeIsCountedInTheLargestUnitThatFits(_ seconds: Int64, _ count: Int64, _ unit: ElapsedTime.Unit) {
        let age = ElapsedTime(seconds: seconds)
        #expect(age.count == count)
        #expect(age.unit == unit)
    }
}
