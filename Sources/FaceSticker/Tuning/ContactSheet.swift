import Foundation

/// Draws a contact sheet of a setting's worst mistakes: the largest counted
/// faces it missed, and its highest-scoring false positives. Each tile is a
/// crop around the mistake, enlarged, with every box in view drawn: ground
/// truth green (ignored faces grey), detections red when false positives and
/// yellow when hits; the tile's own mistake is drawn thicker.
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
    static func pixels(_ value: Double) -> String {
        Int(exactly: value.rounded()).map(String.init) ?? "?"
    }

    /// The sheet: a title and legend, then a row block of misses and one of false positives.
    package static func render(dataset: FaceDataset, evaluation: DatasetEvaluation, subset: EvaluationSubset = .all,
                              title: String, count: Int = 12, columns: Int = 6, tileSize: Int = 180) throws -> RGBAImage {
        let (misses, falsePositives) = mistakes(dataset: dataset, evaluation: evaluation, subset: subset, count: count)
        let gap = 8, caption = 22, header = 70, sectionTitle = 26
        let columns = max(1, columns), tile = max(64, tileSize)
        let rows = { (n: Int) in max(1, (n + columns - 1) / columns) }
        let blockHeight = { (n: Int) in sectionTitle + rows(n) * (tile + caption + gap) }
        let width = columns * (tile + gap) + gap
        let height = header + blockHeight(misses.count) + blockHeight(falsePositives.count) + gap
        var sheet = RGBAImage(width: width, height: height, fill: (40, 40, 40, 255))
        func write(_ text: String, _ origin: Point, scale: Double = 0.5) {
            OpenCV.textBlock(text, at: origin, scale: scale, on: &sheet, color: .white)
        }
        write(title, Point(x: 8, y: 8))
        var x = 8.0
        for (label, color) in [("ground truth", truthColor), ("ignored", ignoredColor), ("hit", hitColor),
                               ("false positive", falsePositiveColor)] {
            OpenCV.frame(Rect(x: x, y: 36, width: 18, height: 18), on: &sheet, color: color, thickness: 2)
            write(label, Point(x: x + 24, y: 38))
            x += 24 + Double(OpenCV.textBlockSize(label, scale: 0.5).width) + 24
        }
        var images: [Int: RGBAImage] = [:]
        func image(_ index: Int) throws -> RGBAImage {
            if let cached = images[index] { return cached }
            let loaded = try ImageFile.read(path: dataset.images[index].path)
            images[index] = loaded
            return loaded
        }
        var y = header
        for (name, tiles) in [("worst misses: largest faces not found", misses),
                              ("worst false positives: highest scores", falsePositives)] {
            write(tiles.isEmpty ? name + " (none)" : name, Point(x: 8, y: Double(y + 4)))
            y += sectionTitle
            for (k, item) in tiles.enumerated() {
                let left = gap + (k % columns) * (tile + gap), top = y + (k / columns) * (tile + caption + gap)
                let picture = try drawTile(item, source: try image(item.image), dataset: dataset,
                                           evaluation: evaluation, subset: subset, size: tile)
                paste(picture, into: &sheet, x: left, y: top)
                write(item.caption + "\n" + shortName(dataset.images[item.image].name, width: tile),
                      Point(x: Double(left), y: Double(top + tile + 3)), scale: captionScale)
            }
            y += rows(tiles.count) * (tile + caption + gap)
        }
        return sheet
    }

    /// The size of a tile's two caption lines.
    private static let captionScale = 0.3

    /// A square crop three times the mistake's size (at least 48 px),
    /// enlarged to `size`, with the boxes in view.
    private static func drawTile(_ item: SheetTile, source: RGBAImage, dataset: FaceDataset,
                                 evaluation: DatasetEvaluation, subset: EvaluationSubset, size: Int) throws -> RGBAImage {
        // Whole pixels, as the crop cuts them, so the boxes drawn line up with the picture.
        let side = max(48, (3 * max(item.box.width, item.box.height)).rounded())
        let crop = Rect(x: (item.box.center.x - side / 2).rounded(.down), y: (item.box.center.y - side / 2).rounded(.down),
                        width: side, height: side)
        let scale = Double(size) / side
        var tile = try ImageStatistics.crop(source, crop, side: size)
        func view(_ r: Rect) -> Rect {
            Rect(x: (r.x - crop.x) * scale, y: (r.y - crop.y) * scale, width: r.width * scale, height: r.height * scale)
        }
        let match = evaluation.matches[subset]?[item.image]
        for (f, face) in dataset.images[item.image].faces.enumerated() where face.box.intersection(crop).area > 0 {
            let counted = match?.counted[f] ?? face.isCounted(in: subset)
            let own = face.box == item.box
            OpenCV.frame(view(face.box), on: &tile, color: counted ? truthColor : ignoredColor, thickness: own ? 3 : 2)
        }
        for (d, face) in evaluation.detections[item.image].enumerated() where face.box.intersection(crop).area > 0 {
            let outcome = match?.outcomes[d] ?? .falsePositive
            guard outcome != .ignored || face.box == item.box else { continue }
            let own = face.box == item.box
            OpenCV.frame(view(face.box), on: &tile, color: outcome == .truePositive ? hitColor : falsePositiveColor,
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
