import FaceSticker
import Foundation
import PoseImages

/// `facesticker-bench mesh PHOTO`: what the face mesh costs, as a ratio
/// against the detector run on the same photo, and how well the head pose is
/// read off faces of known pose (`PoseImages`: the photo's first face turned in
/// 3-D; issue #20).
enum MeshBench {
    static let rounds = 50

    static func run(photo: String) throws {
        let image = try ImageFile.read(path: photo)
        var settings = DetectorSettings.defaults(for: .centerface)
        let finder = try FaceFinder(settings: settings)
        settings.faceMesh = .off
        let bare = try FaceFinder(settings: settings)
        guard let mesher = try FaceMesher() else {
            print("mesh: not installed (make mesh); nothing measured")
            return
        }
        guard let face = try bare.detect(in: image).first, let mesh = try mesher.mesh(of: face, in: image) else {
            print("mesh: no face in \(photo)")
            return
        }
        func milliseconds(_ body: () throws -> Void) rethrows -> Double {
            try body() // warm-up: networks are built lazily
            let start = DispatchTime.now().uptimeNanoseconds
            for _ in 0..<rounds { try body() }
            return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6 / Double(rounds)
        }
        let detect = try milliseconds { _ = try bare.detect(in: image) }
        let meshed = try milliseconds { _ = try mesher.mesh(of: face, in: image) }
        let both = try milliseconds { _ = try finder.detect(in: image) }
        print("Face mesh on \(photo) (\(image.width)x\(image.height), one face), \(rounds) rounds each:")
        print(String(format: "  detection alone (CenterFace, its defaults)  %6.1f ms          1.00", detect))
        print(String(format: "  mesh of one face (2 crops: as found, 180)    %6.1f ms/face     %.2f", meshed, meshed / detect))
        print(String(format: "  detection with the mesh                    %6.1f ms          %.2f", both, both / detect))

        let poses = PoseImages(image: image, mesh: mesh)
        print()
        print("Head pose read off the photo's face turned to known poses (PoseImages), degrees:")
        print("  yaw  pitch | truth yaw  pitch | read yaw  pitch | error yaw  pitch")
        var errors: [(yaw: Double, pitch: Double, truth: Double)] = []
        for (yaw, pitch) in [(0.0, 0.0), (15, 0), (-15, 0), (30, 0), (-30, 0), (45, 0), (-45, 0), (60, 0), (-60, 0),
                             (0, 10), (0, 20), (0, -10), (0, -20), (30, 15), (-30, -10)] {
            guard let rendered = poses.turned(yaw: yaw, pitch: pitch) else { continue }
            let read = try bare.detect(in: rendered.image).first.flatMap { try mesher.mesh(of: $0, in: rendered.image)?.pose }
            guard let read else {
                print(String(format: "  %4.0f  %5.0f | no face or no pose", yaw, pitch))
                continue
            }
            let e = (yaw: abs(read.yaw - rendered.truth.yaw), pitch: abs(read.pitch - rendered.truth.pitch), truth: abs(rendered.truth.yaw))
            errors.append(e)
            print(String(format: "  %4.0f  %5.0f | %9.1f %6.1f | %8.1f %6.1f | %9.1f %6.1f", yaw, pitch, rendered.truth.yaw,
                         rendered.truth.pitch, read.yaw, read.pitch, e.yaw, e.pitch))
        }
        for (label, limit) in [("|yaw| <= 20", 20.0), ("all", 90.0)] {
            let picked = errors.filter { $0.truth <= limit }
            guard !picked.isEmpty else { continue }
            let n = Double(picked.count)
            print(String(format: "  mean error, %@: yaw %.1f, pitch %.1f (%d poses)", label,
                         picked.map(\.yaw).reduce(0, +) / n, picked.map(\.pitch).reduce(0, +) / n, picked.count))
        }
    }
}
