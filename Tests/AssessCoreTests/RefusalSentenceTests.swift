import AssessCore
import Foundation
import Testing

/// Why a lock was refused, as the student reads it (in the student's language) and as the
/// event log keeps it (in English, the words it always had).
@Suite struct RefusalSentenceTests {
    static let holder = LockRecord(
        pid: 4242, bootID: "boot", user: "ana", tty: "/dev/pts/3", examID: "capitals",
        examKey: "key", candidate: "c-17", startedAt: Date(timeIntervalSince1970: 0),
        expiresAt: Date(timeIntervalSince1970: 3600))

    @Test func theLogKeepsItsEnglishSentences() {
        #expect(
            LockFailureReason.heldByAnother(Self.holder).description
                == "the terminal is locked by pid 4242 for exam capitals, candidate c-17")
        let surroundings = LockFailureReason.surroundings([
            .localeNotUTF8(""),
            .terminalTooSmall(TerminalSize(columns: 60, rows: 20), minimum: TerminalSize(columns: 80, rows: 24)),
        ])
        #expect(
            surroundings.description == "the locale is not UTF-8 (LANG is not set); set LANG=C.UTF-8; "
                + "the terminal is 60x20, smaller than the 80x24 an exam needs; enlarge the window")
    }

    @Test func theStudentReadsThemInTheirLanguageWithThePidWrittenAsIs() {
        let japanese = Catalogue.of(.japanese)
        // A process id is a name, not a quantity: no digit grouping (not "4,242").
        #expect(
            LockFailureReason.heldByAnother(Self.holder).sentence(in: japanese)
                == "端末は試験 capitals、受験者 c-17 の pid 4242 にロックされています")
        #expect(
            LockFailureReason.surroundings([.multiplexer("tmux"), .noTerminal]).sentence(in: japanese)
                == "ポリシーが許可していない tmux の中で動いています(ほかのウィンドウに切り替えられるため)。試験を表示する端末がありません")
        #expect(LockFailureReason.declined.sentence(in: .of(.vietnamese)) == "thí sinh đã từ chối khóa máy")
    }

    @Test func theCountOfWritesWaitingAgreesWithItsNounInEachLanguage() {
        let path: [String: any Sendable] = ["path": "/j"]
        func waiting(_ language: InterfaceLanguage, _ count: Int) -> String {
            let sentence = Catalogue.of(language).plural("terminal.writes-waiting", count: count, path)
            return String(sentence[..<(sentence.range(of: "/j")?.lowerBound ?? sentence.endIndex)])
        }
        #expect(waiting(.english, 1) == "the server is away: 1 write of this sitting waits on this terminal in ")
        #expect(
            waiting(.english, 1_200) == "the server is away: 1,200 writes of this sitting wait on this terminal in ")
        #expect(
            waiting(.brazilianPortuguese, 1)
                == "o servidor está fora do ar: 1 gravação desta sessão espera neste terminal em ")
        #expect(
            waiting(.brazilianPortuguese, 1_200)
                == "o servidor está fora do ar: 1.200 gravações desta sessão esperam neste terminal em ")
        #expect(waiting(.japanese, 1_200) == "サーバーに接続できません: この受験の書き込み 1,200 件がこの端末の ")
        #expect(waiting(.korean, 2) == "서버에 연결할 수 없습니다: 이 응시의 기록 2건이 이 단말기의 ")
        #expect(
            waiting(.vietnamese, 1_200)
                == "không kết nối được máy chủ: 1.200 bản ghi của lượt thi này đang chờ trên máy này trong ")
    }
}
