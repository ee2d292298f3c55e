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
        var decoder = Incremental()
        // `withUnsafeBytes` rethrows untyped errors; the decoder's own is kept typed.
        var failure: SourceError?
        bytes.withUnsafeBytes { chunk in
            do throws(SourceError) { try decoder.feed(chunk) } catch { failure = error }
        }
        if let failure { throw failure }
        return try decoder.finish()
    }

    /// The decoder fed the file in pieces as they arrive (a fetch's body), so the file's bytes are never
    /// held whole: only the line being read and the rows decoded so far. The same rules and errors as
    /// `decode(_:)`, which uses it.
    public struct Incremental {
        /// The bytes fed so far, in bytes.
        public private(set) var bytesRead = 0
        /// The bytes of the record not yet ended by a line break.
        private var pending: [UInt8] = []
        /// How far `pending` has been scanned, and the quoting state there.
        private var scanned = 0
        private var state = ScanState.fieldStart
        /// The number of the next record's first line, 1-based.
        private var nextLine = 1
        /// The header's field count and column positions, once read.
        private var headerCount = 0
        private var columns: Columns?
        private var rows: [String: (location: String, days: [VaccinationDay])] = [:]
        private var seen = Set<SeenKey>()

        /// Where a scan is within a record (RFC 4180): a quoted field may hold line breaks.
        private enum ScanState {
            case fieldStart, unquoted, quoted, quoteInQuoted
        }

        /// A decoder before its first byte.
        public init() {}

        /// Reads `chunk`, decoding every record it completes.
        /// - Throws: as `VaccinationDecoder.decode(_:)`, for the first bad record.
        public mutating func feed(_ chunk: UnsafeRawBufferPointer) throws(SourceError) {
            pending.append(contentsOf: chunk)
            bytesRead += chunk.count
            var recordStart = 0
            var index = scanned
            while index < pending.count {
                let byte = pending[index]
                switch state {
                case .quoted:
                    if byte == UInt8(ascii: "\"") { state = .quoteInQuoted }
                case .fieldStart, .unquoted, .quoteInQuoted:
                    if byte == UInt8(ascii: "\n") {
                        try record(pending[recordStart...index])
                        recordStart = index + 1
                        state = .fieldStart
                    } else if byte == UInt8(ascii: ",") {
                        state = .fieldStart
                    } else if byte == UInt8(ascii: "\"") && state != .unquoted {
                        state = .quoted
                    } else {
                        state = .unquoted
                    }
                }
                index += 1
            }
            pending.removeFirst(recordStart)
            scanned = pending.count
        }

        /// Decodes the last record (one without a final line break) and returns the file's rows.
        /// - Throws: as `VaccinationDecoder.decode(_:)`.
        public mutating func finish() throws(SourceError) -> Vaccinations {
            if !pending.isEmpty {
                try record(pending[...])
                pending = []
            }
            guard columns != nil else { throw .invalidVaccinations("the file is empty") }
            guard !rows.isEmpty else { throw .invalidVaccinations("the file has a header but no line of figures") }
            return Vaccinations(
                series: rows.reduce(into: [:]) { series, row in
                    series[row.key] = VaccinationSeries(
                        location: row.value.location, isoCode: row.key, days: row.value.days.sorted { $0.day < $1.day }
                    )
                })
        }

        private mutating func record(_ bytes: ArraySlice<UInt8>) throws(SourceError) {
            // A UTF-8 byte order mark is not part of the first column's name (however the bytes were split).
            let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
            let text = columns == nil && nextLine == 1 && bytes.starts(with: bom) ? bytes.dropFirst(3) : bytes
            var lines = CSVLines(Array(text), firstLineNumber: nextLine)
            nextLine += bytes.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
            guard let line = lines.next() else { return }
            let fields = line.fields
            guard let columns else {
                columns = try Columns(header: fields)
                headerCount = fields.count
                return
            }
            if fields.count == 1 && fields[0].isEmpty { return }
            guard fields.count == headerCount else {
                throw .invalidVaccinations("line \(line.number) has \(fields.count) fields, the header \(headerCount)")
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

    /// - Parameter firstLineNumber: the number of the first line of `bytes` in its file.
    init(_ bytes: [UInt8], firstLineNumber: Int = 1) {
        self.bytes = bytes
        self.lineNumber = firstLineNumber - 1
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
