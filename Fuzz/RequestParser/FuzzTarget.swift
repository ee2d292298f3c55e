/// libFuzzer's entry point: one input, parsed several ways, with every invariant checked.
///
/// The first byte of the input picks the split points; the rest is the byte stream a client sends.
/// Any broken invariant traps (`preconditionFailure`), which libFuzzer reports as a crash with the input.
/// - Returns: Always 0, as libFuzzer requires.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRequestParser(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    ParserInvariants.check(bytes, splitSeed: data[0])
    return 0
}
