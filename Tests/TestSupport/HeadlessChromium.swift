#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// A real headless Chromium driven through the DevTools protocol over a pipe
/// (`--remote-debugging-pipe`: commands on its fd 3, answers on its fd 4, each message ending
/// in a NUL), so that tests can look at a page as a browser lays it out, at any viewport
/// width (the `--window-size` of headless Chromium cannot go below 500 px), measure it in
/// the DOM and take screenshots. No network: pages are files, and background fetches are off.
public final class HeadlessChromium: @unchecked Sendable {
    /// The Chromium to run: `$COMPCTL_CHROMIUM`, else `chromium`, `chromium-browser`,
    /// `google-chrome` or `google-chrome-stable` on `PATH`; nil when there is none.
    public static var executable: String? {
        let environment = ProcessInfo.processInfo.environment
        if let chosen = environment["COMPCTL_CHROMIUM"], !chosen.isEmpty { return chosen }
        for name in ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"] {
            for directory in (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
                let candidate = "\(directory)/\(name)"
                if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            }
        }
        return nil
    }

    private let pid: pid_t
    private let commands: Int32
    private let answers: Int32
    private let profile: TemporaryDirectory
    private var buffer: [UInt8] = []
    private var pending: [[String: Any]] = []
    private var nextID = 0
    private var closed = false

    /// Starts `executable` headless, with a fresh profile.
    public init(executable: String) throws {
        profile = try TemporaryDirectory(prefix: "compctl-chromium")
        var toChromium: [Int32] = [0, 0], fromChromium: [Int32] = [0, 0]
        guard pipe(&toChromium) == 0, pipe(&fromChromium) == 0 else { throw TestSupportError("cannot make pipes for chromium") }
        let arguments = [
            executable, "--headless", "--remote-debugging-pipe", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
            "--no-first-run", "--no-default-browser-check", "--disable-background-networking", "--disable-component-update",
            "--disable-sync", "--disable-extensions", "--disable-default-apps", "--mute-audio", "--hide-scrollbars",
            "--user-data-dir=\(profile.path)", "about:blank",
        ]
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, profile.path("chromium.log"), O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        posix_spawn_file_actions_adddup2(&actions, toChromium[0], 3)
        posix_spawn_file_actions_adddup2(&actions, fromChromium[1], 4)
        for fd in [toChromium[0], toChromium[1], fromChromium[0], fromChromium[1]] where fd > 4 {
            posix_spawn_file_actions_addclose(&actions, fd)
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        // Its own process group, so that its helper processes end with it.
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETPGROUP))
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = ProcessInfo.processInfo.environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var child: pid_t = 0
        let status = posix_spawn(&child, executable, &actions, &attributes, argv, envp)
        systemClose(toChromium[0])
        systemClose(fromChromium[1])
        guard status == 0 else {
            systemClose(toChromium[1])
            systemClose(fromChromium[0])
            throw TestSupportError("cannot start \(executable): \(String(cString: strerror(status)))")
        }
        pid = child
        commands = toChromium[1]
        answers = fromChromium[0]
        _ = fcntl(commands, F_SETFD, FD_CLOEXEC)
        _ = fcntl(answers, F_SETFD, FD_CLOEXEC)
    }

    deinit {
        close()
    }

    /// Closes the browser and reaps it (killing its process group if it does not end).
    public func close() {
        guard !closed else { return }
        closed = true
        try? write(["id": 999_999, "method": "Browser.close"])
        systemClose(commands)
        var status: Int32 = 0
        let deadline = Date().addingTimeInterval(5)
        while waitpid(pid, &status, WNOHANG) == 0 {
            if Date() > deadline {
                kill(-pid, SIGKILL)
                waitpid(pid, &status, 0)
                break
            }
            usleep(20_000)
        }
        systemClose(answers)
    }

    /// Sends a DevTools command and returns its result, keeping the events that come first.
    @discardableResult
    public func send(_ method: String, _ parameters: [String: Any] = [:], session: String? = nil,
                     timeout: Double = 30) throws -> [String: Any] {
        nextID += 1
        let id = nextID
        var message: [String: Any] = ["id": id, "method": method, "params": parameters]
        if let session { message["sessionId"] = session }
        try write(message)
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let answer = try read(until: deadline, waitingFor: method)
            if answer["id"] as? Int == id {
                if let error = answer["error"] as? [String: Any] {
                    throw TestSupportError("chromium: \(method) failed: \(error["message"] ?? error)")
                }
                return answer["result"] as? [String: Any] ?? [:]
            }
            pending.append(answer)
        }
    }

    /// Waits for the event `method` (of `session`), returning its parameters.
    public func wait(for method: String, session: String? = nil, timeout: Double = 30) throws -> [String: Any] {
        let matches = { (event: [String: Any]) in
            event["method"] as? String == method && (session == nil || event["sessionId"] as? String == session)
        }
        if let index = pending.firstIndex(where: matches) {
            return pending.remove(at: index)["params"] as? [String: Any] ?? [:]
        }
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let event = try read(until: deadline, waitingFor: method)
            if matches(event) { return event["params"] as? [String: Any] ?? [:] }
            pending.append(event)
        }
    }

    /// Opens `url` in a new tab whose viewport is `width` × `height` CSS pixels at scale 1
    /// (`mobile`: as a phone, which honours the page's viewport meta tag), once it has loaded.
    public func open(_ url: URL, width: Int, height: Int, mobile: Bool) throws -> ChromiumPage {
        let target = try send("Target.createTarget", ["url": "about:blank"])
        guard let targetID = target["targetId"] as? String else { throw TestSupportError("chromium: no target id in \(target)") }
        let attached = try send("Target.attachToTarget", ["targetId": targetID, "flatten": true])
        guard let session = attached["sessionId"] as? String else { throw TestSupportError("chromium: no session in \(attached)") }
        let page = ChromiumPage(browser: self, session: session, width: width)
        try send("Emulation.setDeviceMetricsOverride",
                 ["width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile], session: session)
        try send("Page.enable", session: session)
        try send("Page.navigate", ["url": url.absoluteString], session: session)
        _ = try wait(for: "Page.loadEventFired", session: session)
        return page
    }

    private func write(_ message: [String: Any]) throws {
        var data = try JSONSerialization.data(withJSONObject: message)
        data.append(0)
        try data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = systemWrite(commands, raw.baseAddress! + offset, raw.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw TestSupportError("chromium: cannot send a command (\(String(cString: strerror(errno))))")
                }
                offset += written
            }
        }
    }

    private func read(until deadline: Date, waitingFor what: String) throws -> [String: Any] {
        while true {
            if let end = buffer.firstIndex(of: 0) {
                let message = Data(buffer[..<end])
                buffer.removeSubrange(...end)
                guard let object = try JSONSerialization.jsonObject(with: message) as? [String: Any] else { continue }
                return object
            }
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { throw TestSupportError("chromium: no answer to \(what) in time") }
            var descriptor = pollfd(fd: answers, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, Int32(min(left, 1) * 1000))
            if ready < 0, errno != EINTR { throw TestSupportError("chromium: poll failed") }
            guard ready > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 65_536)
            let count = systemRead(answers, &chunk, chunk.count)
            if count == 0 {
                let log = (try? String(contentsOfFile: profile.path("chromium.log"), encoding: .utf8)) ?? ""
                throw TestSupportError("chromium ended while waiting for \(what): \(log.suffix(2000))")
            }
            if count > 0 { buffer += chunk[..<count] }
        }
    }
}

/// A tab of `HeadlessChromium` with a page loaded.
public struct ChromiumPage {
    let browser: HeadlessChromium
    let session: String
    let width: Int

    /// The value of the JavaScript `expression` (JSON-compatible values), evaluated in the page.
    public func evaluate(_ expression: String) throws -> Any? {
        let result = try browser.send(
            "Runtime.evaluate", ["expression": expression, "returnByValue": true, "awaitPromise": true], session: session)
        if let exception = result["exceptionDetails"] { throw TestSupportError("chromium: \(expression) threw \(exception)") }
        return (result["result"] as? [String: Any])?["value"]
    }

    /// A PNG of the whole page (beyond the viewport, down to its end) at the viewport's width.
    public func screenshot(to file: URL) throws {
        let height = try evaluate("Math.ceil(document.documentElement.scrollHeight)") as? Int ?? 1000
        let shot = try browser.send("Page.captureScreenshot", [
            "format": "png", "captureBeyondViewport": true,
            "clip": ["x": 0, "y": 0, "width": width, "height": height, "scale": 1],
        ], session: session, timeout: 60)
        guard let base64 = shot["data"] as? String, let data = Data(base64Encoded: base64) else {
            throw TestSupportError("chromium: no screenshot data")
        }
        try data.write(to: file)
    }
}

// Free functions, so that the C calls are not shadowed by the methods of the same names.
private func systemClose(_ fd: Int32) { _ = close(fd) }
private func systemWrite(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int { write(fd, bytes, count) }
private func systemRead(_ fd: Int32, _ bytes: UnsafeMutableRawPointer, _ count: Int) -> Int { read(fd, bytes, count) }
