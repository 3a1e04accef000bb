import FaceSticker
import Foundation
import Testing

/// `make install` (scripts/install.sh): the installed binary works from any folder
/// with no environment variables, the man page and completions list every command,
/// and uninstall takes everything away again (issue #13 part 4).
@Suite(Fixtures.needsYuNet) struct InstallTests {
    static func script(_ arguments: [String]) throws -> CLIRun {
        try CLIRun(program: "/bin/bash", [Fixtures.root.appendingPathComponent("scripts/install.sh").path] + arguments)
    }

    @Test func installsWorksFromAnywhereAndUninstalls() throws {
        let dir = try TemporaryDirectory()
        let destdir = dir.path("dest")
        let installed = try Self.script(["install", Fixtures.cli, destdir, "/opt/fs"])
        #expect(installed.status == 0, "\(installed.output)")
        let root = destdir + "/opt/fs"
        for file in ["bin/facesticker", "share/facesticker/models/manifest.tsv", "share/facesticker/stickers/stickers.json",
                     "share/man/man1/facesticker.1", "share/bash-completion/completions/facesticker",
                     "share/zsh/site-functions/_facesticker"] {
            #expect(FileManager.default.fileExists(atPath: root + "/" + file), "\(file) installed")
        }
        // From another folder, with none of FaceSticker's variables set.
        var env = ProcessInfo.processInfo.environment
        for key in env.keys where key.hasPrefix("FACESTICKER") { env[key] = nil }
        let output = dir.path("out.png")
        let photo = try CLIRun(program: root + "/bin/facesticker", ["photo", Fixtures.astronaut, "-o", output],
                               environment: env, inherit: false, directory: "/")
        #expect(photo.status == 0, "\(photo.output)")
        #expect(photo.output.contains("1 face(s) stickered"))

        let man = try String(contentsOfFile: root + "/share/man/man1/facesticker.1", encoding: .utf8)
        #expect(man.hasPrefix(".TH FACESTICKER 1"))
        for command in ["detect", "photo", "video", "selfie", "devices", "stickers", "tune"] {
            #expect(man.contains(".SS \(command)"), "man page: \(command)")
        }
        #expect(man.contains("--verify-below"), "options come from the help texts")
        let completion = try CLIRun(program: "/bin/bash", ["-c", """
            source \(root)/share/bash-completion/completions/facesticker
            COMP_WORDS=(facesticker ph); COMP_CWORD=1; _facesticker; echo "${COMPREPLY[@]}"
            COMP_WORDS=(facesticker detect --rot); COMP_CWORD=2; _facesticker; echo "${COMPREPLY[@]}"
            """])
        #expect(completion.output == "photo\n--rotations\n")

        let removed = try Self.script(["uninstall", destdir, "/opt/fs"])
        #expect(removed.status == 0, "\(removed.output)")
        let left = FileManager.default.enumerator(atPath: root)?.compactMap { $0 as? String }
            .filter { !$0.isEmpty && !(FileManager.default.fileExists(atPath: root + "/" + $0, isDirectory: nil) && isFolder(root + "/" + $0)) }
        #expect(left?.isEmpty ?? true, "left after uninstall: \(left ?? [])")
    }

    private func isFolder(_ path: String) -> Bool {
        var folder: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &folder) && folder.boolValue
    }
}
