import Dispatch
#if canImport(Glibc)
import Glibc
#endif

/// Turns SIGINT and SIGTERM into a cancel of `cancellation`, so a job
/// stops its children and removes its temporary files before the process
/// exits. A second signal ends the process at once.
public final class InterruptTrap: @unchecked Sendable {
    private var sources: [DispatchSourceSignal] = []
    /// The signal that arrived, if any.
    public private(set) var signalNumber: Int32?

    public init(_ cancellation: Cancellation) {
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { [weak self] in
                if self?.signalNumber != nil { _exit(128 + number) }
                self?.signalNumber = number
                cancellation.cancel()
            }
            source.resume()
            sources.append(source)
        }
    }

    deinit {
        sources.forEach { $0.cancel() }
    }
}
