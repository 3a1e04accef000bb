import Foundation
import FaceStickerCore
import FaceStickerMedia
import FaceStickerVision
import FaceStickerRender

/// How well anonymised pictures hide a dataset's labelled faces, judged from
/// the pixels alone, so that any tool's output is scored by the same code.
///
/// A pixel is covered when any colour channel of the anonymised picture
/// differs from the original's by more than a tolerance (0 when both pictures
/// are decoded bit-exactly: a tool that hides nothing covers nothing). Each
/// labelled face gets the share of its box, clipped to the picture, that is
/// covered: under `unhiddenBelow` (20%) it is left unhidden, under
/// `halfBelow` (50%) under half covered. The covered pixels' connected
/// regions (8-neighbour) that touch no labelled face box, whatever its subset
/// or validity, are the regions that overlap no labelled face: masks on
/// things that are not faces, or on faces nobody labelled.
///
/// The picture's share covered outside every labelled box grown `outsideGrowth`
/// times about its centre (masks on things that are not faces, whatever their
/// number) is kept per picture; a picture more than `overHalf` covered, whose
/// grown boxes cover less than that, is a picture wiped to hide its faces.
///
/// A box covers the pixels it touches: columns `floor(x)..<ceil(x + w)`,
/// rows likewise. A face whose box holds no pixel of the picture is not
/// scored.
package enum MaskCoverage {
    /// A face covered less than this share of its box is left unhidden.
    package static let unhiddenBelow = 0.2
    /// A face covered less than this share of its box is under half covered.
    package static let halfBelow = 0.5
    /// The tolerances that make sense: at 255 no pixel could ever be covered.
    package static let toleranceRange = 0...254
    /// A labelled box grown this much about its centre is the face and what goes with it (hair,
    /// ears, the mask's margin); covered pixels outside every grown box are masked outside faces.
    package static let outsideGrowth = 1.8

    /// `box` grown `outsideGrowth` times about its centre: where a face's mask may reach.
    package static func grown(_ box: Rect) -> Rect {
        Rect(x: box.center.x - outsideGrowth * box.width / 2, y: box.center.y - outsideGrowth * box.height / 2,
             width: outsideGrowth * box.width, height: outsideGrowth * box.height)
    }
    /// A picture covered more than this share is wiped, unless its grown faces cover that much.
    package static let overHalf = 0.5

    /// One picture scored.
    package struct ImageScore: Sendable, Equatable {
        /// Per labelled face, in the image's order: the share of its box covered,
        /// or nil when the box holds no pixel of the picture.
        package var coverage: [Double?]
        /// The covered regions, and those of them that touch no labelled face box.
        package var regions: Int
        package var regionsOffFaces: Int
        /// The picture's share covered; covered outside every grown labelled box; inside one.
        package var masked: Double
        package var maskedOutsideFaces: Double
        package var grownFaces: Double
        /// Detection and drawing, in milliseconds, when the caller measured it.
        package var milliseconds: Double?

        package init(coverage: [Double?], regions: Int, regionsOffFaces: Int, masked: Double = 0,
                     maskedOutsideFaces: Double = 0, grownFaces: Double = 0, milliseconds: Double? = nil) {
            self.coverage = coverage
            self.regions = regions
            self.regionsOffFaces = regionsOffFaces
            self.masked = masked
            self.maskedOutsideFaces = maskedOutsideFaces
            self.grownFaces = grownFaces
            self.milliseconds = milliseconds
        }

        /// Wiped: more than `overHalf` of the picture covered, though its grown faces cover less.
        package var isWiped: Bool { masked > overHalf && grownFaces <= overHalf }
    }

    /// Scores `anonymised` against `original` (same size) for the labelled `faces`.
    package static func score(original: RGBAImage, anonymised: RGBAImage, faces: [GroundTruth.Box],
                              tolerance: Int = 0) throws -> ImageScore {
        guard original.width == anonymised.width, original.height == anonymised.height else {
            throw FaceStickerError.invalidArgument("the anonymised picture is \(anonymised.width)x\(anonymised.height), "
                                                   + "the original \(original.width)x\(original.height)")
        }
        guard toleranceRange.contains(tolerance) else {
            throw FaceStickerError.invalidArgument(
                "tolerance \(tolerance) is outside \(toleranceRange.lowerBound)...\(toleranceRange.upperBound)")
        }
        let width = original.width, height = original.height
        var covered = [Bool](repeating: false, count: width * height)
        original.pixels.withUnsafeBufferPointer { a in
            anonymised.pixels.withUnsafeBufferPointer { b in
                for p in covered.indices {
                    let i = 4 * p
                    for c in i..<(i + 3) where abs(Int(a[c]) - Int(b[c])) > tolerance {
                        covered[p] = true
                        break
                    }
                }
            }
        }
        let boxes = faces.map { pixelBounds(of: $0.box, width: width, height: height) }
        let coverage = boxes.map { bounds -> Double? in
            guard let bounds else { return nil }
            var count = 0
            for y in bounds.rows { for x in bounds.columns where covered[y * width + x] { count += 1 } }
            return Double(count) / Double(bounds.rows.count * bounds.columns.count)
        }
        var onFace = [Bool](repeating: false, count: width * height)
        for bounds in boxes.compactMap({ $0 }) {
            for y in bounds.rows { for x in bounds.columns { onFace[y * width + x] = true } }
        }
        var grown = [Bool](repeating: false, count: width * height)
        for face in faces {
            guard let bounds = pixelBounds(of: Self.grown(face.box), width: width, height: height) else { continue }
            for y in bounds.rows { for x in bounds.columns { grown[y * width + x] = true } }
        }
        var masked = 0, outside = 0, inGrown = 0
        for p in covered.indices {
            if covered[p] { masked += 1; if !grown[p] { outside += 1 } }
            if grown[p] { inGrown += 1 }
        }
        let pixels = Double(max(1, width * height))
        let (regions, offFaces) = regions(of: &covered, width: width, height: height, touching: onFace)
        return ImageScore(coverage: coverage, regions: regions, regionsOffFaces: offFaces, masked: Double(masked) / pixels,
                          maskedOutsideFaces: Double(outside) / pixels, grownFaces: Double(inGrown) / pixels)
    }

    /// The pixel columns and rows `box` touches, clipped to the picture; nil when none.
    package static func pixelBounds(of box: Rect, width: Int, height: Int) -> (columns: Range<Int>, rows: Range<Int>)? {
        func clamped(_ value: Double, _ limit: Int) -> Int {
            // Non-finite values never reach here (the ground truth refuses them); clamp before converting anyway.
            value.isFinite ? Int(min(max(value, 0), Double(limit))) : 0
        }
        guard box.width > 0, box.height > 0 else { return nil }
        let x0 = clamped(box.minX.rounded(.down), width), x1 = clamped(box.maxX.rounded(.up), width)
        let y0 = clamped(box.minY.rounded(.down), height), y1 = clamped(box.maxY.rounded(.up), height)
        guard x0 < x1, y0 < y1 else { return nil }
        return (x0..<x1, y0..<y1)
    }

    /// Counts the 8-connected regions of `covered` (cleared as they are walked),
    /// and those with no pixel in `touching`.
    private static func regions(of covered: inout [Bool], width: Int, height: Int,
                                touching: [Bool]) -> (all: Int, untouched: Int) {
        var all = 0, untouched = 0
        var stack: [Int] = []
        covered.withUnsafeMutableBufferPointer { covered in
            for start in covered.indices where covered[start] {
                all += 1
                var touches = false
                covered[start] = false
                stack.append(start)
                while let p = stack.popLast() {
                    if touching[p] { touches = true }
                    let x = p % width, y = p / width
                    for ny in max(0, y - 1)...min(height - 1, y + 1) {
                        for nx in max(0, x - 1)...min(width - 1, x + 1) where covered[ny * width + nx] {
                            covered[ny * width + nx] = false
                            stack.append(ny * width + nx)
                        }
                    }
                }
                if !touches { untouched += 1 }
            }
        }
        return (all, untouched)
    }

    // MARK: Datasets

    /// A dataset's scores summed per subset, and the table `tune` prints.
    package struct Summary: Sendable {
        /// One subset's faces.
        package struct Row: Sendable, Equatable {
            package var subset: EvaluationSubset
            /// The faces the subset counts (whose box holds a pixel of its picture).
            package var faces: Int
            /// Of them, those covered under `unhiddenBelow`, and under `halfBelow`.
            package var unhidden: Int
            package var underHalf: Int

            package var unhiddenShare: Double { faces > 0 ? Double(unhidden) / Double(faces) : 0 }
            package var underHalfShare: Double { faces > 0 ? Double(underHalf) / Double(faces) : 0 }
        }

        /// easy, medium, hard (when the dataset has difficulty), then all.
        package var rows: [Row]
        package var images: Int
        /// Over all images: the covered regions, and those touching no labelled face.
        package var regions: Int
        package var regionsOffFaces: Int
        /// The mean of the images' times, when every image was timed.
        package var millisecondsPerPhoto: Double?
        /// The pictures' shares masked outside faces: their mean, their 90th percentile (nearest rank).
        package var outsideMean: Double
        package var outsideP90: Double
        /// The pictures wiped (`ImageScore.isWiped`).
        package var wiped: Int

        package var regionsOffFacesPerImage: Double { images > 0 ? Double(regionsOffFaces) / Double(images) : 0 }

        /// Sums `scores[i]`, the score of `dataset.images[i]`.
        package init(dataset: FaceDataset, scores: [ImageScore]) throws {
            guard scores.count == dataset.images.count,
                  zip(dataset.images, scores).allSatisfy({ $0.faces.count == $1.coverage.count }) else {
                throw FaceStickerError.invalidArgument("\(dataset.folder): \(scores.count) scores for "
                                                       + "\(dataset.images.count) images")
            }
            let subsets = dataset.subsets.filter { $0 != .all } + [.all]
            rows = subsets.map { subset in
                var row = Row(subset: subset, faces: 0, unhidden: 0, underHalf: 0)
                for (image, score) in zip(dataset.images, scores) {
                    for (face, share) in zip(image.faces, score.coverage) where face.isCounted(in: subset) {
                        guard let share else { continue }
                        row.faces += 1
                        if share < unhiddenBelow { row.unhidden += 1 }
                        if share < halfBelow { row.underHalf += 1 }
                    }
                }
                return row
            }
            images = scores.count
            regions = scores.reduce(0) { $0 + $1.regions }
            regionsOffFaces = scores.reduce(0) { $0 + $1.regionsOffFaces }
            let times = scores.compactMap(\.milliseconds)
            millisecondsPerPhoto = !times.isEmpty && times.count == scores.count
                ? times.reduce(0, +) / Double(times.count) : nil
            let outside = scores.map(\.maskedOutsideFaces).sorted()
            outsideMean = Statistics.mean(outside)
            outsideP90 = Statistics.percentile(outside, 0.9)
            wiped = scores.filter(\.isWiped).count
        }

        /// The table's heading.
        package static let header = ["subset", "faces", "unhidden(<20%)", "under-half", "regions-off-faces/image",
                                     "masked-outside-faces(mean,p90)", "wiped(>50%)", "ms/photo"]

        /// The table: a header, then one row per subset; shares in parentheses,
        /// `-` for a time not measured.
        package var table: [String] {
            func share(_ count: Int, _ value: Double) -> String { "\(count) (" + String(format: "%.1f%%", 100 * value) + ")" }
            let body = rows.map { row in
                [row.subset.rawValue, "\(row.faces)", share(row.unhidden, row.unhiddenShare),
                 share(row.underHalf, row.underHalfShare), String(format: "%.2f", regionsOffFacesPerImage),
                 String(format: "%.1f%%,%.1f%%", 100 * outsideMean, 100 * outsideP90), "\(wiped)",
                 millisecondsPerPhoto.map { String(format: "%.1f", $0) } ?? "-"]
            }
            let widths = Self.header.indices.map { k in ([Self.header] + body).map { $0[k].count }.max() ?? 0 }
            return ([Self.header] + body).map { cells in
                zip(cells, widths).map { cell, width in cell.padding(toLength: width, withPad: " ", startingAt: 0) }
                    .joined(separator: "  ").trimmingCharacters(in: .whitespaces)
            }
        }
    }

    /// The faces `subset` counts that `scores` leave unhidden, largest box first:
    /// (index of the image, index of the face in it).
    package static func unhidden(dataset: FaceDataset, scores: [ImageScore],
                                 subset: EvaluationSubset = .all) -> [(image: Int, face: Int)] {
        var found: [(image: Int, face: Int, area: Double)] = []
        for (i, (image, score)) in zip(dataset.images, scores).enumerated() {
            for (f, (face, share)) in zip(image.faces, score.coverage).enumerated()
            where face.isCounted(in: subset) && share.map({ $0 < unhiddenBelow }) == true {
                found.append((i, f, face.box.area))
            }
        }
        // Stable: equal areas keep the dataset's order.
        return found.enumerated().sorted { a, b in
            a.element.area != b.element.area ? a.element.area > b.element.area : a.offset < b.offset
        }.map { ($0.element.image, $0.element.face) }
    }

    /// Anonymises every image of `dataset` in memory as `facesticker photo`
    /// does (detects with `settings`, draws with `renderer`), `jobs` images at a
    /// time, and scores each; the time taken by detection and drawing is kept.
    package static func run(dataset: FaceDataset, settings: DetectorSettings, renderer: StickerRenderer,
                            tolerance: Int = 0, jobs: Int = 1,
                            progress: @escaping TuningProgressHandler = { _ in }) throws -> [ImageScore] {
        let images = dataset.images
        let counter = ProgressCounter(.mask, total: images.count, handler: progress)
        return try ParallelWork.map(count: images.count, jobs: jobs,
                                    makeWorker: { try FaceFinder(settings: settings) }) { detector, i in
            defer { counter.step() }
            let original = try ImageFile.read(path: images[i].path)
            var anonymised = original
            let started = DispatchTime.now().uptimeNanoseconds
            let faces = try detector.detect(in: anonymised)
            renderer.render(&anonymised, faces: faces)
            let nanoseconds = DispatchTime.now().uptimeNanoseconds - started
            var score = try Self.score(original: original, anonymised: anonymised, faces: images[i].faces,
                                       tolerance: tolerance)
            score.milliseconds = Double(nanoseconds) / 1e6
            return score
        }
    }

    /// Where another tool's output for `image` is looked for: `folder`/NAME with
    /// NAME the image's name in the ground truth (its path under the dataset's
    /// `images/`), its extension replaced by `.png`.
    package static func outputPath(for image: LabeledImage, in folder: String) -> String {
        PathText.join(folder, PathText.removingExtension(image.name) + ".png")
    }

    /// Throws, naming the first, when an output `score(dataset:outputs:)` needs is missing.
    private static func checkOutputs(of dataset: FaceDataset, in folder: String) throws {
        let missing = dataset.images.filter { !FileManager.default.fileExists(atPath: outputPath(for: $0, in: folder)) }
        if let first = missing.first {
            throw FaceStickerError.unreadable(
                path: outputPath(for: first, in: folder),
                reason: "no such file (the anonymised \(first.name); \(missing.count) of \(dataset.images.count) "
                    + "outputs missing)")
        }
    }

    /// Scores the pictures another tool wrote into `folder` (see `outputPath`),
    /// `jobs` images at a time. A missing output is found before any is scored,
    /// a wrongly sized one as it is read; either is the error, naming it.
    package static func score(dataset: FaceDataset, outputs folder: String, tolerance: Int = 0,
                              jobs: Int = 1, progress: @escaping TuningProgressHandler = { _ in }) throws -> [ImageScore] {
        try checkOutputs(of: dataset, in: folder)
        let images = dataset.images
        let paths = images.map { outputPath(for: $0, in: folder) }
        let counter = ProgressCounter(.scoring, total: images.count, handler: progress)
        return try ParallelWork.map(count: images.count, jobs: jobs, makeWorker: {}) { _, i in
            defer { counter.step() }
            let original = try ImageFile.read(path: images[i].path), anonymised = try ImageFile.read(path: paths[i])
            guard original.width == anonymised.width, original.height == anonymised.height else {
                throw FaceStickerError.unreadable(
                    path: paths[i], reason: "\(anonymised.width)x\(anonymised.height), but \(images[i].name) is "
                        + "\(original.width)x\(original.height) (an output keeps its image's size)")
            }
            return try Self.score(original: original, anonymised: anonymised, faces: images[i].faces,
                                  tolerance: tolerance)
        }
    }
}
