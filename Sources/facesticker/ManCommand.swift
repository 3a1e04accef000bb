import FaceSticker

/// `facesticker man [COMMAND]`: a man page, in roff, on standard output (ManPage.swift).
enum ManCommand: Command {
    static let name = "man"
    static let summary = "print a man page (roff): facesticker(1) or a command's"
    static let synopsis = "[options] [COMMAND]"
    static let details = """
    Prints the manual page facesticker(1), or with COMMAND facesticker-COMMAND(1),
    as roff on standard output, generated from the same declarations as the help.
    make install installs every page; without installing, `man -l` reads one
    from standard input.
    """
    static let examples = [
        Example("facesticker man video", "Prints facesticker-video(1); `facesticker man video | man -l -` shows it."),
        Example("facesticker man", "Prints facesticker(1): the commands, exit statuses, environment and files."),
    ]
    static var groups: [OptionGroup] { [CommonOptions.group] }

    static func run(_ arguments: Arguments) throws -> Int32 {
        guard arguments.positionals.count <= 1 else {
            throw UsageError("man: give one command at most (got \(arguments.positionals.joined(separator: " ")))")
        }
        let name = arguments.positionals.first
        let page = try MainActor.assumeIsolated {
            try name.map { ManPage.page(try command(named: $0), all: commands, version: VersionCommand.text) }
                ?? ManPage.overview(commands, version: VersionCommand.text)
        }
        try Console.outText(page)
        return ExitStatus.success
    }
}
