/// The error a cancelled video job ends with (Ctrl-C, SIGTERM): not a fault
/// of the input, so it is not a `FaceStickerError`.
public struct Interrupted: Error, CustomStringConvertible {
    public init() {}
    public var description: String { "interrupted; no output written" }
}
