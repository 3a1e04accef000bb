import FaceSticker
#if canImport(Glibc)
import Glibc
#endif

/// First words that stand for a command, as most programs take them.
let firstWordAliases = ["-h": HelpCommand.name, "--help": HelpCommand.name,
                        "-V": VersionCommand.name, "--version": VersionCommand.name]

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

/// The command `name` names (a command's name, or an alias such as `--help`).
@MainActor
func command(named name: String) throws -> any Command.Type {
    let wanted = firstWordAliases[name] ?? name
    if let command = commands.first(where: { $0.name == wanted }) { return command }
    let what = name.hasPrefix("-") ? "unknown option \(name)" : "unknown command \"\(name)\""
    throw UsageError(what + Suggest.hint(name, in: commands.map { $0.name } + firstWordAliases.keys))
}

@MainActor
func run() throws -> Int32 {
    // Any run: a signal that ends it stops the children and removes temporary files first.
    SignalCleanup.install { "facesticker: interrupted by \(SignalCleanup.name($0)); no output written" }
    var arguments = FileNames.arguments()
    // `facesticker -v photo ...`: -v/-q before the command are the command's (issue #41).
    let leading = arguments.prefix { CommonOptions.leading.contains($0) }
    if !leading.isEmpty, arguments.count > leading.count {
        arguments = [arguments[leading.count]] + leading + arguments.dropFirst(leading.count + 1)
    }
    guard let first = arguments.first else {
        Console.usageText(HelpCommand.overview(commands))
        return ExitStatus.usage
    }
    arguments.removeFirst()
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

let status = main()
// A signal is ending the run: its handler exits, with its own status.
if Cleanup.ending { Console.parkUntilExit() }
exit(status)
