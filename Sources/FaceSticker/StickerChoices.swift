extension StickerEngine {
    /// A choice written as the CLI takes it: a string literal is one, and it prints as written.
    public protocol Spec: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
        var spec: String { get }
        init(_ spec: String)
    }
}

extension StickerEngine.Spec {
    public init(stringLiteral spec: String) { self.init(spec) }
    public var description: String { spec }
}

extension StickerEngine {
    /// A sticker to draw: a name from the pack's `stickers.json`, an effect that hides the
    /// face, or the path of a PNG or JPEG picture (it covers the face). Written as the CLI's
    /// `--sticker` takes it, so a string literal is one (`"sunglasses"`, `"pixelate:8"`); the
    /// engine checks it when it is made, and names what is wrong.
    public struct StickerChoice: StickerEngine.Spec {
        /// The choice as the CLI's `--sticker` takes it.
        public let spec: String

        /// A name, an effect (`blur[:STRENGTH]`, `pixelate[:BLOCKS]`, `solid[:#RRGGBB]`) or a picture's path.
        public init(_ spec: String) { self.spec = spec }

        // The pack's stickers (`facesticker stickers` describes them), by where they sit.
        /// Over the eyes.
        public static let sunglasses: StickerChoice = "sunglasses", glasses: StickerChoice = "glasses"
        /// On the head.
        public static let tophat: StickerChoice = "tophat", crown: StickerChoice = "crown"
        /// Under the nose, over the mouth.
        public static let moustache: StickerChoice = "moustache", mask: StickerChoice = "mask"
        /// Animal ears and noses, heart eyes.
        public static let dog: StickerChoice = "dog", cat: StickerChoice = "cat", hearteyes: StickerChoice = "hearteyes"
        /// Emoji over the whole face, and hat, glasses and nose together.
        public static let cool: StickerChoice = "cool", party: StickerChoice = "party", disguise: StickerChoice = "disguise"
        /// The names above: the pack's (`StickerEngineTests` checks them against `stickers.json`).
        package static let named: [StickerChoice] = [.sunglasses, .glasses, .tophat, .crown, .moustache, .mask, .dog,
                                                     .cat, .hearteyes, .cool, .party, .disguise]

        /// Hides the face under a blur; `strength` (1...50, the sigma in percent of the face's
        /// width) nil: the default, which detectors do not see through.
        public static func blur(strength: Double? = nil) -> StickerChoice {
            StickerChoice("blur" + (strength.map { ":\($0)" } ?? ""))
        }

        /// Hides the face under square blocks, `blocks` of them across it; nil: the default.
        public static func pixelate(blocks: Int? = nil) -> StickerChoice {
            StickerChoice("pixelate" + (blocks.map { ":\($0)" } ?? ""))
        }

        /// Covers the face with one opaque colour, `#RRGGBB`; nil: the default (black).
        public static func solid(_ colour: String? = nil) -> StickerChoice {
            StickerChoice("solid" + (colour.map { ":\($0)" } ?? ""))
        }

        /// The PNG or JPEG picture at `path`, over the whole face.
        public static func picture(at path: String) -> StickerChoice { StickerChoice(path) }
    }

    /// A colour filter, applied to the whole picture before the stickers. Written as the
    /// CLI's `--filter` takes it (`"sepia:0.5"`); the engine checks it when it is made.
    public struct Filter: StickerEngine.Spec {
        /// The filter as the CLI's `--filter` takes it.
        public let spec: String

        /// `sepia[:INTENSITY]`, `mono`, `comic` or `vignette[:STRENGTH]`.
        public init(_ spec: String) { self.spec = spec }

        /// Black and white.
        public static let mono: Filter = "mono"
        /// Posterised colours with dark edges.
        public static let comic: Filter = "comic"

        /// Old-photo browns; `intensity` 0...1, nil: full.
        public static func sepia(intensity: Double? = nil) -> Filter { Filter("sepia" + (intensity.map { ":\($0)" } ?? "")) }

        /// Darker corners; `strength` 0...1, nil: the default.
        public static func vignette(strength: Double? = nil) -> Filter {
            Filter("vignette" + (strength.map { ":\($0)" } ?? ""))
        }
    }
}
