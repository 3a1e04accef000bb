import Dispatch
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// What must not outlive the process: the temporary files and folders being
/// written and the process groups of the children. `AtomicFile`, the image
/// sequence writer and `ChildProcess` register them; a signal that ends the
/// run (`SignalCleanup`) kills every group and removes every file and folder
/// (and the output folders it made, if still empty) before exiting.
package enum Cleanup {
    private struct State {
        var temporaries: [Int: String] = [:]
        var folders: [Int: String] = [:]
        /// Output folders a run made: removed only if still empty, newest first.
        var made: [Int: String] = [:]
        var groups: [Int: pid_t] = [:]
        var next = 0
    }

    private static let state = Mutex(State())
    /// Held while files are renamed into place as a set (`uninterrupted`).
    private static let placing = Mutex(())
    private static let endingFlag = Atomic<Bool>(false)

    /// Whether a signal is ending the run: a set of renames under way
    /// (`uninterrupted`) undoes itself instead of finishing.
    package static var ending: Bool { endingFlag.load(ordering: .acquiring) }

    /// Runs `body` (renames that put a set of files in place, undone on error)
    /// so that a signal ending the run waits for it: `body` checks `ending`
    /// between renames and undoes them when it is set, so the run ends with
    /// the old set or the new one, never half of each.
    package static func uninterrupted<T>(_ body: () throws -> T) rethrows -> T {
        do {
            return try placing.withLock { _ in try body() }
        } catch {
            // Undone for a signal: its handler ends the run with its own status and line.
            if ending { while true { pause() } }
            throw error
        }
    }

    /// Registers a temporary folder, removed with what is in it (one level of
    /// sub-folders); returns a token for `forget`.
    package static func folder(_ path: String) -> Int { register(path, in: \.folders) }

    /// Registers a folder the run made for its outputs (`--out-dir`): on a
    /// signal it is removed if it is still empty (after the temporaries in
    /// it), the newest first; returns a token for `forget`.
    package static func madeFolder(_ path: String) -> Int { register(path, in: \.made) }

    /// Registers a temporary file; returns a token for `forget`.
    package static func temporary(_ path: String) -> Int { register(path, in: \.temporaries) }

    /// Registers a child's process group; returns a token for `forget`.
    package static func group(_ pid: pid_t) -> Int { register(pid, in: \.groups) }

    /// Adds `value` to one of the lists under a new token.
    private static func register<Value: Sendable>(_ value: Value, in list: WritableKeyPath<State, [Int: Value]> & Sendable) -> Int {
        state.withLock { state in
            state.next += 1
            state[keyPath: list][state.next] = value
            return state.next
        }
    }

    /// Unregisters a file or group (renamed, removed, reaped).
    package static func forget(_ token: Int) {
        state.withLock { state in
            state.temporaries[token] = nil
            state.folders[token] = nil
            state.made[token] = nil
            state.groups[token] = nil
        }
    }

    /// Kills every registered group, then removes every registered file and
    /// folder (in that order, so no child can write one again). Renames under
    /// way (`uninterrupted`) are undone first; none starts after.
    package static func now() {
        endingFlag.store(true, ordering: .releasing)
        placing.withLock { _ in
            let (groups, files, folders, made) = state.withLock { state in
                let taken = (Array(state.groups.values), Array(state.temporaries.values), Array(state.folders.values),
                             state.made.sorted { $0.key > $1.key }.map(\.value))
                state.groups.removeAll()
                state.temporaries.removeAll()
                state.folders.removeAll()
                state.made.removeAll()
                return taken
            }
            for group in groups { _ = kill(-group, SIGKILL) }
            // Reaped (for at most 2 s each) so that none is still exiting when
            // the run ends; one another thread reaps first is gone as well (ECHILD).
            for group in groups {
                var tries = 0
                while tries < 200, waitpid(group, nil, WNOHANG) == 0 {
                    tries += 1
                    usleep(10_000)
                }
            }
            for file in files { _ = unlink(file) }
            for folder in folders { removeFolder(folder) }
            for folder in made { _ = rmdir(folder) }
        }
    }

    /// Removes `folder`, its files and its sub-folders' files (a scratch folder: no deeper).
    package static func removeFolder(_ folder: String) {
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] {
            let path = folder + "/" + name
            if unlink(path) != 0, errno == EISDIR || errno == EPERM {
                for inner in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] { _ = unlink(path + "/" + inner) }
                _ = rmdir(path)
            }
        }
        _ = rmdir(folder)
    }
}

/// The signals that end a run: SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGUSR1 and
/// SIGUSR2 each stop the children, remove the temporary files, print one line
/// and exit with 128 + the signal's number. Installed once, by the CLI, before
/// any work; children still start with every signal at its default.
package enum SignalCleanup {
    package static let signals: [Int32] = [SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGUSR1, SIGUSR2]

    private static let sources = Mutex<[DispatchSourceSignal]>([])
    private static let diverted = Mutex<(@Sendable (Int32) -> Void)?>(nil)

    /// The next SIGINT or SIGTERM calls `handler` instead of ending the run
    /// (`live` stops its loop, finishes its outputs and prints its stats);
    /// a second one ends the run as usual. Nil undoes it.
    package static func divertInterrupt(_ handler: (@Sendable (Int32) -> Void)?) {
        diverted.withLock { $0 = handler }
    }

    /// Installs the handlers; `message(signal)` is the line printed (without a newline).
    package static func install(message: @escaping @Sendable (Int32) -> String) {
        sources.withLock { sources in
            guard sources.isEmpty else { return }
            let queue = DispatchQueue(label: "facesticker.signals")
            for number in signals {
                signal(number, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
                source.setEventHandler {
                    if number == SIGINT || number == SIGTERM,
                       let handler = diverted.withLock({ d -> (@Sendable (Int32) -> Void)? in
                           let taken = d
                           d = nil
                           return taken
                       }) {
                        handler(number)
                        return
                    }
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
