import Foundation

/// Runs the built `facesticker` binary and captures what it printed.
struct CLIRun {
    let status: Int32
    let stdout: String
    let stderr: String

    var stderrLines: [String] { stderr.split(separator: "\n").map(String.init) }
    var stdoutLines: [String] { stdout.split(separator: "\n").map(String.init) }

    /// Raw stdout, for binary output (an image on `-o -`).
    let stdoutData: Data

    /// `stdin`: bytes fed to standard input (default: none, /dev/null); `directory`: where it runs.
    init(_ arguments: [String], environment: [String: String] = [:], stdin: Data? = nil, directory: String? = nil) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Fixtures.cli)
        process.arguments = arguments
        process.currentDirectoryURL = directory.map { URL(fileURLWithPath: $0) } ?? Fixtures.root
        var env = ProcessInfo.processInfo.environment
        env.merge(environment) { $1 }
        process.environment = env
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let input = Pipe()
        process.standardInput = stdin == nil ? FileHandle.nullDevice : input
        try process.run()
        if let stdin {
            signal(SIGPIPE, SIG_IGN) // a child that stops reading must not end the test run
            // Fed from another thread: the child may fill stdout before it has read all of stdin.
            let writer = input.fileHandleForWriting
            Thread.detachNewThread {
                try? writer.write(contentsOf: stdin)
                try? writer.close()
            }
        }
        // Read both pipes before waiting so a chatty child cannot block on a full pipe.
        let errData = PipeReader(err.fileHandleForReading)
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        status = process.terminationStatus
        stdout = String(decoding: outData, as: UTF8.self)
        stdoutData = outData
        stderr = String(decoding: errData.wait(), as: UTF8.self)
    }
}
