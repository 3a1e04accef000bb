/// How the ground-truth harness reads an input: the first byte picks the
/// parser, the rest is the file's text. Letters name them so corpus files
/// stay readable (`w` WIDER, `f` FDDB, `c` CSV, `j` JSON, `d` difficulty);
/// any other byte picks by its value modulo 5, so every input means something.
public enum GroundTruthInput: Int, CaseIterable, Sendable {
    case wider, fddb, csv, json, difficulty

    /// The parser an input selects, and the bytes it gets.
    public static func split(_ bytes: [UInt8]) -> (GroundTruthInput, [UInt8])? {
        guard let first = bytes.first else { return nil }
        let letters: [UInt8: GroundTruthInput] = [
            UInt8(ascii: "w"): .wider, UInt8(ascii: "f"): .fddb, UInt8(ascii: "c"): .csv,
            UInt8(ascii: "j"): .json, UInt8(ascii: "d"): .difficulty,
        ]
        let kind = letters[first] ?? GroundTruthInput(rawValue: Int(first) % 5) ?? .wider
        return (kind, Array(bytes.dropFirst()))
    }
}
