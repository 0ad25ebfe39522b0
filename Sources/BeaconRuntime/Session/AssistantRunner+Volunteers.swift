import BeaconCore
import BeaconMedia
import BeaconVision
import Foundation

/// Help from a distance in the runner: the session's requests go to the `VolunteersLink`, frames asked for go out as
/// JPEG photos, and once a helper marked one, the photo's patch around the mark is looked for in each new frame.
extension AssistantRunner {
    /// What the volunteers' hub said since the last call goes to the session.
    public func feedVolunteers(at clock: Double) throws {
        for event in helpers?.takeEvents() ?? [] { try dispatch(.helpers(event, timestamp: clock), at: clock) }
    }

    func volunteersEffect(_ effect: VolunteersEffect) {
        switch effect {
        case .sendPhoto(let index):
            guard let frame = recentFrames.last(where: { $0.index == index }) else { return }
            photoThumbnails[index] = MarkedSpotMatcher.thumbnail(frame)
            let orientation = cameraOrientation?()
            helpers?.handle(effect) { (try JPEGEncoder.encode(frame), orientation) }
        case .follow(let point, let photoFrame):
            // A spot with too little texture (a plain wall) is followed by the camera's motion alone.
            markMatcher = photoThumbnails[photoFrame].flatMap { MarkedSpotMatcher(photo: $0, mark: point) }
        case .ask, .close:
            photoThumbnails = [:]
            markMatcher = nil
            helpers?.handle(effect) { nil }
        }
    }

    /// The marked spot found again in this frame, near where the camera's motion carried it, goes to the session
    /// before the frame does, so the frame's guidance aims at it.
    func followMark(in frame: Frame, at clock: Double) throws {
        guard let markMatcher, case .askingForHelp = session.mode, let predicted = session.markedSpot,
              (0...1).contains(predicted.x), (0...1).contains(predicted.y) else { return }
        guard let found = markMatcher.find(in: MarkedSpotMatcher.thumbnail(frame), near: predicted) else { return }
        try dispatch(.helpers(.markSeen(found.point, frame: frame.index), timestamp: clock), at: clock)
    }
}
