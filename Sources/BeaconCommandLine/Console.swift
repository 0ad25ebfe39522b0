import BeaconRuntime
import Foundation

/// Text for the terminal, flushed line by line so pipes and screen readers see results as they come.
public enum Console {
    private static let streams = StandardStreams()

    public static func line(_ text: String) { streams.line(text) }

    public static func note(_ text: String) { streams.note(text) }

    public static func json<T: Encodable>(_ value: T) throws { try streams.json(value) }
}
