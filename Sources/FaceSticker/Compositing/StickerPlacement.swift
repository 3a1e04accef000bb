/// Where one sticker sits in a frame: the centre of the art, its drawn size
/// (art aspect kept) and its clockwise rotation in degrees (image y points
/// down, so a head tilted toward the image's right shoulder gives a positive angle).
package struct StickerPlacement: Hashable, Sendable {
    package var center: Point
    package var size: Size
    package var angle: Double

    package init(center: Point, size: Size, angle: Double) {
        self.center = center
        self.size = size
        self.angle = angle
    }
}
