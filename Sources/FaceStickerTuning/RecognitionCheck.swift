import FaceStickerCore
import FaceStickerMedia
import FaceStickerRender
import FaceStickerVision

/// Whether an anonymisation effect hides faces from a detector: the faces found
/// before, and how many the same detector finds again after the effect (issue #14's
/// measure). The tests bound it for the default effects; `facesticker-bench strength`
/// prints it for weaker ones.
package enum RecognitionCheck {
    /// The detections in `after` that are one of the covered `faces` found again:
    /// centre inside its box, or overlapping it by IoU 0.3. With `region`, any
    /// detection centred in a covered region counts (in crowds that takes in
    /// neighbours the detector missed before, which were never covered).
    package static func foundAgain(_ after: [Face], covering faces: [Face], mask: Anonymisation.Mask,
                                   region wholeRegion: Bool = false) -> [Face] {
        after.filter { found in
            faces.contains { face in
                if found.box.iou(face.box) >= 0.3 || face.box.contains(found.box.center) { return true }
                guard wholeRegion else { return false }
                let region = mask.region(on: FacePose(face: face))
                let dx = (found.box.center.x - region.center.x) / (region.size.width / 2)
                let dy = (found.box.center.y - region.center.y) / (region.size.height / 2)
                return mask.shape == .ellipse ? dx * dx + dy * dy <= 1 : abs(dx) <= 1 && abs(dy) <= 1
            }
        }
    }

    /// Faces found before, and the faces found again (over them, and anywhere in their
    /// covered regions) after the effect `spec` (`blur`, `pixelate:6`, ...).
    package static func measure(_ path: String, spec: String,
                                detector: FaceFinder) throws -> (before: Int, again: Int, inRegion: Int) {
        let image = try ImageFile.read(path: path)
        let faces = try detector.detect(in: image)
        guard let effect = try Anonymisation.Effect.parse(spec) else {
            throw FaceStickerError.invalidArgument("\(spec): not an effect")
        }
        var covered = image
        StickerRenderer(stickers: [Sticker(effect: effect)]).render(&covered, faces: faces)
        let after = try detector.detect(in: covered)
        return (faces.count, foundAgain(after, covering: faces, mask: effect.mask).count,
                foundAgain(after, covering: faces, mask: effect.mask, region: true).count)
    }
}
