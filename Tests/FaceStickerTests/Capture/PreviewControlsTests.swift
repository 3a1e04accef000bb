@testable import FaceSticker
import Testing

/// The preview's keys, without a window, and the display check.
@Suite struct PreviewControlsTests {
    func key(_ c: Character) -> Int { Int(c.asciiValue ?? 0) }

    @Test func keysCycleAndToggle() {
        var controls = PreviewControls(filterCount: 3, stickerCount: 2, mirrored: true)
        #expect(controls.handle(key: key("f")) == .none && controls.filter == 1)
        #expect(controls.handle(key: key("F")) == .none && controls.filter == 2)
        #expect(controls.handle(key: key("f")) == .none && controls.filter == 0, "wraps around")
        #expect(controls.handle(key: key("s")) == .none && controls.sticker == 1)
        #expect(controls.handle(key: key("s")) == .none && controls.sticker == 0)
        #expect(controls.handle(key: key("m")) == .none && !controls.mirrored)
        #expect(controls.handle(key: key("x")) == .none)
        #expect(controls.handle(key: 32) == .capture)
        #expect(controls.handle(key: key("q")) == .quit)
        #expect(controls.handle(key: 27) == .quit)
    }

    @Test(arguments: [
        ([:], false), (["DISPLAY": ":0"], true), (["WAYLAND_DISPLAY": "wayland-0"], true),
        (["DISPLAY": ""], false), (["QT_QPA_PLATFORM": "offscreen"], true),
    ])
    func aDisplayIsNeeded(environment: [String: String], available: Bool) {
        #expect((PreviewWindow.missingDisplay(environment: environment) == nil) == available)
    }
}
