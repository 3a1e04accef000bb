import Foundation
import FaceStickerCore
import FaceStickerNative
import FaceStickerMedia
import FaceStickerVision

/// Draws a contact sheet of a setting's worst mistakes: the largest counted
/// faces it missed, and its highest-scoring false positives. Each tile is a
/// crop around the mistake, enlarged, with every box in view drawn: ground
/// truth green (ignored faces grey), detections red when false positives and
/// yellow when hits; the tile's own mistake is drawn thicker. `unhidden` draws
/// the same kind of sheet of the faces an anonymisation left visible.
package enum ContactSheet {
    package static let truthColor = OpenCV.Color(red: 0, green: 220, blue: 0)
    package static let ignoredColor = OpenCV.Color(red: 170, green: 170, blue: 170)
    package static let falsePositiveColor = OpenCV.Color(red: 255, green: 40, blue: 40)
    package static let hitColor = OpenCV.Color(red: 255, green: 230, blue: 0)

    /// The worst `count` misses (largest first) and false positives (highest score first) on `subset`.
    package static func mistakes(dataset: FaceDataset, evaluation: DatasetEvaluation, subset: EvaluationSubset,
                                count: Int) -> (misses: [SheetTile], falsePositives: [SheetTile]) {
        guard let matches = evaluation.matches[subset] else { return ([], []) }
        var misses: [SheetTile] = [], falsePositives: [(score: Double, tile: SheetTile)] = []
        for (i, match) in matches.enumerated() {
            for f in match.missedFaces {
                let box = dataset.images[i].faces[f].box
                misses.append(SheetTile(image: i, box: box, caption: "miss \(Self.pixels(box.width))x\(Self.pixels(box.height))"))
            }
            for (d, outcome) in match.outcomes.enumerated() where outcome == .falsePositive {
                let face = evaluation.detections[i][d]
                falsePositives.append((face.score, SheetTile(image: i, box: face.box,
                                                        caption: "FP " + String(format: "%.2f", face.score))))
            }
        }
        misses.sort { $0.box.area > $1.box.area }
        falsePositives.sort { $0.score > $1.score }
        return (Array(misses.prefix(count)), falsePositives.prefix(count).map(\.tile))
    }

    /// A size in whole pixels for a caption; a value no Int holds says so instead of trapping.
    package static func pixels(_ value: Double) -> String {
        Int(exactly: value.rounded()).map(String.init) ?? "?"
    }

    /// The sheet: a title and legend, then a row block of misses and one of false positives.
    package static func render(dataset: FaceDataset, evaluation: DatasetEvaluation, subset: EvaluationSubset = .all,
                              title: String, count: Int = 12, columns: Int = 6, tileSize: Int = 180,
                              progress: @escaping TuningProgressHandler = { _ in }) throws -> RGBAImage {
        let (misses, falsePositives) = mistakes(dataset: dataset, evaluation: evaluation, subset: subset, count: count)
        let tile = max(64, tileSize)
        var images: [Int: RGBAImage] = [:]
        let counter = ProgressCounter(.sheet, total: misses.count + falsePositives.count, handler: progress)
        func tiles(_ items: [SheetTile]) throws -> [(picture: RGBAImage, caption: String)] {
            try items.map { item in
                defer { counter.step() }
                let source = try images[item.image] ?? ImageFile.read(path: dataset.images[item.image].path)
                images[item.image] = source
                return (try drawTile(item, source: source, dataset: dataset, evaluation: evaluation, subset: subset,
                                     size: tile),
                        item.caption + "\n" + shortName(dataset.images[item.image].name, width: tile))
            }
        }
        return layout(title: title, legend: [("ground truth", truthColor), ("ignored", ignoredColor), ("hit", hitColor),
                                             ("false positive", falsePositiveColor)],
                      sections: [("worst misses: largest faces not found", try tiles(misses)),
                                 ("worst false positives: highest scores", try tiles(falsePositives))],
                      columns: columns, tileSize: tile)
    }

    /// The worst faces an anonymisation left unhidden (see `MaskCoverage`): the
    /// largest faces `subset` counts that are covered under 20%, each cut from
    /// `picture(i)`, the anonymised picture of image i, with the labelled boxes
    /// in view drawn: red when unhidden, green when hidden, grey when not counted;
    /// the tile's own face thicker.
    package static func unhidden(dataset: FaceDataset, scores: [MaskCoverage.ImageScore], subset: EvaluationSubset = .all,
                                 title: String, count: Int = 12, columns: Int = 6, tileSize: Int = 180,
                                 progress: @escaping TuningProgressHandler = { _ in },
                                 picture: (Int) throws -> RGBAImage) throws -> RGBAImage {
        let tile = max(64, tileSize)
        var pictures: [Int: RGBAImage] = [:]
        let worst = MaskCoverage.unhidden(dataset: dataset, scores: scores, subset: subset).prefix(max(0, count))
        let counter = ProgressCounter(.sheet, total: worst.count, handler: progress)
        let tiles = try worst.map { image, face -> (picture: RGBAImage, caption: String) in
            defer { counter.step() }
            let source = try pictures[image] ?? picture(image)
            pictures[image] = source
            let own = dataset.images[image].faces[face].box
            let (crop, view) = try cropTile(around: own, source: source, size: tile)
            var drawn = crop
            for (f, labelled) in dataset.images[image].faces.enumerated() where labelled.box.intersection(view.crop).area > 0 {
                let share = scores[image].coverage[f] ?? 0
                let color = !labelled.isCounted(in: subset) ? ignoredColor
                    : share < MaskCoverage.unhiddenBelow ? falsePositiveColor : truthColor
                OpenCV.frame(view.map(labelled.box), on: &drawn, color: color, thickness: f == face ? 3 : 2)
            }
            let share = scores[image].coverage[face] ?? 0
            return (drawn, "\(Int((100 * share).rounded()))% covered, \(pixels(own.width))x\(pixels(own.height))\n"
                        + shortName(dataset.images[image].name, width: tile))
        }
        return layout(title: title, legend: [("unhidden (under 20% covered)", falsePositiveColor), ("hidden", truthColor),
                                             ("not counted", ignoredColor)],
                      sections: [("worst unhidden: largest faces left under 20% covered", tiles)],
                      columns: columns, tileSize: tile)
    }

    /// A sheet: the title and legend, then each section's name and its tiles
    /// (`tile` pixels square) with their two caption lines, `columns` a row.
    private static func layout(title: String, legend: [(String, OpenCV.Color)],
                               sections: [(name: String, tiles: [(picture: RGBAImage, caption: String)])],
                               columns: Int, tileSize tile: Int) -> RGBAImage {
        let gap = 8, caption = 22, header = 70, sectionTitle = 26
        let columns = max(1, columns)
        let rows = { (n: Int) in max(1, (n + columns - 1) / columns) }
        let width = columns * (tile + gap) + gap
        let height = header + sections.reduce(0) { $0 + sectionTitle + rows($1.tiles.count) * (tile + caption + gap) } + gap
        var sheet = RGBAImage(width: width, height: height, fill: (40, 40, 40, 255))
        func write(_ text: String, _ origin: Point, scale: Double = 0.5) {
            OpenCV.textBlock(text, at: origin, scale: scale, on: &sheet, color: .white)
        }
        write(title, Point(x: 8, y: 8))
        var x = 8.0
        for (label, color) in legend {
            OpenCV.frame(Rect(x: x, y: 36, width: 18, height: 18), on: &sheet, color: color, thickness: 2)
            write(label, Point(x: x + 24, y: 38))
            x += 24 + Double(OpenCV.textBlockSize(label, scale: 0.5).width) + 24
        }
        var y = header
        for (name, tiles) in sections {
            write(tiles.isEmpty ? name + " (none)" : name, Point(x: 8, y: Double(y + 4)))
            y += sectionTitle
            for (k, item) in tiles.enumerated() {
                let left = gap + (k % columns) * (tile + gap), top = y + (k / columns) * (tile + caption + gap)
                paste(item.picture, into: &sheet, x: left, y: top)
                write(item.caption, Point(x: Double(left), y: Double(top + tile + 3)), scale: captionScale)
            }
            y += rows(tiles.count) * (tile + caption + gap)
        }
        return sheet
    }

    /// The size of a tile's two caption lines.
    private static let captionScale = 0.3

    /// A square crop of `source` three times `box`'s size (at least 48 px),
    /// enlarged to `size`; `view` maps a box in the picture into the tile.
    private static func cropTile(around box: Rect, source: RGBAImage, size: Int) throws
        -> (tile: RGBAImage, view: (crop: Rect, map: (Rect) -> Rect)) {
        // Whole pixels, as the crop cuts them, so the boxes drawn line up with the picture.
        let side = max(48, (3 * max(box.width, box.height)).rounded())
        let crop = Rect(x: (box.center.x - side / 2).rounded(.down), y: (box.center.y - side / 2).rounded(.down),
                        width: side, height: side)
        let scale = Double(size) / side
        let map = { (r: Rect) in
            Rect(x: (r.x - crop.x) * scale, y: (r.y - crop.y) * scale, width: r.width * scale, height: r.height * scale)
        }
        return (try ImageStatistics.crop(source, crop, side: size), (crop, map))
    }

    /// A mistake's tile: its crop with the boxes in view.
    private static func drawTile(_ item: SheetTile, source: RGBAImage, dataset: FaceDataset,
                                 evaluation: DatasetEvaluation, subset: EvaluationSubset, size: Int) throws -> RGBAImage {
        var (tile, view) = try cropTile(around: item.box, source: source, size: size)
        let match = evaluation.matches[subset]?[item.image]
        for (f, face) in dataset.images[item.image].faces.enumerated() where face.box.intersection(view.crop).area > 0 {
            let counted = match?.counted[f] ?? face.isCounted(in: subset)
            let own = face.box == item.box
            OpenCV.frame(view.map(face.box), on: &tile, color: counted ? truthColor : ignoredColor, thickness: own ? 3 : 2)
        }
        for (d, face) in evaluation.detections[item.image].enumerated() where face.box.intersection(view.crop).area > 0 {
            let outcome = match?.outcomes[d] ?? .falsePositive
            guard outcome != .ignored || face.box == item.box else { continue }
            let own = face.box == item.box
            OpenCV.frame(view.map(face.box), on: &tile, color: outcome == .truePositive ? hitColor : falsePositiveColor,
                         thickness: own ? 3 : 2)
        }
        return tile
    }

    /// Copies `tile` into `image` at (x, y), clipped.
    private static func paste(_ tile: RGBAImage, into image: inout RGBAImage, x: Int, y: Int) {
        let width = image.width, height = image.height
        tile.pixels.withUnsafeBufferPointer { src in
            image.pixels.withUnsafeMutableBufferPointer { dst in
                for row in 0..<tile.height where y + row >= 0 && y + row < height {
                    for column in 0..<tile.width where x + column >= 0 && x + column < width {
                        let s = (row * tile.width + column) * 4, d = ((y + row) * width + x + column) * 4
                        for c in 0..<4 { dst[d + c] = src[s + c] }
                    }
                }
            }
        }
    }

    /// The file name without folders, shortened to fit `width` pixels.
    private static func shortName(_ name: String, width: Int) -> String {
        let file = String(name.split(separator: "/").last ?? Substring(name))
        var fits = file.count
        while fits > 8, OpenCV.textBlockSize(fits < file.count ? "..." + file.suffix(fits - 3) : file,
                                             scale: captionScale).width > width {
            fits -= 1
        }
        return fits < file.count ? "..." + file.suffix(fits - 3) : file
    }
}

/// One mistake on a contact sheet: which image, where, and its caption.
package struct SheetTile: Sendable {
    /// Index into the dataset's images.
    package var image: Int
    /// The missed face or the false positive, in image pixels.
    package var box: Rect
    package var caption: String

    package init(image: Int, box: Rect, caption: String) {
        self.image = image
        self.box = box
        self.caption = caption
    }
}
