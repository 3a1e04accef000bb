/// One place a file is looked for, in the order a search tries them: what it is
/// in words (the same for every run, for man pages and error messages) and the
/// folder it is for this run (nil when it does not apply here: a variable that
/// is unset, a binary that lives in no checkout).
package struct SearchPlace: Sendable, Equatable {
    /// `$FACESTICKER_MODELS`, `PREFIX/share/facesticker/models (...)`.
    package let description: String
    /// The folder this run looks in; nil: not here.
    package let path: String?

    package init(_ description: String, _ path: String?) {
        self.description = description
        self.path = path
    }

    /// The folders a run looks in, in order.
    package static func paths(_ places: [SearchPlace]) -> [String] { places.compactMap(\.path) }

    /// `A, B, C`: the folders looked in, for an error line.
    package static func looked(_ places: [SearchPlace]) -> String { paths(places).joined(separator: ", ") }
}
