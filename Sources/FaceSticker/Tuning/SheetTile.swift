/// One mistake on a contact sheet: which image, where, and its caption.
public struct SheetTile: Sendable {
    /// Index into the dataset's images.
    public var image: Int
    /// The missed face or the false positive, in image pixels.
    public var box: Rect
    public var caption: String

    public init(image: Int, box: Rect, caption: String) {
        self.image = image
        self.box = box
        self.caption = caption
    }
}
