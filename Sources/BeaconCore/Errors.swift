/// An error that can be told to the user as one short sentence, suitable for speaking aloud.
///
/// Every module has its own typed errors; each conforms to this so the edge (the CLI, later the server)
/// renders them the same way, once.
public protocol UserFacingError: Error, CustomStringConvertible {
    /// One clear sentence: what went wrong, naming the file or thing involved, and what to do.
    var sentence: String { get }
}

extension UserFacingError {
    public var description: String { sentence }
}
