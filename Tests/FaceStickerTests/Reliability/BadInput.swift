/// One bad input fed to one command: how to make it and what the error line
/// must say. `make` builds the files in a fresh workspace and returns the call.
struct BadInput: Sendable, CustomStringConvertible {
    let command: String
    let what: String
    let make: @Sendable (Workspace) throws -> Call

    init(_ command: String, _ what: String, _ make: @escaping @Sendable (Workspace) throws -> Call) {
        self.command = command
        self.what = what
        self.make = make
    }

    var description: String { "\(command): \(what)" }

    /// The command line, and the texts the one stderr line must contain: the
    /// file's path (or the option's name) first, then words saying what is wrong.
    struct Call {
        var arguments: [String]
        var mentions: [String]
        var environment: [String: String] = [:]
        /// The exit status: 1 for bad input, 2 for a usage error (a bad option value, an output on an input).
        var status: Int32 = 1
    }
}
