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

@MainActor
func overview() -> String {
    let width = commands.map { $0.name.count }.max() ?? 0
    let list = commands.map { "  " + $0.name.padding(toLength: width + 2, withPad: " ", startingAt: 0) + $0.summary }
    return """
    usage: facesticker COMMAND [options]

    Puts stickers on faces in photos, videos and webcam selfies.

    commands:
    \(list.joined(separator: "\n"))

    `facesticker help COMMAND` or `facesticker COMMAND --help` shows a command's options.
    """
}

@MainActor
func main() -> Int32 {
    Console.reserveStandardStreams()
    do {
        return try run()
    } catch let failure as StandardOutputFailure where failure.code == EPIPE {
        return 128 + SIGPIPE // the reader left (`| head`): end quietly, as cat does
    } catch {
        Console.error(error)
        return ExitStatus.failure
    }
}

@MainActor
func run() throws -> Int32 {
    // Any run: a signal that ends it stops the children and removes temporary files first.
    SignalCleanup.install { "facesticker: interrupted by \(SignalCleanup.name($0)); no output written" }
    var arguments = Array(CommandLine.arguments.dropFirst())
    guard let first = arguments.first else {
        try Console.out(overview())
        return ExitStatus.failure
    }
    arguments.removeFirst()
    switch first {
    case "--help", "-h":
        try Console.out(overview())
        return ExitStatus.success
    case "--version":
        try Console.out(version)
        return ExitStatus.success
    case "help":
        guard let name = arguments.first else {
            try Console.out(overview())
            return ExitStatus.success
        }
        guard let command = commands.first(where: { $0.name == name }) else {
            Console.error(FaceStickerError.invalidArgument("unknown command \"\(name)\" (see --help)"))
            return ExitStatus.failure
        }
        try Console.out(command.usage)
        return ExitStatus.success
    default:
        guard let command = commands.first(where: { $0.name == first }) else {
            Console.error(FaceStickerError.invalidArgument("unknown command \"\(first)\" (see --help)"))
            return ExitStatus.failure
        }
        if arguments.contains("--help") || arguments.contains("-h") {
            try Console.out(command.usage)
            return ExitStatus.success
        }
        do {
            return try command.run(arguments)
        } catch let conflict as FileConflict {
            Console.error(conflict)
            return ExitStatus.usage
        } catch let failure as StandardOutputFailure {
            throw failure
        } catch {
            Console.error(error)
            return ExitStatus.failure
        }
    }
}

exit(main())
