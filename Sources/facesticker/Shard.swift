import Foundation

/// `--shard I/N`: this run takes the inputs at positions I, I+N, I+2N... of the
/// sorted list, counted from 1 (as Playwright, Jest, Vitest and GNU `split -n K/N`
/// count), so N runs with I = 1...N take every input exactly once, and the same
/// I/N always takes the same inputs.
///
/// `--shard auto` reads I and N from the scheduler's environment, first found:
/// - `FACESTICKER_SHARD=I/N` (I from 1, as `--shard`);
/// - Slurm job arrays: I = (SLURM_ARRAY_TASK_ID - SLURM_ARRAY_TASK_MIN) / SLURM_ARRAY_TASK_STEP + 1
///   (MIN 0 and STEP 1 when unset), N = SLURM_ARRAY_TASK_COUNT, else
///   (SLURM_ARRAY_TASK_MAX - MIN) / STEP + 1;
/// - Kubernetes Indexed Jobs: I = JOB_COMPLETION_INDEX + 1;
/// - AWS Batch array jobs: I = AWS_BATCH_JOB_ARRAY_INDEX + 1;
///   for these two N = FACESTICKER_SHARD_COUNT (set it to the Job's completions / array size).
/// (The schedulers' indices count from 0.)
struct Shard: Equatable, Sendable, CustomStringConvertible {
    /// Which shard, 1...count.
    let number: Int
    let count: Int

    var description: String { "\(number)/\(count)" }

    /// Whether the input at `position` (from 0) of the sorted list is this shard's.
    func contains(_ position: Int) -> Bool { position % count == number - 1 }

    static let maxCount = 1_000_000

    static func parse(_ text: String, environment: [String: String] = ProcessInfo.processInfo.environment) throws -> Shard {
        if text == "auto" { return try auto(environment) }
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let i = Int(parts[0]), let n = Int(parts[1]) else {
            throw ShardProblem("\"\(text)\" is not I/N (e.g. 1/4) or auto")
        }
        guard (1...maxCount).contains(n) else { throw ShardProblem("\(text): N must be 1...\(maxCount)") }
        guard (1...n).contains(i) else {
            throw ShardProblem("\(text): I must be 1...\(n) (shards count from 1" + (i == 0 ? ": the first is 1/\(n))" : ")"))
        }
        return Shard(number: i, count: n)
    }

    /// The shard a scheduler's index (from 0) names.
    private static func scheduled(_ index: Int, _ n: Int, from: String) throws -> Shard {
        guard (1...maxCount).contains(n) else { throw ShardProblem("\(from): N must be 1...\(maxCount)") }
        guard (0..<n).contains(index) else {
            throw ShardProblem("\(from): the index must be 0...\(n - 1) (the scheduler's, counted from 0)")
        }
        return Shard(number: index + 1, count: n)
    }

    private static func auto(_ env: [String: String]) throws -> Shard {
        func int(_ key: String) throws -> Int? {
            guard let text = env[key], !text.isEmpty else { return nil }
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            guard let n = Int(trimmed) else {
                let number = trimmed.drop { $0 == "-" || $0 == "+" }
                let digits = !number.isEmpty && number.allSatisfy { $0.isASCII && $0.isNumber }
                throw ShardProblem("auto: \(key)=\"\(text)\" is " + (digits ? "too large" : "not a whole number"))
            }
            return n
        }
        if let text = env["FACESTICKER_SHARD"], !text.isEmpty {
            guard text != "auto" else { throw ShardProblem("auto: FACESTICKER_SHARD must be I/N") }
            do { return try parse(text, environment: [:]) } catch { throw ShardProblem("auto: FACESTICKER_SHARD=\(error)") }
        }
        if let id = try int("SLURM_ARRAY_TASK_ID") {
            let min = try int("SLURM_ARRAY_TASK_MIN") ?? 0
            let step = try int("SLURM_ARRAY_TASK_STEP") ?? 1
            guard step > 0 else { throw ShardProblem("auto: SLURM_ARRAY_TASK_STEP=\(step) is not positive") }
            // Every difference and sum checked: the variables are any 64-bit numbers.
            let (offset, overflow) = id.subtractingReportingOverflow(min)
            guard !overflow else {
                throw ShardProblem("auto: SLURM_ARRAY_TASK_ID=\(id) is too far from SLURM_ARRAY_TASK_MIN=\(min) "
                                   + "(an array has at most \(maxCount) tasks)")
            }
            guard offset >= 0, offset % step == 0 else {
                throw ShardProblem("auto: SLURM_ARRAY_TASK_ID=\(id) is not SLURM_ARRAY_TASK_MIN=\(min) plus a multiple of "
                                   + "SLURM_ARRAY_TASK_STEP=\(step)")
            }
            let count: Int, source: String
            if let given = try int("SLURM_ARRAY_TASK_COUNT") {
                (count, source) = (given, "SLURM_ARRAY_TASK_COUNT=\(given)")
            } else if let max = try int("SLURM_ARRAY_TASK_MAX") {
                let (span, overflow) = max.subtractingReportingOverflow(min)
                guard !overflow, span >= 0, span / step < maxCount else {
                    throw ShardProblem("auto: SLURM_ARRAY_TASK_MAX=\(max) with SLURM_ARRAY_TASK_MIN=\(min) and "
                                       + "SLURM_ARRAY_TASK_STEP=\(step) is not an array of 1...\(maxCount) tasks")
                }
                (count, source) = (span / step + 1, "SLURM_ARRAY_TASK_MAX=\(max)")
            } else {
                throw ShardProblem("auto: SLURM_ARRAY_TASK_ID is set but neither SLURM_ARRAY_TASK_COUNT nor SLURM_ARRAY_TASK_MAX")
            }
            return try scheduled(offset / step, count, from: "auto (SLURM_ARRAY_TASK_ID=\(id), \(source))")
        }
        for key in ["JOB_COMPLETION_INDEX", "AWS_BATCH_JOB_ARRAY_INDEX"] {
            guard let index = try int(key) else { continue }
            guard let count = try int("FACESTICKER_SHARD_COUNT") else {
                throw ShardProblem("auto: \(key) is set but FACESTICKER_SHARD_COUNT (the number of shards) is not")
            }
            return try scheduled(index, count, from: "auto (\(key)=\(index), FACESTICKER_SHARD_COUNT=\(count))")
        }
        throw ShardProblem("auto: none of FACESTICKER_SHARD, SLURM_ARRAY_TASK_ID, JOB_COMPLETION_INDEX, "
                           + "AWS_BATCH_JOB_ARRAY_INDEX is set")
    }
}

struct ShardProblem: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
