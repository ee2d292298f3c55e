import AtlasCore
import Foundation

/// Turns Our World in Data's `vaccinations.csv` (https://github.com/owid/covid-19-data, `public/data/
/// vaccinations/`) into `Vaccinations`: one row per location and day, columns found by their header
/// name, so a later file with more columns still reads (they are left out). Each cell is kept as its
/// published text; an empty cell stays "not reported" (`nil`), never 0.
///
/// ```
/// location,iso_code,date,total_vaccinations,people_vaccinated,…
/// Afghanistan,AFG,2021-02-22,0,0,,,,,0,0,,,
/// ```
///
/// Values are checked to be numbers; `VaccinationValidation` judges them.
public enum VaccinationDecoder {
    /// Decodes the file's bytes (UTF-8, `\n` or `\r\n` lines, RFC 4180 quoting).
    /// - Throws: `SourceError.invalidVaccinations` naming the line for: no header, or one lacking
    ///   `location`, `iso_code`, `date` or a figure of `VaccinationFigure`; a line with another number
    ///   of fields than the header; an empty `location` or `iso_code`; a date that is not `YYYY-MM-DD`;
    ///   a figure that is not a number; two lines for one location and day; no line after the header.
    public static func decode(_ bytes: [UInt8]) throws(SourceError) -> Vaccinations {
        var lines = CSVLines(bytes)
        guard let header = lines.next() else { throw .invalidVaccinations("the file is empty") }
        let columns = try Columns(header: header.fields)
        var rows: [String: (location: String, days: [VaccinationDay])] = [:]
        var seen = Set<SeenKey>()
        while let line = lines.next() {
            let fields = line.fields
            if fields.count == 1 && fields[0].isEmpty { continue }
            guard fields.count == header.fields.count else {
                throw .invalidVaccinations(
                    "line \(line.number) has \(fields.count) fields, the header \(header.fields.count)")
            }
            let location = fields[columns.location]
            let isoCode = fields[columns.isoCode]
            guard !location.isEmpty, !isoCode.isEmpty else {
                throw .invalidVaccinations("line \(line.number) has no location or iso_code")
            }
            guard let date = CalendarDate(iso: fields[columns.date]) else {
                throw .invalidVaccinations(
                    "line \(line.number) (\(location)): the date “\(fields[columns.date])” is not YYYY-MM-DD")
            }
            var cells: [String?] = []
            cells.reserveCapacity(columns.figures.count)
            for (figure, index) in zip(VaccinationFigure.allCases, columns.figures) {
                let text = fields[index]
                if text.isEmpty {
                    cells.append(nil)
                    continue
                }
                guard let value = Double(text), value.isFinite else {
                    throw .invalidVaccinations(
                        "line \(line.number) (\(location), \(date.iso)): \(figure.rawValue) “\(text)” is not a number")
                }
                cells.append(text)
            }
            let day = date.daysSinceEpoch
            guard seen.insert(SeenKey(isoCode: isoCode, day: day)).inserted else {
                throw .invalidVaccinations("line \(line.number): a second line for \(location) on \(date.iso)")
            }
            rows[isoCode, default: (location, [])].days.append(VaccinationDay(day: day, cells: cells))
        }
        guard !rows.isEmpty else { throw .invalidVaccinations("the file has a header but no line of figures") }
        return Vaccinations(
            series: rows.reduce(into: [:]) { series, row in
                series[row.key] = VaccinationSeries(
                    location: row.value.location, isoCode: row.key, days: row.value.days.sorted { $0.day < $1.day })
            })
    }

    /// Reads and decodes a saved `vaccinations.csv`.
    /// - Throws: `SourceError.unreadableFile`; otherwise as `decode(_:)`.
    public static func load(path: String) throws(SourceError) -> Vaccinations {
        let bytes: [UInt8]
        do {
            bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            throw .unreadableFile(
                path: path, reason: FileManager.default.fileExists(atPath: path) ? "unreadable" : "no such file")
        }
        return try decode(bytes)
    }

    private struct SeenKey: Hashable {
        let isoCode: String
        let day: Int
    }

    /// Where each needed column is in the header.
    private struct Columns {
        let location: Int
        let isoCode: Int
        let date: Int
        /// In the order of `VaccinationFigure.allCases`.
        let figures: [Int]

        init(header: [String]) throws(SourceError) {
            var positions: [String: Int] = [:]
            for (index, name) in header.enumerated() where positions[name] == nil { positions[name] = index }
            let needed = VaccinationFigure.keyColumns + VaccinationFigure.allCases.map(\.rawValue)
            let missing = needed.filter { positions[$0] == nil }
            guard missing.isEmpty else {
                throw .invalidVaccinations(
                    "the header lacks \(missing.joined(separator: ", ")) (is this OWID's vaccinations.csv?)")
            }
            location = positions["location"]!
            isoCode = positions["iso_code"]!
            date = positions["date"]!
            figures = VaccinationFigure.allCases.map { positions[$0.rawValue]! }
        }
    }
}

/// The lines of a CSV file (RFC 4180): fields split on commas, quoted fields may hold commas, quotes
/// (doubled) and line breaks.
struct CSVLines: IteratorProtocol {
    struct Line {
        /// The 1-based number of the line the record starts on.
        let number: Int
        let fields: [String]
    }

    private let bytes: [UInt8]
    private var position = 0
    private var lineNumber = 0

    init(_ bytes: [UInt8]) {
        // A UTF-8 byte order mark is not part of the first column's name.
        self.bytes = bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
    }

    mutating func next() -> Line? {
        guard position < bytes.count else { return nil }
        lineNumber += 1
        let number = lineNumber
        var fields: [String] = []
        var field: [UInt8] = []
        var quoted = false
        while position < bytes.count {
            let byte = bytes[position]
            position += 1
            if quoted {
                if byte == UInt8(ascii: "\"") {
                    if position < bytes.count && bytes[position] == UInt8(ascii: "\"") {
                        field.append(byte)
                        position += 1
                    } else {
                        quoted = false
                    }
                } else {
                    if byte == UInt8(ascii: "\n") { lineNumber += 1 }
                    field.append(byte)
                }
                continue
            }
            switch byte {
            case UInt8(ascii: ","):
                fields.append(String(decoding: field, as: UTF8.self))
                field.removeAll(keepingCapacity: true)
            case UInt8(ascii: "\"") where field.isEmpty:
                quoted = true
            case UInt8(ascii: "\n"):
                if field.last == UInt8(ascii: "\r") { field.removeLast() }
                fields.append(String(decoding: field, as: UTF8.self))
                return Line(number: number, fields: fields)
            default:
                field.append(byte)
            }
        }
        if field.last == UInt8(ascii: "\r") { field.removeLast() }
        fields.append(String(decoding: field, as: UTF8.self))
        return Line(number: number, fields: fields)
    }
}
