// lock-contender: one process that races for the terminal lock, for the lock tests.
//
//   lock-contender DIR acquire HOLD_MS [--boot-id ID] [--wait-for FILE]
//       With --wait-for, prints `ready` and waits until FILE exists. Then tries to
//       take the lock in DIR once and prints one line: `acquired`, `refused live PID`,
//       `refused stale PID`, or `error MESSAGE`. After `acquired` it holds the lock HOLD_MS milliseconds,
//       releases it and prints `released`.
//   lock-contender DIR inspect [--boot-id ID]
//       Prints `free`, `live PID`, `stale PID` or `previous-boot PID`.
//
// The boot id is this boot's unless --boot-id gives another. Every line is flushed at
// once, so a test can read it while the process still holds the lock.
import AssessCore
import AssessPlatform
import Foundation

func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

func fail(_ message: String) -> Never {
    say("error \(message)")
    exit(1)
}

func option(_ name: String, in arguments: [String]) -> String? {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
    return arguments[index + 1]
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 2 else {
    fail("usage: lock-contender DIR acquire HOLD_MS [--boot-id ID] [--wait-for FILE] | DIR inspect [--boot-id ID]")
}
let context = ProcessContext.current()
let bootID = option("--boot-id", in: arguments) ?? context.bootID
let lock = FileTerminalLock(directory: arguments[0], bootID: bootID)

func describe(_ inspection: LockInspection) -> String {
    switch inspection {
    case .free: return "free"
    case .live(let record): return "live \(record.pid)"
    case .stale(let record): return "stale \(record.pid)"
    case .fromPreviousBoot(let record): return "previous-boot \(record.pid)"
    }
}

switch arguments[1] {
case "acquire":
    guard arguments.count >= 3, let holdMilliseconds = Double(arguments[2]) else { fail("HOLD_MS missing") }
    if let signal = option("--wait-for", in: arguments) {
        say("ready")
        let deadline = Date().addingTimeInterval(30)
        while !FileManager.default.fileExists(atPath: signal) {
            guard Date() < deadline else { fail("\(signal) never appeared") }
            usleep(1_000)
        }
    }
    let now = Date()
    let record = LockRecord(
        pid: context.pid, bootID: bootID, user: context.userName, tty: context.tty,
        examID: "race", examKey: "race-key", candidate: "contender-\(context.pid)",
        startedAt: now, expiresAt: now.addingTimeInterval(3600))
    do {
        switch try lock.acquire(record) {
        case .acquired:
            say("acquired")
            Thread.sleep(forTimeInterval: holdMilliseconds / 1000)
            try lock.release()
            say("released")
        case .refused(let found):
            say("refused \(describe(found))")
        }
    } catch {
        fail("\(error)")
    }
case "inspect":
    do {
        say(describe(try lock.inspect()))
    } catch {
        fail("\(error)")
    }
default:
    fail("unknown command \(arguments[1])")
}
