/// What the volunteers' hub, and the runtime's follower of a marked spot, tell the session.
public enum VolunteersEvent: Sendable, Hashable {
    /// The frame the session asked for (`VolunteersEffect.sendPhoto`) reached the hub as its photo number `photo`.
    case photoSent(photo: Int, frame: Int)
    /// A helper took the request.
    case taken
    /// A helper marked the thing, said it is not in a photo, or wrote words.
    case marked(VolunteerMark)
    /// The marked spot was found again in the picture of `frame` (the photo's patch around the mark, matched there).
    case markSeen(NormalizedPoint, frame: Int)
    /// The helper ended the request, or the hub closed it.
    case closed
    /// The request cannot go on.
    case failed(HelpFailure)
}

public enum HelpFailure: Sendable, Hashable {
    /// This Beacon joined no hub (`beacon volunteers join`).
    case notJoined
    /// The hub did not answer.
    case unreachable
    /// The hub no longer knows this Beacon (blocked or removed).
    case notMember
    /// The hub refused the request (too many requests, say).
    case refused
}

/// What the session asks of the helpers' adapter.
public enum VolunteersEffect: Sendable, Hashable {
    /// Open a request for help finding `object`, for helpers who speak `language`.
    case ask(object: String, language: TextLanguage)
    /// Send the picture of this frame (the newest) as the request's next photo, answered with `photoSent`.
    case sendPhoto(frame: Int)
    /// Look for the marked spot, at `point` in the photo of frame `photoFrame`, in the frames from now on, and report
    /// it with `markSeen` when it is found again.
    case follow(point: NormalizedPoint, photoFrame: Int)
    /// Close the request: the hub deletes its photos; nothing more is sent.
    case close
}

/// How a request for help behaves: ViewShare's and Be My Eyes' habits, in numbers.
public struct HelpPolicy: Sendable {
    /// Seconds between photos while the request is open.
    public var photoInterval = 2.0
    /// Photos sent at most in one request.
    public var maximumPhotos = 30
    /// Seconds with no helper before "No helper yet; still asking." (and again each time after as long).
    public var stillAskingAfter = 40.0
    /// The marked spot is guided to as a square this share of the picture's width.
    public var markSize = 0.08

    public init() {}
}

/// One request for a sighted helper's eyes, as the session keeps it: which frames went out as photos and how far
/// the camera has turned since each, and, once a helper marked the thing, where the marked spot is in the picture
/// now. The spot is carried by the camera's measured motion between frames and put back where the runtime finds
/// the photo's patch again; it may lie outside the picture (the person turned away), which says which way to turn.
struct HelpRequest: Sendable {
    let thing: String
    let policy: HelpPolicy
    private(set) var isTaken = false
    private(set) var photosAsked = 0
    private var lastPhotoAt: Double?
    private(set) var lastReminderAt: Double
    /// The camera's motion since each frame asked for as a photo.
    private var motionSince: [Int: CameraMotion] = [:]
    /// Hub photo numbers and the frames they are.
    private var photoFrames: [Int: Int] = [:]
    /// Where the marked spot is in the current picture; nil until a helper marks.
    private(set) var mark: NormalizedPoint?

    init(thing: String, at timestamp: Double, policy: HelpPolicy) {
        self.thing = thing
        self.policy = policy
        lastReminderAt = timestamp
    }

    /// Whether this frame should go out as the next photo; if so it is counted as sent.
    mutating func takesPhoto(frame: Int, at timestamp: Double) -> Bool {
        guard photosAsked < policy.maximumPhotos else { return false }
        if let lastPhotoAt, timestamp - lastPhotoAt < policy.photoInterval { return false }
        lastPhotoAt = timestamp
        photosAsked += 1
        motionSince[frame] = .zero
        return true
    }

    mutating func photoSent(_ photo: Int, frame: Int) { photoFrames[photo] = frame }

    /// "No helper yet" is due: nobody took the request for the policy's while since it was asked (or last said).
    mutating func reminderDue(at timestamp: Double) -> Bool {
        guard !isTaken, timestamp - lastReminderAt >= policy.stillAskingAfter else { return false }
        lastReminderAt = timestamp
        return true
    }

    /// True the first time only.
    mutating func take() -> Bool {
        defer { isTaken = true }
        return !isTaken
    }

    mutating func cameraMoved(_ motion: CameraMotion) {
        for frame in motionSince.keys { motionSince[frame]! = motionSince[frame]! + motion }
        mark = mark?.moved(by: motion)
    }

    /// A helper's mark on photo `photo`, carried to the current picture; nil for a photo this request never sent
    /// (or whose frame's motion is unknown). Returns the spot now and the frame the photo was.
    mutating func marked(photo: Int, at point: NormalizedPoint) -> (now: NormalizedPoint, photoFrame: Int)? {
        guard let frame = photoFrames[photo], let motion = motionSince[frame] else { return nil }
        let now = point.moved(by: motion)
        mark = now
        return (now, frame)
    }

    /// The runtime found the photo's patch around the mark in the current picture.
    mutating func seen(at point: NormalizedPoint) {
        guard mark != nil else { return }
        mark = point
    }

    /// The marked spot as the detection guidance follows: a small square around it, while it is in the picture.
    func markDetection(classIndex: Int) -> Detection? {
        guard let mark, (0...1).contains(mark.x), (0...1).contains(mark.y) else { return nil }
        let half = policy.markSize / 2
        return Detection(classIndex: classIndex, label: thing, confidence: 1,
                         box: NormalizedRect(x: mark.x - half, y: mark.y - half, width: policy.markSize, height: policy.markSize))
    }
}
