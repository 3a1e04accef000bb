/// The point of a face a sticker layer is placed at. The names are the
/// manifest's spellings.
package enum StickerAnchor: String, CaseIterable, Hashable, Sendable {
    /// The midpoint of the eyes, on the eye line: glasses.
    case eyes
    /// The brow between the eyes, a third of the eye distance above the eye line.
    case betweenEyes = "between-eyes"
    /// The tip of the nose.
    case nose
    /// The midpoint of the mouth corners.
    case mouth
    /// The top of the forehead: the art's bottom edge (not its centre) sits
    /// here, so hats rest on the head instead of covering the eyes.
    case aboveHead = "above-head"
    /// The middle of the face, halfway between the eyes and the mouth.
    case face

    /// What `facesticker stickers` prints.
    package var summary: String {
        switch self {
        case .eyes: return "eye line"
        case .betweenEyes: return "between the eyes"
        case .nose: return "nose tip"
        case .mouth: return "mouth centre"
        case .aboveHead: return "above the head"
        case .face: return "whole face"
        }
    }
}
