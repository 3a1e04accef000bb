/// Everything a DNN detector (YuNet, CenterFace) finds in one image at one
/// input size before its score threshold, NMS and top-k are applied, with
/// what `FaceFinder` needs to judge each candidate (texture, the verifier's
/// score), so that any score, NMS, top-k, verification and minimum-size
/// setting can be replayed without running a network again.
///
/// Collected by running the detector with a low score threshold, NMS
/// threshold 1 (OpenCV keeps a box unless it overlaps a kept one by more than
/// the threshold, and no overlap exceeds 1) and the largest top-k, on the
/// upright copy and, when the sweep can use them, on the copy turned by 90,
/// 180 and 270 degrees. Replaying does what the detector does after the
/// network (OpenCV's own NMS, through `fd_nms`), then what `FaceFinder` does
/// (`FaceFinder.confirmed`, `FaceFinder.combined`), then drops faces
/// narrower than `minSize`.
package struct RawDetections: Sendable {
    package let kind: DetectorKind
    /// The upright pass, then (when collected) one per turn of `FaceFinder.searchOrder`.
    package let passes: [Pass]
    /// The copy's size, and image pixels per copy pixel, per axis.
    package let copyWidth: Int
    package let copyHeight: Int
    package let scaleX: Double
    package let scaleY: Double
    /// The lowest score threshold this can replay.
    package let scoreFloor: Double

    /// One orientation's candidates and their judgements.
    package struct Pass: Sendable {
        /// Every candidate, best first, in the (turned) copy's pixels.
        package let candidates: [Face]
        /// Per candidate: whether its box has texture.
        let textured: [Bool]
        /// The verifier's score of the candidates that any swept setting may ask about.
        let verification: [Int: Double]
    }

    /// The settings that collect raw detections for `settings` down to `scoreFloor`.
    package static func collectingSettings(for settings: DetectorSettings, scoreFloor: Double) -> DetectorSettings {
        var collecting = settings
        collecting.scoreThreshold = scoreFloor
        collecting.nmsThreshold = 1
        collecting.topK = 100_000
        collecting.minSize = 0
        return collecting
    }

    /// Runs `detector` (made with `collectingSettings`) on `image` shrunk to its
    /// input size. `sweep` is every setting that will be replayed: their
    /// rotation policies say whether turned passes are needed, and the
    /// candidates any of them may send to the verifier are verified now.
    package static func collect(with detector: OpenCVDetector, in image: RGBAImage,
                               sweep: [DetectorSettings] = []) throws -> RawDetections {
        let settings = detector.settings
        let size = FaceFinder.inputSize(width: image.width, height: image.height, longestSide: settings.inputSize,
                                        maxUpscale: settings.maxUpscale)
        let copy = size == (image.width, image.height) ? image
            : try OpenCV.resize(image, width: size.width, height: size.height)
        let verifiers = try Dictionary(grouping: sweep.filter { $0.verifier != .none }, by: \.verifier)
            .compactMapValues { group in try FaceVerifier(group[0].verifier).map { ($0, group) } }
        let turned = sweep.contains { $0.rotations != .none }
        var passes: [Pass] = []
        for turn in turned ? FaceFinder.searchOrder : [.zero] {
            let orientation = ExifOrientation(rotation: turn, mirrored: false)
            let picture = orientation.upright(copy)
            let candidates = try detector.detect(in: picture)
            let textured = candidates.map { ImageStatistics.hasTexture(picture, in: $0.box) }
            var verification: [Int: Double] = [:]
            for (verifier, group) in verifiers.values {
                for s in group {
                    for i in try keep(candidates, settings: s, integral: settings.kind == .yunet)
                    where textured[i] && candidates[i].score < s.verifyBelow && verification[i] == nil {
                        verification[i] = try verifier.score(candidates[i], in: picture)
                    }
                }
            }
            passes.append(Pass(candidates: candidates, textured: textured, verification: verification))
        }
        return RawDetections(kind: settings.kind, passes: passes, copyWidth: size.width, copyHeight: size.height,
                             scaleX: Double(image.width) / Double(size.width),
                             scaleY: Double(image.height) / Double(size.height), scoreFloor: settings.scoreThreshold)
    }

    /// The faces `FaceFinder` would report with `settings` (same kind and
    /// input size as collected, score threshold at least `scoreFloor`), in image pixels.
    package func faces(for settings: DetectorSettings) throws -> [Face] {
        func replay(_ pass: Pass) throws -> [Face] {
            let kept = try Self.keep(pass.candidates, settings: settings, integral: kind == .yunet)
            var index: [Face: Int] = [:]
            for i in kept where index[pass.candidates[i]] == nil { index[pass.candidates[i]] = i }
            return FaceFinder.confirmed(kept.map { pass.candidates[$0] }, settings: settings,
                                        textured: { index[$0].map { pass.textured[$0] } ?? false },
                                        verification: { index[$0].flatMap { pass.verification[$0] } ?? 0 })
        }
        let size = Size(width: Double(copyWidth), height: Double(copyHeight))
        let faces = try FaceFinder.combined(settings: settings, size: size, order: FaceFinder.searchOrder) { orientation in
            guard let k = FaceFinder.searchOrder.firstIndex(of: orientation.rotation), k < passes.count else { return [] }
            return try replay(passes[k])
        }
        let minSize = Double(settings.minSize)
        return faces.map { $0.scaled(x: scaleX, y: scaleY) }.filter { minSize <= 0 || $0.box.width >= minSize }
    }

    /// What the detector's own NMS keeps of `candidates` (best first) with `settings`.
    private static func keep(_ candidates: [Face], settings: DetectorSettings, integral: Bool) throws -> [Int] {
        try OpenCV.nms(candidates.map(\.box), scores: candidates.map(\.score), scoreThreshold: settings.scoreThreshold,
                       nmsThreshold: settings.nmsThreshold, topK: settings.topK, integerBoxes: integral)
    }
}
