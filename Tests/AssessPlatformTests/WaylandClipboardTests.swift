import AssessCore
import AssessPlatform
import AssessTestSupport
import Testing

@Suite struct WaylandClipboardTests {
    @Test func wlCopyClearsEachSelectionOfTheGivenCompositor() async throws {
        let runner = RecordingCommandRunner(installed: ["wl-copy"])
        let regular = WaylandClipboard(
            selection: .clipboard, display: "wayland-1", runtimeDirectory: "/run/user/1000",
            runner: runner)
        let primary = WaylandClipboard(
            selection: .primary, display: "/tmp/wl.sock", runtimeDirectory: nil,
            runner: runner)
        #expect(try await regular.clear() == "cleared with wl-copy")
        _ = try await primary.clear()
        #expect(
            runner.commandLines == [
                "env WAYLAND_DISPLAY=wayland-1 XDG_RUNTIME_DIR=/run/user/1000 wl-copy --clear",
                "env WAYLAND_DISPLAY=/tmp/wl.sock wl-copy --primary --clear",
            ])
        #expect([regular.name, primary.name] == ["wayland-clipboard", "wayland-primary"])
    }

    @Test func aCompositorThatRefusesMakesClearFail() async throws {
        let runner = RecordingCommandRunner(installed: ["wl-copy"])
        runner.respond(
            to: "env", with: CommandResult(exitStatus: 1, standardError: "Failed to connect to a Wayland server\n"))
        let backend = WaylandClipboard(
            selection: .clipboard, display: "wayland-9", runtimeDirectory: nil, runner: runner)
        await #expect {
            try await backend.clear()
        } throws: { error in
            let failure = error as? ClipboardError
            return failure?.backend == "wayland-clipboard"
                && failure?.reason.hasSuffix("Failed to connect to a Wayland server") == true
        }
    }
}
