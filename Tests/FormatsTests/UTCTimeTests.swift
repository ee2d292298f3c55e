import Testing

@testable import Formats

/// The fields compared, without the derived weekday and day count.
struct UTCTimeParts: Equatable {
    var year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int
}

extension UTCTime {
    var parts: UTCTimeParts {
        UTCTimeParts(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
    }
}

/// Instants split into UTC parts, from ms since the epoch: each expected value is the UTC
/// calendar's (worked out with Python's `datetime`), not the code's.
struct UTCTimeTests {
    @Test(arguments: [
        // ms since the epoch → year, month, day, hour, minute, second
        (Int64(0), 1970, 1, 1, 0, 0, 0),
        (-1, 1969, 12, 31, 23, 59, 59),  // a moment before the epoch is the day before, not 1 January
        (1_636_866_662_000, 2021, 11, 14, 5, 11, 2),  // the shipped snapshot's updated time
        (1_582_979_696_000, 2020, 2, 29, 12, 34, 56),  // a leap day
        (951_782_399_000, 2000, 2, 28, 23, 59, 59),  // 2000 is a leap year (divisible by 400)
        (-62_135_596_800_000, 1, 1, 1, 0, 0, 0),  // the first second of year 1
        (-62_135_596_800_001, 1, 1, 1, 0, 0, 0),  // clamped
        (253_402_300_799_999, 9999, 12, 31, 23, 59, 59),  // clamped to the last second of 9999
        (.max, 9999, 12, 31, 23, 59, 59),
        (.min, 1, 1, 1, 0, 0, 0),
    ])
    func partsAreTheUTCCalendarsClampedToYearsOneToNineThousand(
        ms: Int64, year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int
    ) {
        #expect(
            UTCTime(millisecondsSinceEpoch: ms).parts
                == UTCTimeParts(year: year, month: month, day: day, hour: hour, minute: minute, second: second))
    }
    @Test(arguments: [
        (Int64(0), 4, "1970-01-01T00:00:00Z"),  // a Thursday
        (1_636_866_662_000, 0, "2021-11-14T05:11:02Z"),  // a Sunday
        (-86_400_000, 3, "1969-12-31T00:00:00Z"),  // a Wednesday
    ])
    func weekdayAndISOFormFollowTheCalendar(ms: Int64, weekday: Int, iso: String) {
        #expect(UTCTime(millisecondsSinceEpoch: ms).weekday == weekday)
        #expect(UTCTime(millisecondsSinceEpoch: ms).iso8601 == iso)
    }
}
