@testable import FaceSticker
import Foundation
import Testing

/// What is kept of a child's stderr.
@Suite struct LogTailTests {
    @Test func keepsTheFirstAndLastLinesOfALongLog() {
        let log = LogTail(keep: 3)
        for i in 0..<100 { log.append(Data("line \(i)\n".utf8)) }
        #expect(log.lines == ["line 0", "line 1", "line 2", "line 97", "line 98", "line 99"])
    }

    @Test func joinsLinesSplitAcrossReadsAndKeepsAnUnfinishedOne() {
        let log = LogTail()
        log.append(Data("hel".utf8))
        log.append(Data("lo\n\nwor".utf8))
        #expect(log.lines == ["hello", "wor"])
    }
}
