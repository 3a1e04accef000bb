@testable import FaceSticker
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A virtual X display (Debian's `xvfb`) for the preview tests: started by
/// the test, screenshots with `xwd` (x11-apps) read through ffmpeg, keys sent
/// with `xdotool`, stopped by its PID.
final class Xvfb {
    let display: String
    let width: Int, height: Int
    /// Started through the product's own spawn (`ChildProcess`), which gives the child an
    /// empty signal mask: a thread of the test runner may block signals, and an X server
    /// started with them blocked never finishes starting nor stops on SIGTERM.
    private let server: ChildProcess
    private var stopped = false

    /// Whether a virtual display can start here: the tools are installed. When not, says why
    /// on stderr (a visible skip). Nothing is started here: the condition runs where
    /// launching processes is not safe; the test itself starts Xvfb.
    static func canStart() -> Bool {
        for tool in ["Xvfb", "xdotool", "xwd", "ffmpeg"] where which(tool) == nil {
            FileHandle.standardError.write(Data("LivePreviewTests skipped: \(tool) is not installed (scripts/setup.sh installs xvfb, xdotool and x11-apps)\n".utf8))
            return false
        }
        return true
    }

    static func which(_ tool: String) -> String? {
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let path = "\(folder)/\(tool)"
            if access(path, X_OK) == 0 { return path }
        }
        return nil
    }

    struct Failure: Error, CustomStringConvertible { let description: String }

    init(width: Int = 1280, height: Int = 800) throws {
        self.width = width
        self.height = height
        guard Self.which("Xvfb") != nil else { throw Failure(description: "no Xvfb") }
        // A display number nobody uses: its lock file and socket are absent.
        var number = 70 + Int(getpid() % 200)
        while FileManager.default.fileExists(atPath: "/tmp/.X\(number)-lock")
            || FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(number)") { number += 1 }
        display = ":\(number)"
        server = try ChildProcess("Xvfb", [display, "-screen", "0", "\(width)x\(height)x24", "-nolisten", "tcp"],
                                  output: false)
        // Ready once its socket answers.
        for _ in 0..<100 {
            if FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(number)"),
               (try? run(["xdotool", "getdisplaygeometry"]))?.status == 0 { return }
            if kill(server.pid, 0) != 0 { throw Failure(description: "Xvfb \(display) exited at start") }
            Thread.sleep(forTimeInterval: 0.1)
        }
        stop()
        throw Failure(description: "Xvfb \(display) did not answer within 10 s")
    }

    deinit { stop() }

    /// Stops the server by its PID and waits for it.
    func stop() {
        guard !stopped else { return }
        stopped = true
        kill(server.pid, SIGTERM)
        server.wait()
    }

    /// Runs a tool on this display; returns its status and stdout.
    @discardableResult
    func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = display
        p.environment = env
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// The whole screen as RGBA, and a PNG copy at `png` when given.
    func screenshot(png: String? = nil) throws -> RGBAImage {
        // Through a file: ffmpeg's xwd_pipe demuxer does not read xwd's stream from a pipe.
        let file = NSTemporaryDirectory() + "facesticker-screen-\(getpid())-\(UUID().uuidString.prefix(8)).xwd"
        defer { unlink(file) }
        let script = "xwd -root -silent -out \(file) && ffmpeg -v error -i \(file) -f rawvideo -pix_fmt rgba -"
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/sh")
        p.arguments = ["-c", script]
        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = display
        p.environment = env
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        guard let image = RGBAImage(width: width, height: height, pixels: [UInt8](data)) else {
            throw Failure(description: "screenshot: \(data.count) bytes for \(width)x\(height)")
        }
        if let png { try ImageFile.write(image, to: png) }
        return image
    }

    /// The first window whose name contains `name`, waiting up to `seconds`.
    func window(named name: String, seconds: Double = 20) throws -> String {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            let found = try run(["xdotool", "search", "--name", name])
            if found.status == 0, let id = found.output.split(separator: "\n").first { return String(id) }
            Thread.sleep(forTimeInterval: 0.2)
        }
        throw Failure(description: "no window named \(name) within \(seconds) s")
    }

    /// The window's geometry as xdotool reports it.
    func geometry(of window: String) throws -> (x: Int, y: Int, width: Int, height: Int) {
        let shell = try run(["xdotool", "getwindowgeometry", "--shell", window]).output
        var values: [String: Int] = [:]
        for line in shell.split(separator: "\n") {
            let parts = line.split(separator: "=")
            if parts.count == 2 { values[String(parts[0])] = Int(parts[1]) }
        }
        return (values["X"] ?? -1, values["Y"] ?? -1, values["WIDTH"] ?? -1, values["HEIGHT"] ?? -1)
    }

    func key(_ key: String, window: String) throws {
        try run(["xdotool", "key", "--window", window, key])
    }
}

/// A CLI run in the background with stdout and stderr in files, read while it runs.
final class BackgroundRun {
    let process = Process()
    let stdoutPath: String
    let stderrPath: String

    init(_ arguments: [String], environment: [String: String], folder: TemporaryDirectory) throws {
        stdoutPath = folder.path("stdout.txt")
        stderrPath = folder.path("stderr.txt")
        FileManager.default.createFile(atPath: stdoutPath, contents: nil)
        FileManager.default.createFile(atPath: stderrPath, contents: nil)
        process.executableURL = URL(fileURLWithPath: Fixtures.cli)
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env.merge(environment) { $1 }
        process.environment = env
        process.standardOutput = FileHandle(forWritingAtPath: stdoutPath)
        process.standardError = FileHandle(forWritingAtPath: stderrPath)
        process.standardInput = FileHandle.nullDevice
        try process.run()
    }

    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    var stderr: String { (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? "" }
    var stdout: String { (try? String(contentsOfFile: stdoutPath, encoding: .utf8)) ?? "" }

    /// Waits until stderr holds `text`; false after `seconds`.
    func waitFor(_ text: String, seconds: Double = 10) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if stderr.contains(text) { return true }
            Thread.sleep(forTimeInterval: 0.1)
        }
        return false
    }

    /// Waits for the process to end; its status, or nil after `seconds`.
    func wait(seconds: Double) -> Int32? {
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.1) }
        return process.isRunning ? nil : process.terminationStatus
    }
}
