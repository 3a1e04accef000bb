import FaceSticker
import Foundation
import NoFaceImages

/// `facesticker-bench false-faces`: how many faces each detector, at its
/// default settings, reports on the fifty seeded no-face pictures of
/// `NoFaceImages` (noise, textures, flat frames; issue #11). Every face found
/// there is a false one.
enum FalseFaceBench {
    /// One row of the table: a label and how to make its detector.
    struct Row {
        let label: String
        let make: () throws -> any FaceDetector
    }

    /// The detectors measured, in order: the product's default, then each model alone.
    static var rows: [Row] {
        [
            Row(label: "default") { try FaceFinder(settings: .defaults(for: ModelStore.defaultKind(for: .photo))) },
            Row(label: "video default") { try FaceFinder(settings: .defaults(for: ModelStore.defaultKind(for: .video), use: .video)) },
            raw(.yunet),
            raw(.centerface),
            raw(.haar),
        ]
    }

    /// One of OpenCV's models at its default settings, unverified and upright only.
    static func raw(_ kind: DetectorKind) -> Row {
        Row(label: kind.rawValue + " alone") { try FaceFinder(settings: DetectBench.rawSettings(kind)) }
    }

    static func run() throws {
        let images = NoFaceImages.all()
        print("False faces on \(images.count) seeded no-face images (noise, textures, flat frames),")
        print("each detector at its default settings; every face found is a false one.")
        print(pad("detector", 17) + pad("false faces", 13) + pad("images with any", 17) + pad("top score", 11)
            + pad("ms/img", 8) + "worst images (top score)")
        for row in rows {
            let detector: any FaceDetector
            do {
                detector = try row.make()
            } catch {
                print(pad(row.label, 17) + "skipped: \(error)")
                continue
            }
            if let first = images.first { _ = try detector.detect(in: first.image) } // loads lazily built networks
            var total = 0, seconds = 0.0
            var hits: [(name: String, count: Int, top: Double)] = []
            for (name, image) in images {
                let start = DispatchTime.now().uptimeNanoseconds
                let faces = try detector.detect(in: image)
                seconds += Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
                total += faces.count
                if let top = faces.map(\.score).max() { hits.append((name, faces.count, top)) }
            }
            hits.sort { $0.top > $1.top }
            let top = hits.first.map { String(format: "%.3f", $0.top) } ?? "-"
            let worst = hits.prefix(4).map { "\($0.name) x\($0.count) (\(String(format: "%.2f", $0.top)))" }
            print(pad(row.label, 17) + pad("\(total)", 13) + pad("\(hits.count)", 17) + pad(top, 11)
                + pad(String(format: "%.1f", seconds / Double(max(1, images.count)) * 1000), 8)
                + (worst.isEmpty ? "-" : worst.joined(separator: ", ")))
        }
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text.padding(toLength: max(width, text.count + 1), withPad: " ", startingAt: 0)
    }
}
