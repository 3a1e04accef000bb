import FaceStickerCore
import FaceStickerNative
import FaceStickerVision
/// What `--debug` adds to a frame: each face's box and score, its landmarks
/// (hollow when estimated from the box) and the outline of every sticker placed.
package enum DebugOverlay {
    package static func draw(faces: [Face], placements: [Sticker.Placement], onto image: inout RGBAImage) {
        let line = OpenCV.Stroke.width(Double(min(image.width, image.height)) / 400)
        let textScale = 0.4 * Double(max(1, min(image.width, image.height) / 250))
        for placement in placements {
            OpenCV.polyline(corners(of: placement), on: &image, color: OpenCV.Color.yellow.opacity(0.8), stroke: line)
        }
        for face in faces {
            OpenCV.frame(face.box, on: &image, color: .green, thickness: line.thickness)
            let label = JSONText.number(face.score, digits: 2)
            let height = Double(OpenCV.textBlockSize(label, scale: textScale).height)
            OpenCV.textBlock(label, at: Point(x: face.box.minX, y: face.box.minY - height - Double(line.thickness) - 2),
                             scale: textScale, on: &image, color: .black, background: .green)
            let pose = FacePose(face: face)
            let colors: [OpenCV.Color] = [.cyan, .cyan, .magenta, .red, .red]
            let radius = max(2, face.box.width / 40)
            for (point, color) in zip(pose.landmarks.points, colors) {
                OpenCV.circle(center: point, radius: radius, on: &image, color: color,
                              stroke: pose.isMeasured ? .filled : line)
            }
        }
    }

    /// The placed art's four corners and the first again, to outline it.
    package static func corners(of placement: Sticker.Placement) -> [Point] {
        let (across, down) = placement.axes
        let w = placement.size.width / 2, h = placement.size.height / 2
        let corners = [(-w, -h), (w, -h), (w, h), (-w, h), (-w, -h)]
        return corners.map { x, y in
            Point(x: placement.center.x + x * across.x + y * down.x, y: placement.center.y + x * across.y + y * down.y)
        }
    }
}
