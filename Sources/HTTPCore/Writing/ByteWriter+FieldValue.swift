import Formats

extension ByteWriter {
    /// Copies a field value with CR, LF and NUL as spaces (as Go's net/http), so a value from user
    /// input cannot start a field line or end the header section. Same length as `value`.
    mutating func writeFieldValue(_ value: String) {
        Self.withBytes(of: value) { bytes in
            let start = count
            write(bytes)
            guard ResponseSerializer.hasByteBelow14(bytes) else { return }
            let written = self.written
            for index in start..<count where written[index] == .cr || written[index] == .lf || written[index] == 0 {
                written[index] = .space
            }
        }
    }
}
