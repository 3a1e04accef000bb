import FaceStickerCore
import FaceStickerVision
/// One-to-one matching of detections to ground-truth faces, greedy by score,
/// as the standard evaluations (PASCAL VOC, WIDER FACE, COCO) do it.
///
/// Detections are taken best score first (equal scores in the order given).
/// Each one takes, among the counted faces not yet taken, the one it overlaps
/// most with IoU >= `iouThreshold` (on equal IoU the earlier face): a true
/// positive. Failing that, when it overlaps a face the subset ignores with
/// IoU >= `iouThreshold`, it is ignored: neither a hit nor a false positive
/// (an ignored face can absorb any number of detections, as in WIDER FACE's
/// evaluation). Otherwise it is a false positive: this includes a second
/// detection of a face already taken. IoU is over continuous coordinates
/// (no +1 pixel).
///
/// Because every decision depends only on better-scored detections, the
/// outcomes of the detections above any score threshold are the same as
/// matching those detections alone: one matching serves a threshold sweep.
package enum DetectionMatcher {
    package static func match(_ detections: [Face], to faces: [GroundTruth.Box], subset: EvaluationSubset,
                             iouThreshold: Double) -> ImageMatch {
        match(detections, to: faces, subsets: [subset], iouThreshold: iouThreshold)[0]
    }

    /// The matching for each of `subsets` (the overlaps are computed once for all).
    package static func match(_ detections: [Face], to faces: [GroundTruth.Box], subsets: [EvaluationSubset],
                             iouThreshold: Double) -> [ImageMatch] {
        let order = detections.indices.sorted { a, b in
            detections[a].score != detections[b].score ? detections[a].score > detections[b].score : a < b
        }
        let overlaps = candidates(order.map { detections[$0].box }, faces.map(\.box), iouThreshold: iouThreshold)
        return subsets.map { subset in
            let counted = faces.map { $0.isCounted(in: subset) }
            var found = [Bool](repeating: false, count: faces.count)
            var outcomes = [MatchOutcome](repeating: .falsePositive, count: detections.count)
            var matched = [Int?](repeating: nil, count: detections.count)
            for (rank, d) in order.enumerated() {
                var best = -1, bestIoU = 0.0, ignoredFace = -1, ignoredIoU = 0.0
                for (f, iou) in overlaps[rank] {
                    if counted[f] {
                        if !found[f], best < 0 || iou > bestIoU {
                            best = f
                            bestIoU = iou
                        }
                    } else if ignoredFace < 0 || iou > ignoredIoU {
                        ignoredFace = f
                        ignoredIoU = iou
                    }
                }
                if best >= 0 {
                    found[best] = true
                    outcomes[d] = .truePositive
                    matched[d] = best
                } else if ignoredFace >= 0 {
                    outcomes[d] = .ignored
                    matched[d] = ignoredFace
                }
            }
            return ImageMatch(outcomes: outcomes, matchedFace: matched, counted: counted, found: found)
        }
    }

    /// Per box, the faces (in order) it overlaps with IoU >= `iouThreshold`, with that IoU.
    private static func candidates(_ boxes: [Rect], _ faces: [Rect], iouThreshold: Double) -> [[(Int, Double)]] {
        // Corners and areas, flat, so the all-pairs loop stays cheap in debug builds too.
        var flat = [Double](repeating: 0, count: faces.count * 5)
        for (f, r) in faces.enumerated() {
            flat[5 * f] = r.minX
            flat[5 * f + 1] = r.minY
            flat[5 * f + 2] = r.maxX
            flat[5 * f + 3] = r.maxY
            flat[5 * f + 4] = r.area
        }
        return flat.withUnsafeBufferPointer { face in
            boxes.map { box in
                var found: [(Int, Double)] = []
                let x0 = box.minX, y0 = box.minY, x1 = box.maxX, y1 = box.maxY, area = box.area
                for f in 0..<faces.count {
                    let w = min(x1, face[5 * f + 2]) - max(x0, face[5 * f])
                    if w <= 0 { continue }
                    let h = min(y1, face[5 * f + 3]) - max(y0, face[5 * f + 1])
                    if h <= 0 { continue }
                    let union = area + face[5 * f + 4] - w * h
                    let iou = union > 0 ? w * h / union : 0
                    if iou >= iouThreshold { found.append((f, iou)) }
                }
                return found
            }
        }
    }
}

/// What one detection turned out to be when matched against the ground truth.
package enum MatchOutcome: UInt8, Sendable {
    /// Matched a counted face no better-scored detection had matched.
    case truePositive
    /// Matched no counted face still free, and no ignored face.
    case falsePositive
    /// Matched only a face the subset ignores: neither a hit nor a false positive.
    case ignored
}

/// The matching of one image's detections to its ground-truth faces.
package struct ImageMatch: Sendable {
    /// Per detection, in the order the detections were given.
    package var outcomes: [MatchOutcome]
    /// Per detection, the index of the face it matched (true positives and
    /// ignored detections), nil for false positives.
    package var matchedFace: [Int?]
    /// Per ground-truth face: whether the subset counts it.
    package var counted: [Bool]
    /// Per ground-truth face: whether a detection matched it.
    package var found: [Bool]

    package init(outcomes: [MatchOutcome], matchedFace: [Int?], counted: [Bool], found: [Bool]) {
        self.outcomes = outcomes
        self.matchedFace = matchedFace
        self.counted = counted
        self.found = found
    }

    /// Indices of the counted faces no detection matched.
    package var missedFaces: [Int] { counted.indices.filter { counted[$0] && !found[$0] } }
}
