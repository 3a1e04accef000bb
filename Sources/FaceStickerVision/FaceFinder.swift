import FaceStickerCore
import FaceStickerNative
/// The product's face detection: what every command and the library use.
///
/// For each image: a copy no longer than `inputSize` on its longest side (the
/// one resize rule, `FaceFinder.inputSize`); the detector on it; boxes whose
/// pixels barely vary dropped (a DNN's "faces" on flat frames); faces the
/// detector is not sure of (score below `verifyBelow`) kept only when the
/// verifier, a second network run on a crop around each, finds the same face
/// with at least `verifierScore`; faces narrower than `minSize` dropped. With
/// `rotations` `all`, or `auto` when the upright pass finds nothing, the copy
/// is also searched turned by 90, 180 and 270 degrees, and those faces are
/// mapped back (landmarks included, so stickers turn with them). With
/// rotations on, a face counts only from the pass in which it stands upright,
/// and `auto` also tries the turned passes when a face was found turned.
/// Last, the face mesh (`FaceMesher`) runs on each face with landmarks and,
/// where it is sure of the face, gives it the mesh's landmarks (upside down
/// when the head is) and its head pose.
///
/// Not safe to use from two threads at once (it owns native detectors).
package final class FaceFinder: FaceDetector {
    package let settings: DetectorSettings
    package var kind: DetectorKind { settings.kind }
    private let detector: OpenCVDetector
    /// The second network, also asked by the video session's way-up votes.
    package let verifier: FaceVerifier?
    /// The face mesh, which gives faces their landmarks and head pose where it is
    /// sure of them; nil when `faceMesh` is off, the model is not installed, or for Haar.
    package let mesher: FaceMesher?

    /// Loads the models `settings` names (or the installed defaults).
    package init(settings: DetectorSettings) throws {
        try settings.validate()
        var primary = settings
        primary.minSize = 0 // applied here, in image pixels, after mapping back
        detector = try OpenCVDetector(settings: primary)
        var resolved = settings
        resolved.model = detector.settings.model
        self.settings = resolved
        verifier = try FaceVerifier(settings.verifier, model: settings.verifierModel)
        mesher = settings.faceMesh == .on && settings.kind.hasLandmarks ? try FaceMesher() : nil
    }

    /// `face`, found or followed a moment ago (in `image`'s pixels, the frame before's),
    /// followed into `image` between two searches: by its mesh (`FaceMesher.followed`;
    /// `byMesh`), else where the verifier finds it again (`FaceVerifier.refound`), meshed
    /// again there if it had a mesh; one the mesh was never sure of is left without (not
    /// meshed every round). Nil when neither finds it: the detectors must look again.
    package func followed(_ face: Face, in image: RGBAImage) throws -> (face: Face, byMesh: Bool)? {
        if let mesher, let next = try mesher.followed(face, in: image) { return (next, true) }
        guard let verifier, let next = try verifier.refound(face, in: image, minScore: settings.verifierScore) else {
            return nil
        }
        guard face.mesh != nil, let mesher else { return (next, false) }
        let roll = next.landmarks.map { [FaceMesher.KnownRoll(box: next.box, roll: $0.roll)] } ?? []
        return (try mesher.meshed([next], in: image, known: roll).first ?? next, false)
    }

    /// The faces in `image`, best first, in its pixels.
    package func detect(in image: RGBAImage) throws -> [Face] {
        guard image.width > 0, image.height > 0 else { return [] }
        let size = Self.inputSize(width: image.width, height: image.height, longestSide: settings.inputSize,
                                  maxUpscale: settings.maxUpscale)
        let copy = size == (image.width, image.height) ? image : try OpenCV.resize(image, width: size.width, height: size.height)
        let sx = Double(image.width) / Double(size.width), sy = Double(image.height) / Double(size.height)
        return try find(inCopy: copy).map { $0.scaled(x: sx, y: sy) }.filter { minSizeAllows($0) }
    }

    /// The faces in a copy already made at the detector's size (video frames are
    /// shrunk straight from their YUV planes), in the copy's pixels; `minSize`
    /// is left to the caller, who knows the scale back.
    ///
    /// The rest is for the video session (`VideoSession`, the video path's policy):
    /// `order` lists the orientations to search, the first one always (a video
    /// whose picture is sideways searches that way first); `rotations`
    /// overrides the settings' policy. `trusted` are boxes (in the copy's
    /// pixels) the verifier confirmed a moment ago, in the previous frame of a
    /// video: a face on one of them (IoU at least `FaceVerifier.matchIoU`) is
    /// not sent to the verifier again; `known` are those faces' rolls, for the
    /// face mesh (`FaceMesher.meshed`).
    package func find(inCopy image: RGBAImage, trusted: [Rect] = [], known: [FaceMesher.KnownRoll] = [],
              order: [QuarterTurn] = FaceFinder.searchOrder, rotations: RotationPolicy? = nil) throws -> [Face] {
        var settings = self.settings
        if let rotations { settings.rotations = rotations }
        let size = Size(width: Double(image.width), height: Double(image.height))
        let faces = try Self.combined(settings: settings, size: size, order: order) { orientation in
            let forward = orientation.transform(storedSize: size)
            return try pass(orientation.upright(image), trusted: trusted.map(forward.apply(to:)))
        }
        return try mesher?.meshed(faces, in: image, known: known, where: { settings.meshes(side: max($0.width, $0.height)) })
            ?? faces
    }

    /// One orientation: detect, then keep what `confirmed` keeps.
    private func pass(_ image: RGBAImage, trusted: [Rect]) throws -> [Face] {
        try Self.confirmed(try detector.detect(in: image), settings: settings,
                           textured: { ImageStatistics.hasTexture(image, in: $0.box) },
                           verification: { face in
                               if trusted.contains(where: { $0.iou(face.box) >= FaceVerifier.matchIoU }) { return 1 }
                               return try verifier?.score(face, in: image) ?? 1
                           },
                           presence: { try mesher?.mesh(of: $0, in: image)?.presence ?? 0 })
    }

    /// The faces of one pass worth keeping: those scoring enough for their size
    /// (`DetectorSettings.scoreSuffices`, in the pass's pixels), with texture, and of the
    /// ones scoring below `verifyBelow`, those the verifier confirms or, with
    /// `rescuePresence` under 1 and the face mesh on, those on which the mesh's
    /// `presence` is at least `rescuePresence`. `tune` replays cached
    /// detections through this same rule.
    package static func confirmed(_ faces: [Face], settings: DetectorSettings, textured: (Face) -> Bool,
                          verification: (Face) throws -> Double, presence: (Face) throws -> Double) rethrows -> [Face] {
        try faces.filter { face in
            guard settings.scoreSuffices(face.score, width: face.box.width), textured(face) else { return false }
            guard settings.verifier != .none, face.score < settings.verifyBelow else { return true }
            if try verification(face) >= settings.verifierScore { return true }
            return try settings.rescues && presence(face) >= settings.rescuePresence
        }
    }

    /// The faces of the passes the rotation policy asks for, mapped back to
    /// the copy (of `size`) and merged. `pass` gets the orientation that turns
    /// the copy and returns faces in the turned copy's pixels. The first
    /// orientation of `order` is always searched; with rotations `none` its
    /// faces are all kept; otherwise a face counts only from the pass in which
    /// it stands upright (YuNet also reports some turned faces, with landmarks
    /// that would put sunglasses across the mouth), and `auto` searches the
    /// rest of `order` when `needsTurnedPasses` says so. `tune` replays through this same rule.
    package static func combined(settings: DetectorSettings, size: Size, order: [QuarterTurn],
                         pass: (ExifOrientation) throws -> [Face]) throws -> [Face] {
        let policy = settings.rotations
        func run(_ turn: QuarterTurn) throws -> (found: Int, kept: [Face]) {
            let orientation = ExifOrientation(rotation: turn, mirrored: false)
            guard let back = orientation.transform(storedSize: size).inverted else { return (0, []) }
            let found = try pass(orientation)
            return (found.count, (policy == .none ? found : found.filter(standsUpright)).map(back.apply(to:)))
        }
        guard let first = order.first else { return [] }
        let primary = try run(first)
        var faces = primary.kept
        guard policy == .all || (policy == .auto && needsTurnedPasses(primary.kept, found: primary.found)) else {
            return faces
        }
        for turn in order.dropFirst() { faces += try run(turn).kept }
        return try merged(faces, nmsThreshold: settings.nmsThreshold)
    }

    /// Whether `auto` searches the turned orientations after a pass that found
    /// `found` faces and kept `kept` as standing upright: when it kept none or
    /// dropped a turned one.
    package static func needsTurnedPasses(_ kept: [Face], found: Int) -> Bool {
        kept.isEmpty || kept.count < found
    }

    /// Upright first, then the turns.
    package static let searchOrder: [QuarterTurn] = [.zero, .clockwise90, .clockwise180, .clockwise270]

    /// Whether the face's mouth is below its eyes, within 50 degrees of straight
    /// down in the pass's picture (so each head roll has one pass that sees it
    /// upright, with a little overlap). Faces without landmarks (Haar) pass.
    package static func standsUpright(_ face: Face) -> Bool {
        guard let marks = face.landmarks else { return true }
        let down = Point(x: marks.mouthCenter.x - marks.eyeCenter.x, y: marks.mouthCenter.y - marks.eyeCenter.y)
        return down.y > 0 && abs(down.x) <= down.y * 1.19 // tan 50°
    }

    package func minSizeAllows(_ face: Face) -> Bool { settings.minSize <= 0 || face.box.width >= Double(settings.minSize) }

    /// Faces of several passes as one list: OpenCV's NMS over them, best first.
    package static func merged(_ faces: [Face], nmsThreshold: Double) throws -> [Face] {
        guard faces.count > 1 else { return faces }
        let sorted = faces.sorted { $0.score > $1.score }
        // Scores shifted by 1: OpenCV keeps only scores above a threshold of at least 0, and a Haar face may score 0.
        let keep = try OpenCV.nms(sorted.map(\.box), scores: sorted.map { $0.score + 1 }, scoreThreshold: 0,
                                  nmsThreshold: nmsThreshold, topK: 0, integerBoxes: false)
        return keep.map { sorted[$0] }
    }

    /// The most pixels a detector's copy holds: 2^22 (4.2 megapixels; a QHD
    /// frame, 2560x1440, fits whole; the defaults ask for at most 1024x1024).
    /// A network's memory grows with its input (CenterFace takes about 265
    /// bytes a pixel: 1.1 GiB at the bound, 5 GiB and an overflow of OpenCV's int
    /// layer sizes at the 160 megapixels `--input-size 16384 --max-upscale 4` asked of a
    /// 4000x2500 photo).
    package static let maxInputPixels = 1 << 22
    /// The longest side a detector's copy has (the top of `--input-size` and
    /// `--detect-width`).
    package static let maxInputSide = 16384

    /// The one resize rule: the size of the copy a detector with longest side
    /// `longestSide` runs on (each side rounded separately; 0: full size). A
    /// smaller image is enlarged towards it by at most `maxUpscale` (1: never).
    /// Whatever the settings, the copy has at most `maxInputPixels` pixels and
    /// `maxInputSide` a side: a bigger one is shrunk to fit (sides rounded down).
    package static func inputSize(width: Int, height: Int, longestSide: Int,
                                 maxUpscale: Double = 1) -> (width: Int, height: Int) {
        let longest = max(width, height)
        guard width > 0, height > 0 else { return (width, height) }
        var scale = longestSide > 0 ? Double(longestSide) / Double(longest) : 1
        if scale > 1 { scale = min(scale, maxUpscale.isFinite ? max(1, maxUpscale) : 1) }
        let pixels = Double(width) * Double(height)
        let bound = min((Double(maxInputPixels) / pixels).squareRoot(), Double(maxInputSide) / Double(longest))
        if scale > bound {
            // Rounded down, so the bound holds; a side of 1 at least.
            return (max(1, Int(Double(width) * bound)), max(1, Int(Double(height) * bound)))
        }
        guard scale != 1 else { return (width, height) }
        return (max(1, Int((Double(width) * scale).rounded())), max(1, Int((Double(height) * scale).rounded())))
    }

    /// Whether a copy with longest side `longestSide` (0: full size) can be past the
    /// bound and so be shrunk: full size, or a square of that side.
    package static func mayShrink(longestSide: Int) -> Bool {
        longestSide <= 0 || longestSide > maxInputSide || longestSide * longestSide > maxInputPixels
    }

    /// OpenCV's thread use inside each detection; see `OpenCVDetector.setThreadsPerDetection`.
    package static func setThreadsPerDetection(_ count: Int) throws { try OpenCVDetector.setThreadsPerDetection(count) }
}

/// The second network `FaceFinder` asks to confirm faces it is unsure of; `none` turns verification off.
package enum Verifier: String, CaseIterable, Sendable, NamedChoice {
    case none, centerface, yunet
}

/// Whether `FaceFinder` runs the face mesh on the faces it finds (where `make mesh` installed it).
package enum FaceMeshUse: String, CaseIterable, Sendable, NamedChoice {
    case on, off
}

/// Which way `FaceFinder` looks for faces that are not upright in the picture.
package enum RotationPolicy: String, CaseIterable, Sendable, NamedChoice {
    /// Turned passes only when the upright pass finds no face.
    case auto
    /// Upright faces only.
    case none
    /// Always all four orientations.
    case all
}

/// A second network that confirms a face on a crop around it.
///
/// Measured on the WIDER dev split (issue #11): CenterFace confirmed by YuNet
/// this way keeps precision at 0.96 where YuNet alone gives 0.66.
/// The crop is a square `cropScale` times the face box's longer side, centred
/// on the box (outside the image: black), resized to `cropSide` pixels; the
/// verifier runs on it at a low threshold, and the face's verification score
/// is the best score among the verifier's faces whose box, mapped back,
/// overlaps the face's with IoU at least `matchIoU` (0 when none does).
package final class FaceVerifier {
    package typealias Kind = Verifier
    package static let cropScale = 2.0
    package static let cropSide = 96
    package static let matchIoU = 0.5
    package static let floor = 0.05

    private let detector: OpenCVDetector

    /// Nil for `.none`. `model`: the verifier's model file (nil: the installed default).
    package init?(_ kind: Kind, model: String? = nil) throws {
        let detectorKind: DetectorKind
        switch kind {
        case .none: return nil
        case .centerface: detectorKind = .centerface
        case .yunet: detectorKind = .yunet
        }
        guard let model = model ?? ModelStore.defaultModel(for: detectorKind) else {
            throw FaceStickerError.model(path: detectorKind.rawValue, reason: "the verifier's model is not installed "
                                         + "(run `make models`, or set the detector's verifier to none)")
        }
        var settings = DetectorSettings.defaults(for: detectorKind)
        settings.scoreThreshold = Self.floor
        settings.model = model
        detector = try OpenCVDetector(settings: settings)
    }

    /// The verifier's score for `face` in `image` (0...1).
    package func score(_ face: Face, in image: RGBAImage) throws -> Double {
        try found(around: face.box, in: image).filter { $0.box.iou(face.box) >= Self.matchIoU }.map(\.score).max() ?? 0
    }

    /// The face the verifier finds where `face` was a moment ago (the previous
    /// round of a video), with at least `minScore`: of those overlapping its box
    /// (IoU at least `followIoU`), the one overlapping most. It keeps `face`'s
    /// score (the primary detector's scale); nil when there is none.
    package func refound(_ face: Face, in image: RGBAImage, minScore: Double) throws -> Face? {
        let near = try found(around: face.box, in: image).filter { $0.score >= minScore }
        guard let best = near.max(by: { $0.box.iou(face.box) < $1.box.iou(face.box) }),
              best.box.iou(face.box) >= Self.followIoU else { return nil }
        return Face(box: best.box, score: face.score, landmarks: best.landmarks)
    }

    /// How much a face refound a round later must overlap where it was (faces move).
    package static let followIoU = 0.3

    /// The verifier's faces on the square crop `cropScale` times `box`'s longer side
    /// around it, mapped back to `image`'s pixels.
    private func found(around box: Rect, in image: RGBAImage) throws -> [Face] {
        let side = max(box.width, box.height) * Self.cropScale
        guard side.isFinite, side >= 1 else { return [] }
        let crop = Rect(x: box.center.x - side / 2, y: box.center.y - side / 2, width: side, height: side)
        let scale = Double(Self.cropSide) / side
        let patch = try ImageStatistics.crop(image, crop, side: Self.cropSide)
        let back = Transform2D.scale(x: 1 / scale, y: 1 / scale).concatenating(.translation(x: crop.x, y: crop.y))
        return try detector.detect(in: patch).map(back.apply(to:))
    }
}

extension Face {
    /// The face with every coordinate multiplied by `x` and `y` (a copy's pixels to the image's).
    package func scaled(x sx: Double, y sy: Double) -> Face {
        guard sx != 1 || sy != 1 else { return self }
        return mapped(box: Rect(x: box.x * sx, y: box.y * sy, width: box.width * sx, height: box.height * sy)) {
            Point(x: $0.x * sx, y: $0.y * sy)
        }
    }
}

/// A setting whose values are names (`DetectorParameter.Value.choice`), held
/// in `DetectorSettings` as the index of the name.
package protocol NamedChoice: CaseIterable, Equatable, RawRepresentable where RawValue == String {}

extension NamedChoice {
    package static var names: [String] { allCases.map(\.rawValue) }

    /// The choice at `index`; the first one for an index out of range (settings
    /// are validated against `names` before they are used).
    package init(index: Int) {
        let all = Array(Self.allCases)
        self = all[all.indices.contains(index) ? index : 0]
    }

    package var index: Int { Array(Self.allCases).firstIndex(of: self) ?? 0 }
}

/// Finds faces in an image. Faces come back best first, in the coordinates of
/// the image given, however the detector scaled it internally.
package protocol FaceDetector: AnyObject {
    /// Which detector this is, for reports.
    var kind: DetectorKind { get }
    /// The settings it runs with, model path resolved.
    var settings: DetectorSettings { get }
    func detect(in image: RGBAImage) throws -> [Face]
}
