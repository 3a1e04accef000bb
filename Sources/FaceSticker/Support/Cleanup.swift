import Dispatch
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// What must not outlive the process: the temporary files being written and
/// the process groups of the children. `AtomicFile` and `ChildProcess`
/// register them; a signal that ends the run (`SignalCleanup`) kills every
/// group and removes every file before exiting.
package enum Cleanup {
    private struct State {
        var temporaries: [Int: String] = [:]
        var groups: [Int: pid_t] = [:]
        var next = 0
    }

    private static let state = Mutex(State())

    /// Registers a temporary file; returns a token for `forget`.
    package static func temporary(_ path: String) -> Int {
        state.withLock { state in
            state.next += 1
            state.temporaries[state.next] = path
            return state.next
        }
    }

    /// Registers a child's process group; returns a token for `forget`.
    package static func group(_ pid: pid_t) -> Int {
        state.withLock { state in
            state.next += 1
            state.groups[state.next] = pid
            return state.next
        }
    }

    /// Unregisters a file or group (renamed, removed, reaped).
    package static func forget(_ token: Int) {
        state.withLock { state in
            state.temporaries[token] = nil
            state.groups[token] = nil
        }
    }

    /// Kills every registered group, then removes every registered file (in
    /// that order, so no child can write one again).
    package static func now() {
        let (groups, files) = state.withLock { state in
            let taken = (Array(state.groups.values), Array(state.temporaries.values))
            state.groups.removeAll()
            state.temporaries.removeAll()
            return taken
        }
        for group in groups { _ = kill(-group, SIGKILL) }
        for file in files { _ = unlink(file) }
    }
}

/// The signals that end a run: SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGUSR1 and
/// SIGUSR2 each stop the children, remove the temporary files, print one line
/// and exit with 128 + the signal's number. Installed once, by the CLI, before
/// any work; children still start with every signal at its default.
package enum SignalCleanup {
    package static let signals: [Int32] = [SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGUSR1, SIGUSR2]

    private static let sources = Mutex<[DispatchSourceSignal]>([])

    /// Installs the handlers; `message(signal)` is the line printed (without a newline).
    package static func install(message: @escaping @Sendable (Int32) -> String) {
        sources.withLock { sources in
            guard sources.isEmpty else { return }
            let queue = DispatchQueue(label: "facesticker.signals")
            for number in signals {
                signal(number, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
                source.setEventHandler {
                    Cleanup.now()
                    let line = message(number) + "\n"
                    _ = line.withCString { write(STDERR_FILENO, $0, strlen($0)) }
                    _exit(128 + number)
                }
                source.resume()
                sources.append(source)
            }
        }
    }

    /// The usual name of a signal, `SIGTERM`.
    package static func name(_ number: Int32) -> String {
        switch number {
        case SIGHUP: return "SIGHUP"
        case SIGINT: return "SIGINT"
        case SIGQUIT: return "SIGQUIT"
        case SIGTERM: return "SIGTERM"
        case SIGUSR1: return "SIGUSR1"
        case SIGUSR2: return "SIGUSR2"
        default: return "signal \(number)"
        }
    }
}
