/// The short answers to a request for something Beacon cannot look for (`ObjectVocabulary.answer`). Object names in
/// them are said in the language; what the person asked for is repeated as they said it.
public struct ObjectAnswerPhrases: PhraseTable {
    public init() {}

    /// Something people look for that the detector cannot see, with nothing to offer instead (glasses, a door).
    public let cannotSee = PhraseTemplate(
        "Beacon cannot see {name} yet; try an everyday object such as a cup, bottle, chair or phone.",
        ru: "Beacon пока не видит: {name}; попробуйте обычный предмет: чашка, бутылка, стул или телефон.",
        zh: "Beacon还看不到{name}；试试常见的物品，比如杯子、瓶子、椅子或手机。")
    /// … with classes it can look for instead (keys: a backpack or a handbag).
    public let cannotSeeTryInstead = PhraseTemplate(
        "Beacon cannot see {name} yet; it can look for a {alternatives} instead.",
        ru: "Beacon пока не видит: {name}; вместо этого можно искать: {alternatives}.",
        zh: "Beacon还看不到{name}；可以改为寻找{alternatives}。")
    public let didYouMean = PhraseTemplate("Beacon does not know \"{query}\"; did you mean {suggestion}?",
                                           ru: "Beacon не знает слова «{query}»; может быть, {suggestion}?",
                                           zh: "Beacon不认识“{query}”；您是说{suggestion}吗？")
    public let unknown = PhraseTemplate(
        "Beacon cannot look for \"{query}\" yet; try an everyday object such as a cup, bottle, chair or phone.",
        ru: "Beacon пока не умеет искать «{query}»; попробуйте обычный предмет: чашка, бутылка, стул или телефон.",
        zh: "Beacon还不会寻找“{query}”；试试常见的物品，比如杯子、瓶子、椅子或手机。")
}
