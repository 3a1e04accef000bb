import Foundation
import Testing

/// A real single-node Slurm cluster on this machine for one test (issue #43):
/// `scripts/slurm/cluster.sh` starts munge, slurmctld and slurmd with their own
/// configuration, key, state and logs under `.build/slurm`, and stops them by pid when
/// the test lets go of this (a run that was killed is cleaned up by the next start).
final class SlurmCluster {
    let directory: String
    /// The configuration the cluster's commands are given (`SLURM_CONF`).
    let conf: String

    /// Starts the cluster; the calling test is skipped with the reason when Slurm cannot run
    /// here (not installed), and fails under `CI=true`, where set-up installs it.
    init() throws {
        directory = Fixtures.root.appendingPathComponent(".build/slurm").path
        let run = try CLIRun(program: Self.script, ["start", directory], deadline: 120)
        if run.status == 3 {
            let why = run.stderrLines.last ?? "exit 3"
            try #require(!Fixtures.underCI, "CI=true: the Slurm cluster must run, and cannot: \(why)")
            try Test.cancel("the Slurm cluster cannot run here: \(why)")
        }
        try #require(run.status == 0, "scripts/slurm/cluster.sh start: \(run.output)")
        conf = run.stdoutLines.last ?? ""
    }

    deinit { _ = try? CLIRun(program: Self.script, ["stop", directory], deadline: 60) }

    static let script = Fixtures.root.appendingPathComponent("scripts/slurm/cluster.sh").path

    /// Runs `script` with `sh` in `folder`, with this cluster's commands and the CLI on the `PATH`.
    /// The deadline is generous: inside the parallel suite on two cores an array of tiny jobs
    /// took minutes (its tasks share the cores with every other test).
    func shell(_ script: String, in folder: String, deadline: Double = 900) throws -> CLIRun {
        let bin = URL(fileURLWithPath: Fixtures.cli).deletingLastPathComponent().path
        let path = bin + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        return try CLIRun(shell: script, environment: ["SLURM_CONF": conf, "PATH": path], directory: folder, deadline: deadline)
    }

    /// The tasks still queued or running, one `JOBID_TASK STATE` line each.
    func queue() throws -> [String] {
        try shell("squeue -h -r -o '%i %T'", in: directory).stdoutLines
    }
}
