/// What find my ride says: which car is being checked, what its plate says, and the car that came.
public struct RidePhrases: PhraseTable {
    public init() {}

    /// `{plate}` is the plate spelled in its groups ("P F, F, 3 6 0 0").
    public let looking = PhraseTemplate("Looking for your car, plate {plate}.", ru: "Ищу вашу машину, номер {plate}.",
                                        zh: "正在找你的车，车牌{plate}。")
    /// A ride described without its plate: colour alone never finds it.
    public let needPlate = PhraseTemplate("Say the plate too: find my ride, plate, then its letters and digits.",
                                          ru: "Назовите и номер: «найди мою машину, номер» и буквы с цифрами.",
                                          zh: "请说出车牌：“找我的车，车牌”，再说字母和数字。")
    /// The camera's picture is dark: it is brightened for the detector and the plate reader, but cars may be missed.
    public let dark = PhraseTemplate("It is dark; I may miss cars.", ru: "Темно; я могу не заметить машины.",
                                     zh: "光线很暗，我可能会漏掉车辆。")
    public let checking = PhraseTemplate("Checking a {colour} car.", ru: "Проверяю машину, цвет {colour}.",
                                         zh: "正在检查一辆{colour}的车。")
    public let checkingCar = PhraseTemplate("Checking a car.", ru: "Проверяю машину.", zh: "正在检查一辆车。")
    public let plateNotVisible = PhraseTemplate("Plate not visible yet.", ru: "Номер пока не виден.", zh: "还看不到车牌。")
    public let anotherPlate = PhraseTemplate("That {colour} car has another plate.", ru: "У этой машины, цвет {colour}, другой номер.",
                                             zh: "那辆{colour}的车车牌不对。")
    /// A car whose plate cannot be read yet but whose colour plainly is not the one asked for.
    public let otherColour = PhraseTemplate("That car is {colour}; not yours.", ru: "Эта машина — цвет {colour}; не ваша.",
                                            zh: "那辆车是{colour}的，不是你的。")
    public let anotherCar = PhraseTemplate("That car has another plate.", ru: "У этой машины другой номер.", zh: "那辆车车牌不对。")
    /// `{details}` are the colour, the plate, the distance and the direction, as many as are known, in that order.
    public let found = PhraseTemplate("Your car: {details}.", ru: "Ваша машина: {details}.", zh: "你的车：{details}。")
    public let platePiece = PhraseTemplate("plate {plate}", ru: "номер {plate}", zh: "车牌{plate}")

    // MARK: Colours
    public let white = PhraseTemplate("white", ru: "белый", zh: "白色")
    public let grey = PhraseTemplate("grey", ru: "серый", zh: "灰色")
    public let black = PhraseTemplate("black", ru: "чёрный", zh: "黑色")
    public let red = PhraseTemplate("red", ru: "красный", zh: "红色")
    public let blue = PhraseTemplate("blue", ru: "синий", zh: "蓝色")
    public let green = PhraseTemplate("green", ru: "зелёный", zh: "绿色")
    public let yellow = PhraseTemplate("yellow", ru: "жёлтый", zh: "黄色")
    public let orange = PhraseTemplate("orange", ru: "оранжевый", zh: "橙色")
    public let brown = PhraseTemplate("brown", ru: "коричневый", zh: "棕色")
    public let beige = PhraseTemplate("beige", ru: "бежевый", zh: "米色")
    public let purple = PhraseTemplate("purple", ru: "фиолетовый", zh: "紫色")
    public let lightGreyOrSilver = PhraseTemplate("light grey or silver", ru: "светло-серый или серебристый", zh: "浅灰色或银色")

    public func name(of colour: CarColour) -> PhraseTemplate {
        switch colour {
        case .white: white
        case .grey: grey
        case .black: black
        case .red: red
        case .blue: blue
        case .green: green
        case .yellow: yellow
        case .orange: orange
        case .brown: brown
        case .beige: beige
        case .purple: purple
        case .lightGreyOrSilver: lightGreyOrSilver
        }
    }
}
