import Foundation

/// What identify says: the code or product, the thing, the colour and the light.
public struct IdentifyPhrases: PhraseTable {
    public init() {}

    /// `{number}` is the product number grouped as printed ("5 901234 123457").
    public let notInList = PhraseTemplate("Barcode {number}; not in your product list.",
                                          ru: "Штрихкод {number}; его нет в вашем списке продуктов.",
                                          zh: "条形码{number}；不在你的商品列表里。")
    public let code = PhraseTemplate("Barcode {number}.", ru: "Штрихкод {number}.", zh: "条形码{number}。")
    public let webAddress = PhraseTemplate("QR code: web address, {site}.", ru: "Двумерный код: адрес сайта {site}.",
                                           zh: "二维码：网址，{site}。")
    public let qrText = PhraseTemplate("QR code: {text}.", ru: "Двумерный код: {text}.", zh: "二维码：{text}。")

    /// Nothing believed in the picture: no code, no thing over its middle.
    public let cannotTell = PhraseTemplate("I can't tell; try another side.", ru: "Не могу понять; покажите другую сторону.",
                                           zh: "看不出来，换一面试试。")

    /// The classifier's guess, never said as a fact; `{thing}` is "a ball" in English, the bare noun otherwise.
    public let guess = PhraseTemplate("Maybe {thing}.", ru: "Возможно, это {thing}.", zh: "可能是{thing}。")

    public let colour = PhraseTemplate("{colour}.", ru: "{colour}.", zh: "{colour}。")
    public let twoColours = PhraseTemplate("{first} and {second}.", ru: "{first} и {second}.", zh: "{first}和{second}。")
    public let colourUnsure = PhraseTemplate("Colour not sure; maybe {colour}.", ru: "Не уверен в цвете; возможно, {colour}.",
                                             zh: "颜色不确定，可能是{colour}。")
    public let noColour = PhraseTemplate("Colour unknown; too little to see.", ru: "Цвет не определить: слишком мало видно.",
                                         zh: "看不清颜色。")

    /// `{allergens}` are Open Food Facts' words, as listed.
    public let contains = PhraseTemplate("Contains {allergens}.", ru: "Содержит: {allergens}.", zh: "含有{allergens}。")
    /// A list without them may simply be incomplete: "listed", not "none".
    public let noAllergens = PhraseTemplate("No allergens listed.", ru: "Аллергены не указаны.", zh: "没有列出过敏原。")
    public let noProductYet = PhraseTemplate("No product yet; say what is this.", ru: "Продукта ещё нет; скажите «что это».",
                                             zh: "还没有商品；请说“这是什么”。")

    public let shortTextMode = PhraseTemplate("Short text; new lines are read as they come into view.",
                                              ru: "Короткий текст; новые строки читаются, как только видны.",
                                              zh: "短文本；看到新的一行就读出来。")
    /// Said after a line that runs off the picture, so the person turns that way for the rest.
    public let cutOffLeft = PhraseTemplate("Text cut off on the left.", ru: "Текст обрезан слева.", zh: "文字左边被截断。")
    public let cutOffRight = PhraseTemplate("Text cut off on the right.", ru: "Текст обрезан справа.", zh: "文字右边被截断。")
    public let cutOffBoth = PhraseTemplate("Text cut off on both sides.", ru: "Текст обрезан с обеих сторон.",
                                           zh: "文字两边都被截断。")

    public let lightMode = PhraseTemplate("Light mode; the tone rises with the light.", ru: "Режим света; чем светлее, тем выше тон.",
                                          zh: "光线模式；越亮音调越高。")

    /// Aiming at a code by sound.
    public let aimAtCode = PhraseTemplate("Barcode search; follow the beats.", ru: "Поиск штрихкода; следуйте за сигналами.",
                                          zh: "寻找条码；跟着提示音。")
    public let barsInView = PhraseTemplate("Barcode in view; follow the beats.", ru: "Виден штрихкод; следуйте за сигналами.",
                                           zh: "看到条码了；跟着提示音。")
    public let closer = PhraseTemplate("Closer.", ru: "Ближе.", zh: "靠近一点。")
    public let holdStill = PhraseTemplate("Hold still.", ru: "Не двигайте.", zh: "别动。")
    public let noBarsYet = PhraseTemplate("No barcode in view; turn the package slowly.",
                                          ru: "Штрихкода не видно; медленно поворачивайте упаковку.", zh: "没看到条码；慢慢转动包装。")

    public let dark = PhraseTemplate("Dark picture.", ru: "Снимок тёмный.", zh: "画面很暗。")
    public let dim = PhraseTemplate("Dim picture.", ru: "Снимок тусклый.", zh: "画面偏暗。")
    public let bright = PhraseTemplate("Bright picture.", ru: "Снимок светлый.", zh: "画面明亮。")
    public let lightLeft = PhraseTemplate("A light on the left.", ru: "Свет слева.", zh: "左边有光源。")
    public let lightAhead = PhraseTemplate("A light ahead.", ru: "Свет впереди.", zh: "前方有光源。")
    public let lightRight = PhraseTemplate("A light on the right.", ru: "Свет справа.", zh: "右边有光源。")

    /// "What is this": the product (or its code), else the thing over the middle of the picture, else that
    /// the classifier's guess ("Maybe a ball."), else that nothing could be told. Never a guess said as a fact.
    public func whatItIs(_ identification: Identification, in book: Phrasebook) -> String {
        if let code = identification.code { return codeSentence(code, product: identification.product, in: book) }
        if let thing = identification.thing {
            return book.objectName(thing.label, isTaught: thing.isTaught).capitalizedFirst + (book.language == .chinese ? "。" : ".")
        }
        if let guess = identification.guess, let thing = guessedThing(guess, in: book.language) {
            return book.say(self.guess, ["thing": thing])
        }
        return book.say(cannotTell)
    }

    /// The guess's name in the language; nil in Russian and Chinese for the names `GuessNames` has no word for,
    /// as an English word in the middle of their speech would be read with the wrong voice.
    func guessedThing(_ guess: ThingGuess, in language: TextLanguage) -> String? {
        switch language {
        case .russian: GuessNames.russian[guess.name]
        case .chinese: GuessNames.chinese[guess.name]
        case .english: guess.withArticle
        }
    }

    /// The product ("Heinz Baked Beans, 415 g."), an unknown product's number, or the QR code's text (a web address
    /// as its site).
    public func codeSentence(_ code: Barcode, product: Product?, in book: Phrasebook) -> String {
        if let product { return product.spoken }
        if code.symbology == .qr {
            if let url = URL(string: code.text), let host = url.host, ["http", "https"].contains(url.scheme?.lowercased()) {
                let site = host.hasPrefix("www.") ? String(host.dropFirst(4)) : host
                return book.say(webAddress, ["site": site])
            }
            return book.say(qrText, ["text": code.text])
        }
        if code.symbology.isProductCode { return book.say(notInList, ["number": code.spoken]) }
        return "\(code.symbology.rawValue): \(code.text)"
    }

    /// "Navy.", "Blue and white.", "Colour not sure; maybe green."
    public func sentence(for reading: ColourReading?, in book: Phrasebook) -> String {
        guard let reading, let first = reading.names.first else { return book.say(noColour) }
        let names = reading.names.map { $0.name(in: book.language) }
        if !reading.sure { return book.say(colourUnsure, ["colour": names[0]]) }
        if names.count > 1 { return book.say(twoColours, ["first": names[0].capitalizedFirst, "second": names[1]]) }
        return book.say(colour, ["colour": first.name(in: book.language).capitalizedFirst])
    }

    /// "Dim picture. A light on the left."
    public func sentence(for reading: LightReading, in book: Phrasebook) -> String {
        let level = switch reading.level {
        case .dark: book.say(dark)
        case .dim: book.say(dim)
        case .bright: book.say(bright)
        }
        guard let side = reading.lightSide else { return level }
        return level + (book.language == .chinese ? "" : " ") + book.say(light(on: side))
    }

    /// "A light on the left.": for the answer and for light mode's word on a change.
    public func light(on side: LightReading.Side) -> PhraseTemplate {
        switch side {
        case .left: lightLeft
        case .ahead: lightAhead
        case .right: lightRight
        }
    }
}
