@testable import FaceSticker
import Testing

/// The live tracker when detection is slow (an emulated machine answers a few times a
/// second at 3 fps): frames counted by the test, a detector that takes a frame and answers
/// `every` frames later, then takes the frame of that moment, as the live loop's detector
/// thread does. No clock is involved.
@Suite struct LiveTracksTests {
    static let face = TrackTimelineTests.face(x: 50)

    /// What the output shows in each of `frames` frames; the face is in the frames `present`
    /// says, but the answers numbered in `misses` (from 0) miss it; the detector gives no
    /// answer from frame `stallsAt` on.
    static func run(_ tracks: LiveTracks, frames: Int, every: Int, misses: Set<Int> = [], stallsAt: Int = .max,
                    present: (Int) -> Bool) -> [[TrackedFace]] {
        var taken: Int?
        var answers = 0
        var shown: [[TrackedFace]] = []
        for index in 0..<frames {
            if let frame = taken, index - frame >= every, index < stallsAt {
                tracks.record(frame: frame, faces: present(frame) && !misses.contains(answers) ? [face] : [])
                answers += 1
                taken = nil
            }
            if taken == nil { taken = index }
            shown.append(tracks.faces(at: index))
        }
        return shown
    }

    /// Answers every 8th or 15th frame at 3 fps (and every 2nd at 30, a fast machine):
    /// once the face shows, it keeps its one sticker on every frame while it stays, also
    /// through one answer that misses it, and once it left it goes after the hold (in
    /// frames and in detection rounds) and stays gone.
    @Test(arguments: [(3.0, 8), (3.0, 15), (30.0, 2)], [DetectionProfile.precision, .recall])
    func aSlowDetectorKeepsTheFaceBetweenAnswersAndStillLetsItGo(rate: (fps: Double, every: Int),
                                                                 profile: DetectionProfile) {
        let tracks = LiveTracks(frameRate: rate.fps, detectionRate: 15, profile: profile)
        let (every, leaves) = (rate.every, 200)
        let shown = Self.run(tracks, frames: 400, every: every, misses: [6]) { $0 < leaves }
        guard let first = shown.firstIndex(where: { !$0.isEmpty }) else {
            Issue.record("the face never showed")
            return
        }
        #expect(first <= tracks.settings.confirmHits * every, "shown once confirmed, at frame \(first)")
        let dropped = (first..<leaves).filter { shown[$0].map(\.id) != [0] }
        #expect(dropped.isEmpty, "frames without the face's one sticker while it stays: \(dropped)")
        guard let gone = shown.indices.first(where: { $0 >= leaves && shown[$0].isEmpty }) else {
            Issue.record("a face that left was never let go")
            return
        }
        let settings = tracks.settings
        #expect(gone >= leaves - every + max(settings.holdFrames, settings.holdRounds * every), "held for the hold")
        #expect(gone <= leaves + max(settings.holdFrames, (settings.holdRounds + 1) * every) + 2 * every,
                "let go after the hold, at frame \(gone)")
        #expect(shown[gone...].allSatisfy { $0.isEmpty }, "and it stays gone")
    }

    /// A detector that stops answering (it hangs): the face stays through waits like the
    /// ones before, then goes.
    @Test(arguments: [8, 15])
    func aStalledDetectorLetsTheFaceGo(every: Int) {
        let tracks = LiveTracks(frameRate: 3, detectionRate: 15, profile: .precision)
        let stall = 100
        let shown = Self.run(tracks, frames: 400, every: every, stallsAt: stall) { _ in true }
        #expect((stall..<(stall + every)).allSatisfy { shown[$0].map(\.id) == [0] }, "an answer late by a round is not a stall")
        #expect(shown[(stall + 6 * every)...].allSatisfy { $0.isEmpty }, "a face held without news goes")
    }

    /// Never two stickers on one face (issue #42): a face that swings back and forth, found
    /// by a detector that answers every `every` frames, lands beside where its track
    /// predicted it when it turns (80 px away for an 80 px face), which no IoU matches; the
    /// late detection joins the track. One face, one id, on every frame once it shows.
    @Test(arguments: [6, 10, 15], [DetectionProfile.precision, .recall])
    func aFaceThatTurnsBackKeepsOneSticker(every: Int, profile: DetectionProfile) {
        let tracks = LiveTracks(frameRate: 30, detectionRate: 30.0 / Double(every), profile: profile)
        // 4 px a frame, turning every 30 frames.
        func x(_ frame: Int) -> Double { 100 + 4 * Double(frame % 60 < 30 ? frame % 60 : 60 - frame % 60) }
        var taken: Int?
        var counts: [Int] = []
        for index in 0..<300 {
            if let frame = taken, index - frame >= every {
                tracks.record(frame: frame, faces: [TrackTimelineTests.face(x: x(frame))])
                taken = nil
            }
            if taken == nil { taken = index }
            counts.append(Set(tracks.faces(at: index).map(\.id)).count)
        }
        let first = counts.firstIndex(of: 1) ?? 300
        #expect(first < 100, "the face shows")
        #expect(counts[first...].allSatisfy { $0 == 1 }, "one sticker on every frame: \(counts)")
    }

    /// The face mesh follows a face on every frame while the detector answers every 10th
    /// frame, 10 frames late (issue #42): a face moving 4 px a frame is shown where the
    /// mesh last had it, carried one frame; its first fit confirms it (the sticker on the
    /// next frame); a late detection confirms the track and never takes it back to where
    /// the face was 10 frames ago.
    @Test func theMeshMovesTheFaceAndLateDetectionsOnlyConfirmIt() {
        let tracks = LiveTracks(frameRate: 30, detectionRate: 3, profile: .precision)
        func x(_ frame: Int) -> Double { 100 + 4 * Double(frame) }
        var taken: Int?
        var shown: [[TrackedFace]] = []
        for index in 0..<100 {
            if let frame = taken, index - frame >= 10 {
                tracks.record(frame: frame, faces: [TrackTimelineTests.face(x: x(frame))])
                taken = nil
            }
            if taken == nil { taken = index }
            shown.append(tracks.faces(at: index))
            // The follower, after the frame went out: the face where it is now.
            let followed = tracks.followable(at: index).map { (key: $0.key, face: TrackTimelineTests.face(x: x(index))) }
            tracks.follow(frame: index, faces: followed)
        }
        let first = shown.firstIndex { !$0.isEmpty }
        #expect(first == 11, "the first detection lands at frame 10, the mesh follows it there: the sticker on frame 11")
        for index in (first ?? 100)..<100 {
            #expect(shown[index].map(\.id) == [0], "frame \(index): one face")
            #expect(shown[index].allSatisfy { abs($0.face.box.x - x(index)) < 0.5 },
                    "frame \(index): carried from the last fit, at \(shown[index].map(\.face.box.x)), not \(x(index))")
        }
    }

    /// Where even the mesh falls behind (issue #42: the emulated guest), the picture's motion
    /// carries the face into every frame, and each late fit corrects it: the fit's place plus
    /// the motion since its frame. Here the mesh answers each frame 10 frames late, 2 px right
    /// of where the motion carried the face (its own reading of the face): from the first
    /// answer on, the face shows 2 px right of the motion's place on every frame, never back
    /// where the fit's old frame had it. A cut forgets the motion.
    @Test func theFlowCarriesTheFaceAndALateFitCorrectsIt() {
        let tracks = LiveTracks(frameRate: 30, detectionRate: 3, profile: .precision)
        func x(_ frame: Int) -> Double { 100 + 4 * Double(frame) }
        tracks.record(frame: 0, faces: [TrackTimelineTests.face(x: x(0))])
        tracks.follow(frame: 1, faces: tracks.followable(at: 1).map { ($0.key, TrackTimelineTests.face(x: x(1))) })
        var asked: (frame: Int, keys: [Int])?
        for index in 2..<60 {
            if let fit = asked, index - fit.frame >= 10 {
                tracks.follow(frame: fit.frame, faces: fit.keys.map { ($0, TrackTimelineTests.face(x: x(fit.frame) + 2)) })
                asked = nil
            }
            let carried = tracks.followable(at: index)
            tracks.shift(frame: index, faces: carried.map { ($0.key, $0.frame, Point(x: x(index) - x($0.frame), y: 0)) })
            let corrected = index >= 12
            #expect(tracks.faces(at: index).map { $0.face.box.x - x(index) }.map { abs($0 - (corrected ? 2 : 0)) < 0.01 } == [true],
                    "frame \(index): \(tracks.faces(at: index).map(\.face.box.x)), the face at \(x(index))")
            if asked == nil { asked = (index, carried.map(\.key)) }
        }
        #expect(tracks.followable(at: 60).map(\.frame) == [59], "the face is known latest where the motion carried it")
        tracks.cut(at: 60)
        tracks.record(frame: 60, faces: [TrackTimelineTests.face(x: 500)])
        #expect(tracks.followable(at: 61).map(\.frame) == [60], "no motion carried across the cut")
    }

    /// A face the detector no longer finds while the mesh still follows something there (a
    /// poster, a face the mesh locked onto wrongly) ends after the hold, in frames and
    /// detection rounds: the mesh moves tracks, only the detector keeps them.
    @Test func aFollowedTrackTheDetectorNoLongerFindsEnds() {
        let tracks = LiveTracks(frameRate: 30, detectionRate: 3, profile: .precision)
        var taken: Int?
        var lastShown = -1
        for index in 0..<200 {
            if let frame = taken, index - frame >= 10 {
                tracks.record(frame: frame, faces: frame < 50 ? [TrackTimelineTests.face(x: 100)] : [])
                taken = nil
            }
            if taken == nil { taken = index }
            if !tracks.faces(at: index).isEmpty { lastShown = index }
            tracks.follow(frame: index, faces: tracks.followable(at: index).map { ($0.key, TrackTimelineTests.face(x: 100)) })
        }
        let settings = tracks.settings
        #expect(lastShown > 50, "held for the hold")
        #expect(lastShown <= 50 + 10 + max(settings.holdFrames, (settings.holdRounds + 1) * 10) + 10,
                "ended by the detector's misses, at frame \(lastShown), though the mesh still followed it")
    }

    /// Two tracks the mesh followed onto one face (a late detection that started a second
    /// one beside it) are one: the one already shown keeps its sticker, the other ends.
    @Test func twoTracksFollowedOntoOneFaceAreOne() {
        let tracks = LiveTracks(frameRate: 30, detectionRate: 30, profile: .precision)
        tracks.record(frame: 0, faces: [TrackTimelineTests.face(x: 100)])
        tracks.record(frame: 1, faces: [TrackTimelineTests.face(x: 100)])
        // Far from the first (no join): a second, tentative track.
        tracks.record(frame: 2, faces: [TrackTimelineTests.face(x: 100), TrackTimelineTests.face(x: 400)])
        #expect(tracks.faces(at: 2).map(\.id) == [0])
        // The mesh follows both onto the same face.
        tracks.follow(frame: 3, faces: tracks.followable(at: 3).map { ($0.key, TrackTimelineTests.face(x: 102)) })
        #expect(tracks.faces(at: 3).map(\.id) == [0], "one sticker, the one already shown")
        #expect(tracks.followable(at: 4).count == 1)
    }

    /// The loop's settings: the video path's for the frame rate and detection rhythm, and two
    /// seconds of frames without news before a face goes.
    @Test func theLoopGetsTheVideoSettingsForItsRhythm() {
        let tracks = LiveTracks(frameRate: 30, detectionRate: 15, profile: .precision)
        var video = TrackerSettings.forVideo(frameRate: 30, detectEvery: 2)
        video.joinReach = LiveTracks.joinReach
        #expect(tracks.settings == video)
        #expect(tracks.maxAge == 60)
        #expect(LiveTracks(frameRate: 3, detectionRate: 15, profile: .recall).settings.holdRounds == 4)
    }
}
