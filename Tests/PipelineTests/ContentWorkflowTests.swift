// The shipped content workflow fails on rule-breaking content: its own validate command, run on the first-opening
// example with one learner move's explanation taken out, exits 1 with an error annotation at that move.
import Foundation
import Testing

enum ContentWorkflow {
    /// The `run:` line of content.yml's validate step, as the workflow writes it.
    static func validateCommand() throws -> String {
        let text = try String(contentsOf: Repository.root.appendingPathComponent(".github/workflows/content.yml"), encoding: .utf8)
        let runs = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { $0.hasPrefix("run: tool/.build/release/forge validate") }
        #expect(runs.count == 1, "content.yml should have one validate step: \(runs)")
        return String(try #require(runs.first).dropFirst("run: ".count))
    }

    /// Runs `command` as the workflow's shell does, in `directory` with `tool/.build/release/forge` standing for the
    /// forge under test and the workflow's environment (`OPENINGS`, `STRICT`).
    static func run(_ command: String, in directory: String, strict: Bool) throws -> (status: Int32, stdout: String) {
        let tool = directory + "/tool/.build/release"
        try FileManager.default.createDirectory(atPath: tool, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: tool + "/forge", withDestinationPath: ForgeRunner.path)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/bash")
        p.arguments = ["-e", "-c", command]
        p.currentDirectoryURL = URL(fileURLWithPath: directory)
        var env = ProcessInfo.processInfo.environment
        env["OPENINGS"] = "openings"
        env["STRICT"] = strict ? "--strict" : ""
        env["FORGE_SHARE"] = Repository.root.path   // the name list and the shipped engine store, as a checkout has them
        p.environment = env
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle(forWritingAtPath: "/dev/null")
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// The first-opening example in `content/openings/coach/`, with `edit` applied to its text.
    static func plant(_ edit: (String) -> String) throws -> String {
        let dir = try Fixtures.tempDirectory()
        let coach = dir + "/content/openings/coach"
        try FileManager.default.createDirectory(atPath: coach, withIntermediateDirectories: true)
        let example = try String(contentsOf: Repository.root.appendingPathComponent("Examples/first-opening/coach/vienna-game.pgn"), encoding: .utf8)
        try edit(example).write(toFile: coach + "/vienna-game.pgn", atomically: true, encoding: .utf8)
        return dir
    }
}

@Test(.enabled(if: ForgeRunner.available))
func theShippedWorkflowFailsOnAnUnexplainedLearnerMove() throws {
    let command = try ContentWorkflow.validateCommand()
    let comment = "{The Vienna knight: from c3 it defends e4 and controls d5, and the f-pawn stays free to go to f4 one day.}"
    let planted = try ContentWorkflow.plant { text in
        #expect(text.contains(comment))
        return text.replacingOccurrences(of: comment, with: "")
    }
    defer { try? FileManager.default.removeItem(atPath: planted) }
    let r = try ContentWorkflow.run(command, in: planted, strict: false)
    #expect(r.status == 1, "\(r.stdout)")
    let annotations = r.stdout.split(separator: "\n").filter { $0.hasPrefix("::error ") }
    #expect(annotations.count == 1, "\(r.stdout)")
    #expect(annotations.first?.contains("file=content/openings/coach/vienna-game.pgn,line=16,") == true, "\(r.stdout)")
    #expect(annotations.first?.contains("VAL214") == true, "\(r.stdout)")
    #expect(annotations.first?.contains("learner move 2. Nc3 in the main line has no authored explanation") == true, "\(r.stdout)")
}

@Test(.enabled(if: ForgeRunner.available))
func theShippedWorkflowPassesTheExampleAsShipped() throws {
    let example = try ContentWorkflow.plant { $0 }
    defer { try? FileManager.default.removeItem(atPath: example) }
    let r = try ContentWorkflow.run(try ContentWorkflow.validateCommand(), in: example, strict: true)
    #expect(r.status == 0, "\(r.stdout)")
    #expect(!r.stdout.contains("::error"), "\(r.stdout)")
}
