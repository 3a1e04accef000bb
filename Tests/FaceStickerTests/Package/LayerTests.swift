import Foundation
import Testing

/// The library's layers: Package.swift's targets and their dependencies are the ones
/// docs/development.md draws, and no file imports a module its target does not depend on
/// (so the C modules stay behind FaceStickerNative, and no layer reaches up).
@Suite struct LayerTests {
    /// The system modules any file may import.
    static let system: Set<String> = ["Foundation", "Glibc", "Dispatch", "Synchronization", "Testing"]

    /// `name -> dependencies` for every `.target`/`.executableTarget` in Package.swift.
    static func packageTargets() throws -> [String: Set<String>] {
        let text = try String(contentsOf: Fixtures.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        var targets: [String: Set<String>] = [:]
        let declaration = /\.(?:target|executableTarget)\(name:\s*"([^"]+)"(?:,\s*dependencies:\s*\[([^\]]*)\])?/
        for match in text.matches(of: declaration) {
            let names = match.output.2.map { $0.matches(of: /"([^"]+)"/).map { String($0.output.1) } } ?? []
            targets[String(match.output.1)] = Set(names)
        }
        return targets
    }

    /// `name -> dependencies` from the table under "## Layers" in docs/development.md.
    static func documentedLayers() throws -> [String: Set<String>] {
        let text = try String(contentsOf: Fixtures.root.appendingPathComponent("docs/development.md"), encoding: .utf8)
        let section = try #require(text.components(separatedBy: "\n## Layers\n").dropFirst().first)
            .components(separatedBy: "\n## ").first ?? ""
        var layers: [String: Set<String>] = [:]
        for line in section.split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count > 3 else { continue }
            let names = { (cell: String) in Set(cell.matches(of: /`([^`]+)`/).map { String($0.output.1) }) }
            guard let name = names(cells[1]).first else { continue }
            layers[name] = names(cells[2])
        }
        return layers
    }

    @Test func theDocumentedLayersAreThePackagesTargets() throws {
        let targets = try Self.packageTargets()
        let documented = try Self.documentedLayers()
        #expect(documented.count >= 8, "the table under ## Layers lists the library targets")
        for (name, dependencies) in documented {
            #expect(targets[name] == dependencies, "\(name): Package.swift says \(targets[name].map { $0.sorted() } ?? []), the docs \(dependencies.sorted())")
        }
        let library = targets.keys.filter { $0.hasPrefix("FaceSticker") && $0 != "FaceStickerTests" }
        #expect(Set(library) == Set(documented.keys.filter { $0.hasPrefix("FaceSticker") }))
    }

    /// What each library target depends on, directly or through the layers below: nothing above it.
    @Test func theLayersFormNoCycleAndPointDown() throws {
        let targets = try Self.packageTargets()
        let order = ["FaceStickerCore", "FaceStickerNative", "FaceStickerMedia", "FaceStickerVision", "FaceStickerRender",
                     "FaceStickerPipelines", "FaceStickerTuning", "FaceSticker", "facesticker"]
        for (index, name) in order.enumerated() {
            let dependencies = try #require(targets[name])
            let above = Set(order[index...])
            #expect(dependencies.isDisjoint(with: above), "\(name) depends on \(dependencies.intersection(above).sorted())")
        }
    }

    @Test func everyImportIsADeclaredDependency() throws {
        let targets = try Self.packageTargets()
        let sources = Fixtures.root.appendingPathComponent("Sources")
        for (target, dependencies) in targets {
            let folder = sources.appendingPathComponent(target)
            guard let walker = FileManager.default.enumerator(atPath: folder.path) else { continue }
            for case let file as String in walker where file.hasSuffix(".swift") {
                let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                for match in text.matches(of: /(?m)^(?:@_exported |@testable )?import (\w+)/) {
                    let module = String(match.output.1)
                    #expect(Self.system.contains(module) || dependencies.contains(module),
                            "\(target)/\(file) imports \(module), which \(target) does not depend on")
                }
            }
        }
    }

    @Test func onlyNativeImportsTheCModules() throws {
        let targets = try Self.packageTargets()
        let cModules: Set<String> = ["CFaceDetect", "CProcess", "CPNG", "CV4L2"]
        for (target, dependencies) in targets where target.hasPrefix("FaceSticker") && target != "FaceStickerTests" {
            #expect(dependencies.isDisjoint(with: cModules) || target == "FaceStickerNative", "\(target) depends on a C module")
        }
    }
}
