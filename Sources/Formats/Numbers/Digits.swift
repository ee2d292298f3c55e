/// Non-negative integers as zero-padded ASCII digits, the one padding rule of dates, times and logs.
public enum Digits {
    /// `value` with at least `width` digits, zeros in front: `padded(7, width: 2)` → `"07"`.
    public static func padded(_ value: Int, width: Int) -> String {
        var bytes: [UInt8] = []
        append(value, width: width, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `padded(value, width:)` appended to `bytes`; a negative value gets a `-` before its digits.
    /// Digit by digit, without an intermediate string: access log lines append several per request.
    public static func append(_ value: Int, width: Int, to bytes: inout [UInt8]) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        let magnitude = value.magnitude
        var divisor: UInt = 1
        var count = 1
        while divisor <= magnitude / 10 {
            divisor *= 10
            count += 1
        }
        for _ in count..<max(width, count) { bytes.append(UInt8(ascii: "0")) }
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(magnitude / divisor % 10))
            divisor /= 10
        }
    }
}
