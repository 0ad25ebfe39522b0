/// Everything a person can ask the assistant, whatever way they asked: voice, a typed line, a key, or a button on
/// a phone. Arguments stay as said ("my mug"); the session resolves them against what its engines know.
public enum AssistantCommand: Sendable, Hashable, Codable {
    case findObject(String)
    case findText(String)
    case read
    case explore
    case scanNow
    /// "What is this": the product by its barcode, else the thing in the middle of the picture.
    case identify
    /// "What colour is this": the thing in the middle, or the middle of the picture.
    case colour
    /// "Is the light on": how bright the picture is, and a light in view.
    case light
    /// Light mode: a tone whose pitch follows the brightness, for finding a window or a lamp.
    case lightTone
    /// Aiming at a barcode by sound: beats that rise as the bars grow and centre, then the product once it reads.
    case scanCode
    /// Short text: every new line of text that comes into view is said once, without capturing a page.
    case shortText
    /// The allergens of the product "what is this" last named.
    case allergens
    case continuous
    case onDemand
    /// Walk mode: obstacles, walls and stairs from depth (Guider's navigation).
    case walk
    /// Find the car that came for the person by its plate (and colour): "find my ride, red, plate PF F 3600".
    case findRide(String)
    /// Ask a volunteers' hub's sighted volunteers to find this thing in the camera's photos ("ask for help finding my keys").
    case askForHelp(String)
    /// The thing a helper marked is found: the request closes (its photos are deleted on the hub).
    case foundIt
    /// Stop sending photos to helpers now: the request closes.
    case stopSharing
    /// Teach Beacon one of the person's own things from the camera ("teach my keys"): a guided series of views.
    case teach(String)
    /// Forget a taught thing: its views are wiped from the data folder.
    case forget(String)
    /// "What have you learned": the taught things, with their number of views.
    case whatHaveYouLearned
    case stop
    /// After a suspected fall: the person is all right; the alarm ends (any key and stop end it too).
    case imOK
    case pause
    case resume
    /// A single key toggles: pause when running, resume when paused.
    case pauseOrResume
    case repeatLast
    case whereIsIt
    /// Reading: the next sentence, the one before.
    case next
    case back
    /// The reader's own speed key: fast or normal, going on from the word being said (`read`'s f key).
    case toggleReadingSpeed
    case louder
    case quieter
    case faster
    case slower
    case language(TextLanguage)
    case alertMe(String)
    case stopAlerting(String)
    case ignore(String)
    case stopIgnoring(String)
    /// 0…1 (said as a percentage).
    case confidence(Double)
    case batterySaver(Bool)
    case recentDetections
    case usage
    case help
    case tutorial
    /// Voice: start listening for one command (the push-to-talk key).
    case listen
    case quit
}

/// What a line of input turned out to be.
public enum ParsedInput: Sendable, Hashable {
    case command(AssistantCommand)
    /// Words that are no command; the text is what was heard or typed.
    case unknown(String)
    /// A command that needs an argument it did not get, or got one that is no valid value ("confidence loud"):
    /// which command it was, and what was given.
    case incomplete(command: String, given: String)
}
