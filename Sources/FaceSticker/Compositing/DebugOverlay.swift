/// What `--debug` adds to a frame: each face's box and score, its landmarks
/// (hollow when estimated from the box) and the outline of every sticker placed.
package enum DebugOverlay {
    package static func draw(faces: [Face], placements: [StickerPlacement], onto image: inout RGBAImage) {
        var canvas = Canvas(image: image)
        let thickness = max(1, Double(min(image.width, image.height)) / 400)
        let textScale = max(1, min(image.width, image.height) / 250)
        for placement in placements {
            canvas.polyline(corners(of: placement), color: Canvas.Color.yellow.opacity(0.8), thickness: thickness)
        }
        for face in faces {
            canvas.stroke(face.box, color: .green, thickness: thickness)
            let label = JSONText.number(face.score, digits: 2)
            canvas.text(label, at: Point(x: face.box.minX, y: face.box.minY - Double(8 * textScale)),
                        color: .black, scale: textScale, background: .green)
            let pose = FacePose(face: face)
            let colors: [Canvas.Color] = [.cyan, .cyan, .magenta, .red, .red]
            let radius = max(2, face.box.width / 40)
            for (point, color) in zip(pose.landmarks.points, colors) {
                if pose.isMeasured {
                    canvas.fillCircle(center: point, radius: radius, color: color)
                } else {
                    canvas.strokeCircle(center: point, radius: radius, color: color, thickness: thickness)
                }
            }
        }
        image = canvas.image
    }

    /// The placed art's four corners and the first again, to outline it.
    static func corners(of placement: StickerPlacement) -> [Point] {
        let (cosine, sine) = Compositor.rotation(placement.angle)
        let w = placement.size.width / 2, h = placement.size.height / 2
        let corners = [(-w, -h), (w, -h), (w, h), (-w, h), (-w, -h)]
        return corners.map { x, y in
            Point(x: placement.center.x + x * cosine - y * sine, y: placement.center.y + x * sine + y * cosine)
        }
    }
}
