/// What one detector's part of a `DetectorTuner` sweep produced.
struct TunerSweep {
    var rows: [TuningRow]
    var curves: [PRCurve]
    /// The detector's best setting's detections per image.
    var bestFaces: [[Face]]
    var runs: Int
    var detectionSeconds: Double
    var evaluationSeconds: Double
}
