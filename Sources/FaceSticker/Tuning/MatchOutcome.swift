/// What one detection turned out to be when matched against the ground truth.
public enum MatchOutcome: UInt8, Sendable {
    /// Matched a counted face no better-scored detection had matched.
    case truePositive
    /// Matched no counted face still free, and no ignored face.
    case falsePositive
    /// Matched only a face the subset ignores: neither a hit nor a false positive.
    case ignored
}
