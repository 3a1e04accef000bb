/// What the preview's keys do: space captures, f cycles filters, s cycles
/// stickers, m toggles mirroring, q (or Esc) quits. Kept apart from the
/// window so it is tested without a display.
package struct PreviewControls: Equatable, Sendable {
    /// What the preview loop should do after a key.
    package enum Action: Equatable, Sendable {
        case none, capture, quit
    }

    package let filterCount: Int
    package let stickerCount: Int
    /// Index into the filter choices now shown.
    package private(set) var filter = 0
    /// Index into the sticker choices now shown.
    package private(set) var sticker = 0
    package private(set) var mirrored: Bool

    package init(filterCount: Int, stickerCount: Int, mirrored: Bool) {
        self.filterCount = max(1, filterCount)
        self.stickerCount = max(1, stickerCount)
        self.mirrored = mirrored
    }

    /// Applies `key` (a character code) and says what to do next.
    package mutating func handle(key: Int) -> Action {
        switch key {
        case 32: return .capture
        case 27, Int(UInt8(ascii: "q")), Int(UInt8(ascii: "Q")): return .quit
        case Int(UInt8(ascii: "f")), Int(UInt8(ascii: "F")): filter = (filter + 1) % filterCount
        case Int(UInt8(ascii: "s")), Int(UInt8(ascii: "S")): sticker = (sticker + 1) % stickerCount
        case Int(UInt8(ascii: "m")), Int(UInt8(ascii: "M")): mirrored.toggle()
        default: break
        }
        return .none
    }
}
