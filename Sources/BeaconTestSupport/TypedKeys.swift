import Foundation

/// Keys a test types into a terminal on cue, as a person at the keyboard would: after so many seconds, or once the
/// screen has shown a text.
public enum KeyCue: Sendable {
    /// So long after typing began.
    case after(Double)
    /// `wait` seconds after the screen showed `text` `times` times.
    case onScreen(String, times: Int = 1, wait: Double = 0)
}

public enum TypedKeys {
    /// Types each key when its cue comes; stops early once `stillRunning` says the program ended. A screen that never
    /// shows its text gives up after 60 s, so a test fails instead of hanging.
    public static func type(_ keys: [(cue: KeyCue, key: String)], screen: () -> String, stillRunning: () -> Bool,
                            write: (String) -> Void) {
        let started = Date()
        for (cue, key) in keys {
            switch cue {
            case .after(let seconds):
                let wait = seconds - Date().timeIntervalSince(started)
                if wait > 0 { Thread.sleep(forTimeInterval: wait) }
            case .onScreen(let text, let times, let wait):
                let deadline = Date().addingTimeInterval(60)
                while screen().components(separatedBy: text).count - 1 < times, stillRunning(), Date() < deadline {
                    Thread.sleep(forTimeInterval: 0.02)
                }
                Thread.sleep(forTimeInterval: wait)
            }
            guard stillRunning() else { return }
            write(key)
        }
    }
}
