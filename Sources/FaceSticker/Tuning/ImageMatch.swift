/// The matching of one image's detections to its ground-truth faces.
public struct ImageMatch: Sendable {
    /// Per detection, in the order the detections were given.
    public var outcomes: [MatchOutcome]
    /// Per detection, the index of the face it matched (true positives and
    /// ignored detections), nil for false positives.
    public var matchedFace: [Int?]
    /// Per ground-truth face: whether the subset counts it.
    public var counted: [Bool]
    /// Per ground-truth face: whether a detection matched it.
    public var found: [Bool]

    public init(outcomes: [MatchOutcome], matchedFace: [Int?], counted: [Bool], found: [Bool]) {
        self.outcomes = outcomes
        self.matchedFace = matchedFace
        self.counted = counted
        self.found = found
    }

    /// Indices of the counted faces no detection matched.
    public var missedFaces: [Int] { counted.indices.filter { counted[$0] && !found[$0] } }
}
