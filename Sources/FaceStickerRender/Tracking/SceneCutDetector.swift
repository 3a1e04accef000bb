import FaceStickerCore
/// Spots hard cuts between shots, so a face is not held, interpolated or
/// smoothed from one shot into the next. It compares tiny thumbnails of the
/// luma of consecutive frames: a cut is a mean absolute difference both large and much
/// larger than the one before (fast motion changes frames steadily, a cut at once).
package struct SceneCutDetector: Sendable {
    /// Smallest mean difference of a cut, as a fraction of full scale.
    package var threshold: Double
    /// How many times the previous frame's difference a cut's must be.
    package var jump: Double
    private var previous: [Float]?
    private var previousDifference = 0.0
    package static let columns = 32, rows = 18

    package init(threshold: Double = 0.08, jump: Double = 3) {
        self.threshold = threshold
        self.jump = jump
    }

    /// Whether `frame` starts a new shot (never true for the first frame).
    package mutating func isCut(_ frame: YUVFrame) -> Bool {
        let thumbnail = Self.thumbnail(frame)
        defer { previous = thumbnail }
        guard let previous, previous.count == thumbnail.count, !thumbnail.isEmpty else { return false }
        let difference = Self.difference(previous, thumbnail)
        defer { previousDifference = difference }
        return difference >= threshold && difference >= jump * previousDifference
    }

    /// Mean absolute difference of two thumbnails, 0...1.
    package static func difference(_ a: [Float], _ b: [Float]) -> Double {
        var sum: Float = 0
        for i in a.indices { sum += abs(a[i] - b[i]) }
        return Double(sum) / Double(a.count) / 255
    }

    /// Luma (0...255) of `columns` x `rows` cells, each the mean of a sparse grid of its pixels.
    package static func thumbnail(_ frame: YUVFrame) -> [Float] {
        let width = frame.width, height = frame.height
        guard width >= columns, height >= rows else { return [] }
        var cells = [Float](repeating: 0, count: columns * rows)
        frame.data.withUnsafeBufferPointer { luma in
            for row in 0..<rows {
                let y0 = row * height / rows, y1 = (row + 1) * height / rows
                let stepY = max(1, (y1 - y0) / 4)
                for column in 0..<columns {
                    let x0 = column * width / columns, x1 = (column + 1) * width / columns
                    let stepX = max(1, (x1 - x0) / 4)
                    var sum = 0, count = 0
                    var y = y0
                    while y < y1 {
                        var x = x0
                        while x < x1 {
                            sum += Int(luma[y * width + x])
                            count += 1
                            x += stepX
                        }
                        y += stepY
                    }
                    cells[row * columns + column] = Float(sum) / Float(max(1, count))
                }
            }
        }
        return cells
    }
}
