import FaceStickerCore
import FaceStickerNative
import FaceStickerVision
/// Everything a DNN detector (YuNet, CenterFace) finds in one image at one
/// input size before its score threshold, NMS and top-k are applied, with
/// what `FaceFinder` needs to judge each candidate (texture, the verifier's
/// score, the face mesh's presence), so that any score, NMS, top-k,
/// verification, rescue and minimum-size setting can be replayed without
/// running a network again.
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
        /// Per verifier, its score of the candidates that any swept setting may ask it about.
        let verification: [Verifier: [Int: Double]]
        /// The face mesh's presence on the candidates the verifier rejects that any swept setting may rescue.
        let presence: [Int: Double]
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
    /// candidates any of them may keep get their texture judged, and those
    /// any of them may send to the verifier are verified, and those any of them
    /// may rescue meshed, now (empty: every candidate's texture is judged, none
    /// verified). `verifiers` are the verifiers to use, made once per job (a
    /// missing one is made here); `mesher` the face mesh, for settings that rescue.
    package static func collect(with detector: OpenCVDetector, in image: RGBAImage,
                               sweep: [DetectorSettings] = []) throws -> RawDetections {
        try collect(with: detector, in: image, sweep: sweep, verifiers: [:], mesher: try mesher(for: sweep))
    }

    /// The face mesh when a setting of `sweep` rescues faces with it (nil when it is not installed).
    package static func mesher(for sweep: [DetectorSettings]) throws -> FaceMesher? {
        sweep.contains(where: \.rescues) ? try FaceMesher() : nil
    }

    package static func collect(with detector: OpenCVDetector, in image: RGBAImage, sweep: [DetectorSettings],
                        verifiers: [Verifier: FaceVerifier], mesher: FaceMesher?) throws -> RawDetections {
        let settings = detector.settings
        let size = FaceFinder.inputSize(width: image.width, height: image.height, longestSide: settings.inputSize,
                                        maxUpscale: settings.maxUpscale)
        let copy = size == (image.width, image.height) ? image
            : try OpenCV.resize(image, width: size.width, height: size.height)
        var made = verifiers
        for s in sweep where s.verifier != .none && made[s.verifier] == nil {
            made[s.verifier] = try FaceVerifier(s.verifier, model: s.verifierModel)
        }
        // Greedy NMS decides each candidate from the better-scored ones alone,
        // so what it keeps above a threshold is what it keeps above a lower
        // one, less the candidates in between (top-k too: the best k above a
        // threshold are the best k of all, less those under it). One NMS per
        // NMS threshold and top-k, at the lowest score swept with them, finds
        // every candidate any of them keeps.
        let families = Dictionary(grouping: sweep) { NMSFamily(nms: $0.nmsThreshold, topK: $0.topK) }
            .values.map { group in (lowest: group.min { $0.scoreThreshold < $1.scoreThreshold } ?? group[0], group: group) }
        let turned = sweep.contains { $0.rotations != .none }, always = sweep.contains { $0.rotations == .all }
        var passes: [Pass] = []
        for turn in turned ? FaceFinder.searchOrder : [.zero] {
            // `auto` searches the turned copies only after an upright pass that
            // kept no face or dropped a turned one: when no setting swept does,
            // they are never looked at.
            if turn != .zero, !always, let upright = passes.first, try !sweep.contains(where: { s in
                guard s.rotations == .auto else { return false }
                let found = try Self.replay(upright, settings: s, kind: settings.kind)
                return FaceFinder.needsTurnedPasses(found.filter(FaceFinder.standsUpright), found: found.count)
            }) {
                break
            }
            let orientation = ExifOrientation(rotation: turn, mirrored: false)
            let picture = orientation.upright(copy)
            let candidates = try detector.detect(in: picture)
            var textured = [Bool](repeating: false, count: candidates.count)
            var judged = [Bool](repeating: sweep.isEmpty, count: candidates.count)
            var verification: [Verifier: [Int: Double]] = [:]
            var presence: [Int: Double] = [:]
            for family in families {
                let kept = try keep(candidates, settings: family.lowest, integral: settings.kind == .yunet)
                for i in kept where !judged[i] {
                    judged[i] = true
                    textured[i] = ImageStatistics.hasTexture(picture, in: candidates[i].box)
                }
                for i in kept where textured[i] {
                    let score = candidates[i].score
                    // The verifiers of the settings that keep it (OpenCV compares scores as 32-bit floats) and ask.
                    for s in family.group where s.verifier != .none && verification[s.verifier]?[i] == nil
                        && score < s.verifyBelow && Float(score) > Float(s.scoreThreshold) {
                        guard let verifier = made[s.verifier] else { continue }
                        verification[s.verifier, default: [:]][i] = try verifier.score(candidates[i], in: picture)
                    }
                    // The face mesh, for the settings that rescue it after their verifier rejected it.
                    let rescuable = family.group.contains { s in
                        s.rescues && s.verifier != .none && score < s.verifyBelow && Float(score) > Float(s.scoreThreshold)
                            && verification[s.verifier]?[i] ?? 0 < s.verifierScore
                    }
                    if rescuable, presence[i] == nil, let mesher {
                        presence[i] = try mesher.mesh(of: candidates[i], in: picture)?.presence ?? 0
                    }
                }
            }
            if sweep.isEmpty {
                for i in candidates.indices { textured[i] = ImageStatistics.hasTexture(picture, in: candidates[i].box) }
            }
            passes.append(Pass(candidates: candidates, textured: textured, verification: verification, presence: presence))
        }
        return RawDetections(kind: settings.kind, passes: passes, copyWidth: size.width, copyHeight: size.height,
                             scaleX: Double(image.width) / Double(size.width),
                             scaleY: Double(image.height) / Double(size.height), scoreFloor: settings.scoreThreshold)
    }

    /// The faces `FaceFinder` would report with `settings` (same kind and
    /// input size as collected, score threshold at least `scoreFloor`), in image pixels.
    package func faces(for settings: DetectorSettings) throws -> [Face] {
        func replay(_ pass: Pass) throws -> [Face] { try Self.replay(pass, settings: settings, kind: kind) }
        let size = Size(width: Double(copyWidth), height: Double(copyHeight))
        let faces = try FaceFinder.combined(settings: settings, size: size, order: FaceFinder.searchOrder) { orientation in
            guard let k = FaceFinder.searchOrder.firstIndex(of: orientation.rotation), k < passes.count else { return [] }
            return try replay(passes[k])
        }
        let minSize = Double(settings.minSize)
        return faces.map { $0.scaled(x: scaleX, y: scaleY) }.filter { minSize <= 0 || $0.box.width >= minSize }
    }

    /// What `FaceFinder` keeps of one pass with `settings`, in the pass's pixels.
    private static func replay(_ pass: Pass, settings: DetectorSettings, kind: DetectorKind) throws -> [Face] {
        let kept = try keep(pass.candidates, settings: settings, integral: kind == .yunet)
        var index: [Face: Int] = [:]
        for i in kept where index[pass.candidates[i]] == nil { index[pass.candidates[i]] = i }
        return FaceFinder.confirmed(kept.map { pass.candidates[$0] }, settings: settings,
                                    textured: { index[$0].map { pass.textured[$0] } ?? false },
                                    verification: { index[$0].flatMap { pass.verification[settings.verifier]?[$0] } ?? 0 },
                                    presence: { index[$0].flatMap { pass.presence[$0] } ?? 0 })
    }

    /// Settings whose NMS differs only in the score threshold.
    private struct NMSFamily: Hashable {
        let nms: Double
        let topK: Int
    }

    /// What the detector's own NMS keeps of `candidates` (best first) with `settings`.
    private static func keep(_ candidates: [Face], settings: DetectorSettings, integral: Bool) throws -> [Int] {
        try OpenCV.nms(candidates.map(\.box), scores: candidates.map(\.score), scoreThreshold: settings.scoreThreshold,
                       nmsThreshold: settings.nmsThreshold, topK: settings.topK, integerBoxes: integral)
    }
}
