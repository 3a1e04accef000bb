import Foundation

/// Draws a contact sheet of a setting's worst mistakes: the largest counted
/// faces it missed, and its highest-scoring false positives. Each tile is a
/// crop around the mistake, enlarged, with every box in view drawn: ground
/// truth green (ignored faces grey), detections red when false positives and
/// yellow when hits; the tile's own mistake is drawn thicker.
package enum ContactSheet {
    package static let truthColor = Canvas.Color(red: 0, green: 220, blue: 0)
    package static let ignoredColor = Canvas.Color(red: 170, green: 170, blue: 170)
    package static let falsePositiveColor = Canvas.Color(red: 255, green: 40, blue: 40)
    package static let hitColor = Canvas.Color(red: 255, green: 230, blue: 0)

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
        var canvas = Canvas(width: width, height: height, background: Canvas.Color(red: 40, green: 40, blue: 40))
        canvas.text(title, at: Point(x: 8, y: 8), color: .white, scale: 2)
        var x = 8.0
        for (label, color) in [("ground truth", truthColor), ("ignored", ignoredColor), ("hit", hitColor),
                               ("false positive", falsePositiveColor)] {
            canvas.stroke(Rect(x: x, y: 36, width: 18, height: 18), color: color, thickness: 2)
            canvas.text(label, at: Point(x: x + 24, y: 38), color: .white, scale: 2)
            x += 24 + Canvas.textSize(label, scale: 2).width + 24
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
            canvas.text(tiles.isEmpty ? name + " (none)" : name, at: Point(x: 8, y: Double(y + 4)), color: .white,
                        scale: 2)
            y += sectionTitle
            for (k, item) in tiles.enumerated() {
                let left = gap + (k % columns) * (tile + gap), top = y + (k / columns) * (tile + caption + gap)
                let picture = try drawTile(item, source: try image(item.image), dataset: dataset,
                                           evaluation: evaluation, subset: subset, size: tile)
                paste(picture, into: &canvas.image, x: left, y: top)
                canvas.text(item.caption + "\n" + shortName(dataset.images[item.image].name, width: tile),
                            at: Point(x: Double(left), y: Double(top + tile + 3)), color: .white, scale: 1)
            }
            y += rows(tiles.count) * (tile + caption + gap)
        }
        return canvas.image
    }

    /// A square crop three times the mistake's size (at least 48 px),
    /// enlarged to `size`, with the boxes in view.
    private static func drawTile(_ item: SheetTile, source: RGBAImage, dataset: FaceDataset,
                                 evaluation: DatasetEvaluation, subset: EvaluationSubset, size: Int) throws -> RGBAImage {
        let side = max(48, 3 * max(item.box.width, item.box.height))
        let crop = Rect(x: item.box.center.x - side / 2, y: item.box.center.y - side / 2, width: side, height: side)
        let scale = Double(size) / side
        var canvas = Canvas(image: scaled(source, crop: crop, size: size))
        func view(_ r: Rect) -> Rect {
            Rect(x: (r.x - crop.x) * scale, y: (r.y - crop.y) * scale, width: r.width * scale, height: r.height * scale)
        }
        let match = evaluation.matches[subset]?[item.image]
        for (f, face) in dataset.images[item.image].faces.enumerated() where face.box.intersection(crop).area > 0 {
            let counted = match?.counted[f] ?? face.isCounted(in: subset)
            let own = face.box == item.box
            canvas.stroke(view(face.box), color: counted ? truthColor : ignoredColor, thickness: own ? 3 : 1.5)
        }
        for (d, face) in evaluation.detections[item.image].enumerated() where face.box.intersection(crop).area > 0 {
            let outcome = match?.outcomes[d] ?? .falsePositive
            guard outcome != .ignored || face.box == item.box else { continue }
            let own = face.box == item.box
            canvas.stroke(view(face.box), color: outcome == .truePositive ? hitColor : falsePositiveColor,
                          thickness: own ? 3 : 1.5)
        }
        return canvas.image
    }

    /// `crop` of `source` (outside the image: dark grey) resampled bilinearly to `size` x `size`.
    private static func scaled(_ source: RGBAImage, crop: Rect, size: Int) -> RGBAImage {
        var out = RGBAImage(width: size, height: size, fill: (60, 60, 60, 255))
        let step = crop.width / Double(size)
        let w = source.width, h = source.height
        guard w > 0, h > 0 else { return out }
        source.pixels.withUnsafeBufferPointer { src in
            out.pixels.withUnsafeMutableBufferPointer { dst in
                for j in 0..<size {
                    let sy = crop.y + (Double(j) + 0.5) * step - 0.5
                    guard sy >= -0.5, sy <= Double(h) - 0.5 else { continue }
                    let cy = min(max(sy, 0), Double(h - 1))
                    let y0 = Int(cy), y1 = min(y0 + 1, h - 1), fy = cy - Double(y0)
                    for i in 0..<size {
                        let sx = crop.x + (Double(i) + 0.5) * step - 0.5
                        guard sx >= -0.5, sx <= Double(w) - 0.5 else { continue }
                        let cx = min(max(sx, 0), Double(w - 1))
                        let x0 = Int(cx), x1 = min(x0 + 1, w - 1), fx = cx - Double(x0)
                        let d = (j * size + i) * 4
                        for c in 0..<3 {
                            let top = Double(src[(y0 * w + x0) * 4 + c]) * (1 - fx) + Double(src[(y0 * w + x1) * 4 + c]) * fx
                            let low = Double(src[(y1 * w + x0) * 4 + c]) * (1 - fx) + Double(src[(y1 * w + x1) * 4 + c]) * fx
                            dst[d + c] = UInt8(min(max((top * (1 - fy) + low * fy).rounded(), 0), 255))
                        }
                        dst[d + 3] = 255
                    }
                }
            }
        }
        return out
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
        let fits = max(8, width / BitmapFont.advance)
        return file.count > fits ? "..." + file.suffix(fits - 3) : file
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
