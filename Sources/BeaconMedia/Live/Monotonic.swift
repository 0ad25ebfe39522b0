import Foundation

/// Seconds on the monotonic clock, for measuring intervals.
public enum Monotonic {
    public static func seconds() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }
}
