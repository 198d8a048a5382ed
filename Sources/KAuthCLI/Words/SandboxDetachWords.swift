/// Words of `kauth sandbox --detach`, `--env-file` and `--stop`: the sandbox used as ssh-agent is.
enum SandboxDetachWords: Message {
    /// The comment among the exports that says how to stop the sandbox they point at.
    case howToStop(pid: Int32)
    /// `--detach` started it, and it listens.
    case detached(url: String, pid: Int32)
    /// The background sandbox ended before it listened; `reason` is what it said, if anything.
    case endedBeforeListening(code: Int32, reason: String)
    /// It did not listen within `seconds`; it was stopped.
    case notListening(seconds: Int)
    /// kauth could not start itself in the background.
    case cannotStart(reason: String)
    /// The exports could not be written to the `--env-file`.
    case envFileNotWritten(path: String, reason: String)
    /// `--stop` with no `KAUTH_SANDBOX_PID`.
    case nothingToStop(variable: String, start: Invocation)
    /// `KAUTH_SANDBOX_PID` holds no process id.
    case notAProcessID(variable: String, value: String)
    /// The process the exports name has ended already.
    case alreadyStopped(pid: Int32, undo: Invocation)
    /// The process the exports name is something else: nothing is sent to it.
    case notASandbox(pid: Int32, variable: String)
    /// The process would not be signalled (another user's).
    case cannotSignal(pid: Int32)
    /// It did not end within `seconds` of SIGTERM.
    case stillRunning(pid: Int32, seconds: Int)
    /// It ended.
    case stopped(pid: Int32)
    /// `--stop` and `--detach` or `--env-file` together.
    case stopTakesNoOtherMode

    var localized: Localized {
        switch self {
        case .howToStop(let pid):
            Localized(
                en: "Stop it with `kauth sandbox --stop` (or `kill \(pid)`).",
                ko: "`kauth sandbox --stop`(또는 `kill \(pid)`)으로 멈춥니다.")
        case .detached(let url, let pid):
            Localized(
                en: "kauth sandbox: serving at \(url) in the background (pid \(pid)).",
                ko: "kauth sandbox: \(url)에서 백그라운드로 실행 중입니다(pid \(pid)).")
        case .endedBeforeListening(let code, let reason):
            Localized(
                en: "the sandbox ended (exit \(code)) before it listened"
                    + (reason.isEmpty ? "; run `kauth sandbox` without --detach to see why" : ": \(reason)"),
                ko: "샌드박스가 요청을 받기 전에 끝났습니다(종료 코드 \(code))"
                    + (reason.isEmpty ? ". 이유는 --detach 없이 `kauth sandbox`를 실행해 확인하십시오" : ": \(reason)"))
        case .notListening(let seconds):
            Localized(
                en:
                    "the sandbox did not listen within \(seconds) s and was stopped; run `kauth sandbox` without --detach to see why",
                ko: "샌드박스가 \(seconds)초 안에 요청을 받지 못해 멈췄습니다. 이유는 --detach 없이 `kauth sandbox`를 실행해 확인하십시오")
        case .cannotStart(let reason):
            Localized(
                en: "kauth could not start the sandbox in the background: \(reason)",
                ko: "kauth가 샌드박스를 백그라운드로 시작하지 못했습니다: \(reason)")
        case .envFileNotWritten(let path, let reason):
            Localized(
                en: "could not write the exports to \(path.visible): \(reason); pick another --env-file",
                ko: "\(path.visible)에 export 줄을 쓰지 못했습니다: \(reason). 다른 --env-file을 지정하십시오")
        case .nothingToStop(let variable, let start):
            Localized(
                en: "no sandbox to stop: \(variable) is not set in this shell (\(start) sets it)",
                ko: "멈출 샌드박스가 없습니다: 이 셸에 \(variable)이(가) 없습니다(\(start)이(가) 설정합니다)")
        case .notAProcessID(let variable, let value):
            Localized(
                en: "\(variable) is '\(value.visible)', not a process id",
                ko: "\(variable) 값 '\(value.visible)'은(는) 프로세스 ID가 아닙니다")
        case .alreadyStopped(let pid, let undo):
            Localized(
                en: "the sandbox (pid \(pid)) has already stopped; undo its exports with \(undo)",
                ko: "샌드박스(pid \(pid))는 이미 멈췄습니다. export한 변수는 \(undo)로 지우십시오")
        case .notASandbox(let pid, let variable):
            Localized(
                en:
                    "process \(pid) is not a kauth sandbox (its id may have been reused): nothing was sent to it; unset \(variable)",
                ko: "프로세스 \(pid)은(는) kauth 샌드박스가 아닙니다(ID가 재사용되었을 수 있습니다). 아무 신호도 보내지 않았습니다. \(variable)을(를) 지우십시오")
        case .cannotSignal(let pid):
            Localized(
                en: "the sandbox (pid \(pid)) could not be stopped: it belongs to another user",
                ko: "샌드박스(pid \(pid))를 멈추지 못했습니다: 다른 사용자의 프로세스입니다")
        case .stillRunning(let pid, let seconds):
            Localized(
                en: "the sandbox (pid \(pid)) still runs \(seconds) s after SIGTERM; stop it with `kill -9 \(pid)`",
                ko: "샌드박스(pid \(pid))가 SIGTERM 뒤 \(seconds)초가 지나도 실행 중입니다. `kill -9 \(pid)`로 멈추십시오")
        case .stopped(let pid):
            Localized(en: "kauth sandbox: stopped (pid \(pid)).", ko: "kauth sandbox: 멈췄습니다(pid \(pid)).")
        case .stopTakesNoOtherMode:
            Localized(
                en: "--stop stops the sandbox the exports name; it takes neither --detach nor --env-file",
                ko: "--stop은 export한 변수가 가리키는 샌드박스를 멈춥니다. --detach나 --env-file과 함께 쓸 수 없습니다")
        }
    }
}
