import FaceSticker
import Foundation

/// A face with a known head pose, for the tests and the `pose` benchmark: a
/// face's picture textured onto its own face mesh, the mesh turned in 3-D by a
/// given yaw and pitch about its centre, and drawn back (orthographic, far
/// triangles first, those facing away left out) by one affine warp per
/// triangle of a Delaunay triangulation of the mesh as found. The truth is the
/// pose of the turned mesh itself (`FaceMesh.pose`).
package struct PoseImages: Sendable {
    package struct Rendered: Sendable {
        package var image: RGBAImage
        /// The pose the product should read off the picture: that of the turned mesh.
        package var truth: HeadPose
        /// The turned mesh itself, in the picture's pixels: the head the picture was drawn from.
        package var mesh: FaceMesh
    }

    private let image: RGBAImage
    private let mesh: FaceMesh
    private let triangles: [Triangle]
    private typealias Triangle = (Int, Int, Int)

    /// The face whose mesh is `mesh` in `image` (its mesh as found, best frontal).
    package init(image: RGBAImage, mesh: FaceMesh) {
        self.image = image
        self.mesh = mesh
        let flat = mesh.points.map(\.flat)
        // Delaunay also spans the outline's hollows with long, thin triangles, which
        // would smear the background onto the face: only the mesh's own small ones are kept.
        let all = Self.delaunay(flat)
        let edges = all.flatMap { [flat[$0.0].distance(to: flat[$0.1]), flat[$0.1].distance(to: flat[$0.2]),
                                   flat[$0.2].distance(to: flat[$0.0])] }.sorted()
        let longest = edges.isEmpty ? 0 : 3 * edges[edges.count / 2]
        triangles = all.filter { t in
            max(flat[t.0].distance(to: flat[t.1]), flat[t.1].distance(to: flat[t.2]), flat[t.2].distance(to: flat[t.0])) <= longest
        }
    }

    /// MediaPipe's canonical face (set-up's `samples/canonical_face.f32`: 468 little-endian
    /// float32 triples in centimetres, x toward the picture's right, y up, z toward the
    /// camera); nil when the file is missing or is not that.
    package static func canonicalFace(at path: String) -> [Point3]? {
        guard let data = FileManager.default.contents(atPath: path), data.count == 468 * 3 * 4 else { return nil }
        let values: [Float] = data.withUnsafeBytes { raw in
            (0..<(468 * 3)).map { Float(bitPattern: UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: $0 * 4, as: UInt32.self))) }
        }
        guard values.allSatisfy(\.isFinite) else { return nil }
        return (0..<468).map { Point3(x: Double(values[3 * $0]), y: Double(values[3 * $0 + 1]), z: Double(values[3 * $0 + 2])) }
    }

    /// `mesh` with a real head's depth: each point keeps its place in the picture and takes
    /// the depth of `canonical` (MediaPipe's canonical face, `canonicalFace(at:)`) fitted to
    /// the mesh by scale (least squares over the points' spread about their centres). The
    /// network's own depths are flatter than a head, so a face textured on them and turned
    /// reads short; on the canonical face it reads as a person turned that far would.
    package static func withDepth(of canonical: [Point3], on mesh: FaceMesh) -> FaceMesh {
        guard canonical.count == mesh.points.count, !canonical.isEmpty else { return mesh }
        let n = Double(canonical.count)
        func mean(_ points: [Point3]) -> Point3 {
            Point3(x: points.map(\.x).reduce(0, +) / n, y: points.map(\.y).reduce(0, +) / n, z: points.map(\.z).reduce(0, +) / n)
        }
        let (c, m) = (mean(canonical), mean(mesh.points))
        // The canonical face's y is up and z toward the camera; the picture's y is down and z away.
        let spread = { (points: [Point3], center: Point3, flip: Double) in
            points.map { ($0.x - center.x) * ($0.x - center.x) + flip * flip * ($0.y - center.y) * ($0.y - center.y) }.reduce(0, +)
        }
        let scale = (spread(mesh.points, m, 1) / max(1e-12, spread(canonical, c, 1))).squareRoot()
        let points = zip(mesh.points, canonical).map { point, model in
            Point3(x: point.x, y: point.y, z: m.z - (model.z - c.z) * scale)
        }
        return FaceMesh(points: points, presence: mesh.presence)
    }

    /// The astronaut's face turned by `yaw` (nose toward the picture's right
    /// when positive) and `pitch` (chin up when positive) degrees, on grey.
    package func turned(yaw: Double, pitch: Double) -> Rendered? {
        let n = Double(mesh.points.count)
        let center = Point3(x: mesh.points.map(\.x).reduce(0, +) / n, y: mesh.points.map(\.y).reduce(0, +) / n,
                            z: mesh.points.map(\.z).reduce(0, +) / n)
        let (sy, cy) = (sin(yaw * .pi / 180), cos(yaw * .pi / 180))
        let (sp, cp) = (sin(pitch * .pi / 180), cos(pitch * .pi / 180))
        let turned = mesh.points.map { point -> Point3 in
            let p = point - center
            // Yaw about the picture's vertical axis: the nose (nearer, z < 0) moves to +x.
            let x1 = p.x * cy - p.z * sy, z1 = p.x * sy + p.z * cy
            // Pitch about the horizontal axis: chin up moves the nose up (-y).
            let y2 = p.y * cp + z1 * sp, z2 = -p.y * sp + z1 * cp
            return Point3(x: x1 + center.x, y: y2 + center.y, z: z2 + center.z)
        }
        guard let truth = FaceMesh(points: turned, presence: 1).pose else { return nil }
        var out = RGBAImage(width: image.width, height: image.height, fill: (128, 128, 128, 255))
        let source = mesh.points.map(\.flat), target = turned.map(\.flat)
        func area(_ a: Point, _ b: Point, _ c: Point) -> Double { (b.x - a.x) * (c.y - a.y) - (c.x - a.x) * (b.y - a.y) }
        let ordered = triangles.sorted { t, u in
            turned[t.0].z + turned[t.1].z + turned[t.2].z > turned[u.0].z + turned[u.1].z + turned[u.2].z
        }
        for (i, j, k) in ordered {
            let before = area(source[i], source[j], source[k]), after = area(target[i], target[j], target[k])
            guard before * after > 0 else { continue } // turned away from the camera
            Self.draw(from: (source[i], source[j], source[k]), to: (target[i], target[j], target[k]), image, &out)
        }
        return Rendered(image: out, truth: truth, mesh: FaceMesh(points: turned, presence: 1))
    }

    /// Fills the triangle `to` of `out` with the pixels of triangle `from` of `image` (bilinear).
    private static func draw(from: (Point, Point, Point), to: (Point, Point, Point), _ image: RGBAImage, _ out: inout RGBAImage) {
        let (a, b, c) = to
        let det = (b.y - c.y) * (a.x - c.x) + (c.x - b.x) * (a.y - c.y)
        guard abs(det) > 1e-9 else { return }
        let x0 = max(0, Int(min(a.x, b.x, c.x).rounded(.down))), x1 = min(out.width - 1, Int(max(a.x, b.x, c.x).rounded(.up)))
        let y0 = max(0, Int(min(a.y, b.y, c.y).rounded(.down))), y1 = min(out.height - 1, Int(max(a.y, b.y, c.y).rounded(.up)))
        guard x0 <= x1, y0 <= y1 else { return }
        for y in y0...y1 {
            for x in x0...x1 {
                let px = Double(x) + 0.5, py = Double(y) + 0.5
                let l1 = ((b.y - c.y) * (px - c.x) + (c.x - b.x) * (py - c.y)) / det
                let l2 = ((c.y - a.y) * (px - c.x) + (a.x - c.x) * (py - c.y)) / det
                let l3 = 1 - l1 - l2
                guard l1 >= -1e-6, l2 >= -1e-6, l3 >= -1e-6 else { continue }
                let sx = l1 * from.0.x + l2 * from.1.x + l3 * from.2.x - 0.5
                let sy = l1 * from.0.y + l2 * from.1.y + l3 * from.2.y - 0.5
                let pixel = sample(image, sx, sy)
                let o = (y * out.width + x) * 4
                for channel in 0..<3 { out.pixels[o + channel] = pixel[channel] }
            }
        }
    }

    private static func sample(_ image: RGBAImage, _ x: Double, _ y: Double) -> [UInt8] {
        let fx = max(0, min(Double(image.width - 1), x)), fy = max(0, min(Double(image.height - 1), y))
        let ix = min(image.width - 2, Int(fx)), iy = min(image.height - 2, Int(fy))
        let tx = fx - Double(ix), ty = fy - Double(iy)
        return (0..<3).map { channel in
            func at(_ x: Int, _ y: Int) -> Double { Double(image.pixels[(y * image.width + x) * 4 + channel]) }
            let top = at(ix, iy) * (1 - tx) + at(ix + 1, iy) * tx
            let bottom = at(ix, iy + 1) * (1 - tx) + at(ix + 1, iy + 1) * tx
            return UInt8(max(0, min(255, (top * (1 - ty) + bottom * ty).rounded())))
        }
    }

    /// Bowyer-Watson: the Delaunay triangles of `points` (indices).
    private static func delaunay(_ points: [Point]) -> [(Int, Int, Int)] {
        guard let minX = points.map(\.x).min(), let maxX = points.map(\.x).max(),
              let minY = points.map(\.y).min(), let maxY = points.map(\.y).max() else { return [] }
        let span = max(maxX - minX, maxY - minY) * 20
        let mid = Point(x: (minX + maxX) / 2, y: (minY + maxY) / 2)
        var all = points
        let n = points.count
        all += [Point(x: mid.x - span, y: mid.y - span), Point(x: mid.x + span, y: mid.y - span), Point(x: mid.x, y: mid.y + span)]
        struct Triangle { var a: Int, b: Int, c: Int, center: Point, radius2: Double }
        func make(_ a: Int, _ b: Int, _ c: Int) -> Triangle? {
            let (p, q, r) = (all[a], all[b], all[c])
            let d = 2 * (p.x * (q.y - r.y) + q.x * (r.y - p.y) + r.x * (p.y - q.y))
            guard abs(d) > 1e-12 else { return nil }
            let p2 = p.x * p.x + p.y * p.y, q2 = q.x * q.x + q.y * q.y, r2 = r.x * r.x + r.y * r.y
            let center = Point(x: (p2 * (q.y - r.y) + q2 * (r.y - p.y) + r2 * (p.y - q.y)) / d,
                               y: (p2 * (r.x - q.x) + q2 * (p.x - r.x) + r2 * (q.x - p.x)) / d)
            let dx = p.x - center.x, dy = p.y - center.y
            return Triangle(a: a, b: b, c: c, center: center, radius2: dx * dx + dy * dy)
        }
        var triangles = [make(n, n + 1, n + 2)].compactMap { $0 }
        for i in 0..<n {
            let p = all[i]
            var bad: [Triangle] = [], kept: [Triangle] = []
            for t in triangles {
                let dx = p.x - t.center.x, dy = p.y - t.center.y
                if dx * dx + dy * dy < t.radius2 { bad.append(t) } else { kept.append(t) }
            }
            var edges: [(Int, Int)] = []
            for t in bad { edges += [(t.a, t.b), (t.b, t.c), (t.c, t.a)] }
            let boundary = edges.filter { e in
                edges.filter { ($0.0 == e.0 && $0.1 == e.1) || ($0.0 == e.1 && $0.1 == e.0) }.count == 1
            }
            triangles = kept + boundary.compactMap { make($0.0, $0.1, i) }
        }
        return triangles.filter { $0.a < n && $0.b < n && $0.c < n }.map { ($0.a, $0.b, $0.c) }
    }
}
