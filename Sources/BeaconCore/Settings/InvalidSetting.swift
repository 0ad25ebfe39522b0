/// A setting value (or name) that was refused, with the one sentence that says why and what stays.
///
/// The sentence names the valid values and the value kept: "Volume must be 0 to 100 percent in steps of 10; it
/// stays 80." It is English: the command line shows it as it is; a spoken refusal in another language would come
/// from the phrasebook.
public struct InvalidSetting: Error, Sendable, Hashable, UserFacingError {
    /// nil when the setting's name itself was not known.
    public let key: SettingKey?
    public let given: String
    public var sentence: String

    public init(key: SettingKey?, given: String, sentence: String) {
        self.key = key
        self.given = given
        self.sentence = sentence
    }
}
