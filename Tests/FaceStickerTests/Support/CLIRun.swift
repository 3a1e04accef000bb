import Foundation

/// Runs the built `facesticker` binary and captures what it printed.
struct CLIRun {
    let status: Int32
    let stdout: String
    let stderr: String

    var stderrLines: [String] { stderr.split(separator: "\n").map(String.init) }
    var stdoutLines: [String] { stdout.split(separator: "\n").map(String.init) }

    init(_ arguments: [String], environment: [String: String] = [:]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Fixtures.cli)
        process.arguments = arguments
        process.currentDirectoryURL = Fixtures.root
        var env = ProcessInfo.processInfo.environment
        env.merge(environment) { $1 }
        process.environment = env
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Read both pipes before waiting so a chatty child cannot block on a full pipe.
        let errData = PipeReader(err.fileHandleForReading)
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        status = process.terminationStatus
        stdout = String(decoding: outData, as: UTF8.self)
        stderr = String(decoding: errData.wait(), as: UTF8.self)
    }
}
