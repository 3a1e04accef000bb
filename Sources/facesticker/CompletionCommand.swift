import FaceSticker

/// `facesticker completion bash|zsh`: the shell completion script (Completion.swift).
enum CompletionCommand: Command {
    static let name = "completion"
    static let summary = "print the bash or zsh completion script"
    static let synopsis = "[options] bash|zsh"
    static let details = """
    Prints a completion script generated from the commands' declarations: it
    completes commands, options, every option's choices, sticker names (asked
    of `facesticker stickers --names` as you type, so a sticker pack installed
    later is offered too), effects and filters, files and folders. make install
    installs both scripts; to try one in the current shell, source it.
    """
    static let examples = [
        Example("facesticker completion bash", "Prints the bash script; `source <(facesticker completion bash)` "
                + "turns completion on in this shell."),
        Example("facesticker completion zsh", "Prints the zsh script: save it as _facesticker in a folder on $fpath."),
    ]
    static var groups: [OptionGroup] { [CommonOptions.group] }

    static func run(_ arguments: Arguments) throws -> Int32 {
        guard arguments.positionals.count == 1, let shell = arguments.positionals.first,
              let script = MainActor.assumeIsolated({ Completion.script(shell, commands: commands) }) else {
            throw UsageError("completion: give bash or zsh")
        }
        try Console.outText(script)
        return ExitStatus.success
    }
}
