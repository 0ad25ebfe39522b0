import BeaconCore
import Foundation

/// A phone's camera: JPEG frames pushed from its connection, decoded on the session's frame thread (never on the
/// network's), newest first: a frame that arrives while one waits replaces it. Frames stay in memory only.
public final class PhoneFrameSource: LiveFrameSource, @unchecked Sendable {
    public let name: String
    /// The newest JPEG and its number in the phone's frame messages.
    private let slot = NewestValueSlot<(jpeg: [UInt8], number: Int), Never>()
    private let start = Monotonic.seconds()
    private let decoder = ImageDecoder(maxPixels: 1920 * 1920)
    /// Called with a sentence when a frame cannot be read: the connection is closed with it.
    private let onUnreadable: @Sendable (String) -> Void

    public init(name: String, onUnreadable: @escaping @Sendable (String) -> Void) {
        self.name = name
        self.onUnreadable = onUnreadable
    }

    /// A frame from the phone; `number` counts the phone's frame messages, for the sentence about a bad one.
    public func push(_ jpeg: [UInt8], number: Int) {
        slot.publish((jpeg, number))
    }

    /// The phone went away: the next `nextFrame` ends the source.
    public func finish() {
        slot.end(discardingWaiting: true)
    }

    public func nextFrame() throws -> Frame? {
        guard case .value(let taken) = slot.take() else { return nil }
        do {
            let picture = try decoder.decode(Data(taken.jpeg), name: "Frame \(taken.number)")
            return Frame(width: picture.width, height: picture.height, rgb: picture.rgb,
                         timestamp: Monotonic.seconds() - start, index: taken.number)
        } catch {
            onUnreadable("Frame \(taken.number) is not a readable JPEG.")
            finish()
            return nil
        }
    }
}
