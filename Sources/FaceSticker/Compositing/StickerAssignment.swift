/// Which of several stickers each face gets.
package enum StickerAssignment: String, CaseIterable, Hashable, Sendable {
    /// Every face gets every sticker, drawn in order (layers).
    case all
    /// Faces, taken left to right, get the stickers in turn: the first face
    /// the first sticker, the second the second, and round again.
    case cycle
}
