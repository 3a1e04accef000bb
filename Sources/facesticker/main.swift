import FaceSticker
#if canImport(Glibc)
import Glibc
#endif

/// The subcommands, in the order `--help` lists them.
let commands: [any Command.Type] = [
    DetectCommand.self, PhotoCommand.self, VideoCommand.self, SelfieCommand.self, LiveCommand.self, DevicesCommand.self,
    StickersCommand.self, TuneCommand.self,
]

let version = "facesticker 0.1.0"

/// Words the first argument may be besides a command's name.
let topLevelWords = ["help", "version", "--help", "-h", "--version", "-V"]

@MainActor
func overview() -> String {
    let width = commands.map { $0.name.count }.max() ?? 0
    let list = commands.map { "  " + $0.name.padding(toLength: width + 2, withPad: " ", startingAt: 0) + $0.summary }
    return """
    usage: facesticker COMMAND [options]
           facesticker help [COMMAND] | -h | --help
           facesticker version | -V | --version

    Puts stickers on faces in photos, videos and webcam selfies.

    commands:
    \(list.joined(separator: "\n"))

    `facesticker help COMMAND` or `facesticker COMMAND --help` shows a command's options.

    exit status (every command):
    \(ExitStatus.lines.joined(separator: "\n"))
    """
}

@MainActor
func main() -> Int32 {
    Console.reserveStandardStreams()
    Warnings.install { Console.warning($0) }
    do {
        return try run()
    } catch let failure as StandardOutputFailure where failure.code == EPIPE {
        return ExitStatus.signal(SIGPIPE) // the reader left (`| head`): end quietly, as cat does
    } catch let error as UsageError {
        Console.error(error)
        return ExitStatus.usage
    } catch {
        Console.error(error)
        return ExitStatus.failure
    }
}

@MainActor
func command(named name: String) throws -> any Command.Type {
    if let command = commands.first(where: { $0.name == name }) { return command }
    let what = name.hasPrefix("-") ? "unknown option \(name)" : "unknown command \"\(name)\""
    throw UsageError(what + Suggest.hint(name, in: commands.map { $0.name } + topLevelWords))
}

@MainActor
func run() throws -> Int32 {
    // Any run: a signal that ends it stops the children and removes temporary files first.
    SignalCleanup.install { "facesticker: interrupted by \(SignalCleanup.name($0)); no output written" }
    var arguments = FileNames.arguments()
    guard let first = arguments.first else {
        Console.usageText(overview())
        return ExitStatus.usage
    }
    arguments.removeFirst()
    switch first {
    case "--help", "-h":
        try Console.outText(overview())
        return ExitStatus.success
    case "--version", "-V", "version":
        try Console.out(version)
        return ExitStatus.success
    case "help":
        guard let name = arguments.first else {
            try Console.outText(overview())
            return ExitStatus.success
        }
        try Console.outText(try command(named: name).usage)
        return ExitStatus.success
    case "completion":
        // Hidden: the shell completion scripts, generated from the declarations (scripts/install.sh).
        guard arguments.count == 1, let shell = arguments.first, let script = Completion.script(shell, commands: commands) else {
            throw UsageError("completion: give bash or zsh")
        }
        try Console.outText(script)
        return ExitStatus.success
    default:
        let command = try command(named: first)
        let options = arguments.prefix { $0 != "--" }
        if options.contains("--help") || options.contains("-h") {
            try Console.outText(command.usage)
            return ExitStatus.success
        }
        do {
            let parsed = try command.parse(arguments)
            CommonOptions.apply(parsed)
            return try command.run(parsed)
        } catch let conflict as FileConflict {
            Console.error(conflict)
            return ExitStatus.usage
        } catch let failure as StandardOutputFailure {
            throw failure
        } catch let error as UsageError {
            throw error
        } catch {
            Console.error(error)
            return ExitStatus.failure
        }
    }
}

let status = main()
// A signal is ending the run: its handler exits, with its own status.
if Cleanup.ending { Console.parkUntilExit() }
exit(status)
