/// Non-negative integers as zero-padded ASCII digits, the one padding rule of dates, times and logs.
public enum Digits {
    /// `value` with at least `width` digits, zeros in front: `padded(7, width: 2)` → `"07"`.
    public static func padded(_ value: Int, width: Int) -> String {
        var bytes: [UInt8] = []
        append(value, width: width, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `padded(value, width:)` appended to `bytes`; a negative value gets a `-` before its digits.
    /// Through `ByteWriter.writeDecimal`, without an intermediate string: access log lines append
    /// several per request.
    public static func append(_ value: Int, width: Int, to bytes: inout [UInt8]) {
        ByteWriter.append(to: &bytes, reserving: max(width, 19) + 1) { $0.writeDecimal(value, width: width) }
    }
}
