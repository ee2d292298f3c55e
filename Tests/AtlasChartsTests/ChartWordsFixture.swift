import AtlasCharts
import Localization

/// The repository's catalogs as the charts' words, so the chart tests read the texts the pages show.
enum ChartWordsFixture {
    static let catalogs = Result { try Catalogs.load(directory: packageRoot + "/Catalogs") }

    /// `Catalogs/en.json`'s words; a test that uses them fails when the catalogs do not load.
    static func english() throws -> ChartWords { ChartWords(try catalogs.get()[.en]) }

    /// `Catalogs/ko.json`'s words.
    static func korean() throws -> ChartWords { ChartWords(try catalogs.get()[.ko]) }
}
