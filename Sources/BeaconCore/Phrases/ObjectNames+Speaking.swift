/// The one name Beacon says for each detector class in Russian and Chinese: the everyday word, long enough not to be
/// taken for another thing when heard ("плюшевый мишка", not "мишка", which sounds like "мышка"; 停止标志, since
/// 停车标志 is also a parking sign). Each is also one of the names people may use, in `russian` and `chinese`.
extension ObjectNames {
    static func russianName(for label: String) -> String? { russianNames[label] }
    static func chineseName(for label: String) -> String? { chineseNames[label] }

    static let russianNames: [String: String] = [
        "person": "человек", "bicycle": "велосипед", "car": "машина", "motorcycle": "мотоцикл",
        "airplane": "самолёт", "bus": "автобус", "train": "поезд", "truck": "грузовик", "boat": "лодка",
        "traffic light": "светофор", "fire hydrant": "пожарный гидрант", "stop sign": "знак стоп",
        "parking meter": "паркомат", "bench": "скамейка", "bird": "птица", "cat": "кошка", "dog": "собака",
        "horse": "лошадь", "sheep": "овца", "cow": "корова", "elephant": "слон", "bear": "медведь", "zebra": "зебра",
        "giraffe": "жираф", "backpack": "рюкзак", "umbrella": "зонт", "handbag": "сумка", "tie": "галстук",
        "suitcase": "чемодан", "frisbee": "фрисби", "skis": "лыжи", "snowboard": "сноуборд", "sports ball": "мяч",
        "kite": "воздушный змей", "baseball bat": "бита", "baseball glove": "перчатка", "skateboard": "скейтборд",
        "surfboard": "доска для серфинга", "tennis racket": "ракетка", "bottle": "бутылка", "wine glass": "бокал",
        "cup": "чашка", "fork": "вилка", "knife": "нож", "spoon": "ложка", "bowl": "миска", "banana": "банан",
        "apple": "яблоко", "sandwich": "бутерброд", "orange": "апельсин", "broccoli": "брокколи",
        "carrot": "морковь", "hot dog": "хот-дог", "pizza": "пицца", "donut": "пончик", "cake": "торт",
        "chair": "стул", "couch": "диван", "potted plant": "растение", "bed": "кровать", "dining table": "стол",
        "toilet": "унитаз", "tv": "телевизор", "laptop": "ноутбук", "mouse": "мышь", "remote": "пульт",
        "keyboard": "клавиатура", "cell phone": "телефон", "microwave": "микроволновка", "oven": "духовка",
        "toaster": "тостер", "sink": "раковина", "refrigerator": "холодильник", "book": "книга", "clock": "часы",
        "vase": "ваза", "scissors": "ножницы", "teddy bear": "плюшевый мишка", "hair drier": "фен",
        "toothbrush": "зубная щётка",
    ]

    static let chineseNames: [String: String] = [
        "person": "人", "bicycle": "自行车", "car": "汽车", "motorcycle": "摩托车", "airplane": "飞机", "bus": "公交车",
        "train": "火车", "truck": "卡车", "boat": "船", "traffic light": "红绿灯", "fire hydrant": "消防栓",
        "stop sign": "停止标志", "parking meter": "停车计时器", "bench": "长椅", "bird": "鸟", "cat": "猫", "dog": "狗",
        "horse": "马", "sheep": "羊", "cow": "牛", "elephant": "大象", "bear": "熊", "zebra": "斑马", "giraffe": "长颈鹿",
        "backpack": "背包", "umbrella": "雨伞", "handbag": "手提包", "tie": "领带", "suitcase": "行李箱", "frisbee": "飞盘",
        "skis": "滑雪板", "snowboard": "滑雪单板", "sports ball": "球", "kite": "风筝", "baseball bat": "棒球棒",
        "baseball glove": "棒球手套", "skateboard": "滑板", "surfboard": "冲浪板", "tennis racket": "网球拍", "bottle": "瓶子",
        "wine glass": "酒杯", "cup": "杯子", "fork": "叉子", "knife": "刀", "spoon": "勺子", "bowl": "碗", "banana": "香蕉",
        "apple": "苹果", "sandwich": "三明治", "orange": "橙子", "broccoli": "西兰花", "carrot": "胡萝卜", "hot dog": "热狗",
        "pizza": "披萨", "donut": "甜甜圈", "cake": "蛋糕", "chair": "椅子", "couch": "沙发", "potted plant": "盆栽", "bed": "床",
        "dining table": "桌子", "toilet": "马桶", "tv": "电视", "laptop": "笔记本电脑", "mouse": "鼠标", "remote": "遥控器",
        "keyboard": "键盘", "cell phone": "手机", "microwave": "微波炉", "oven": "烤箱", "toaster": "烤面包机", "sink": "水槽",
        "refrigerator": "冰箱", "book": "书", "clock": "时钟", "vase": "花瓶", "scissors": "剪刀", "teddy bear": "泰迪熊",
        "hair drier": "吹风机", "toothbrush": "牙刷",
    ]
}

extension ObjectVocabulary {
    /// The English plural of a class name: "chairs", "people", "buses", "wine glasses", "knives".
    public static func plural(of label: String) -> String {
        let irregular = ["person": "people", "knife": "knives", "mouse": "mice", "sheep": "sheep", "skis": "skis",
                         "scissors": "scissors"]
        if let plural = irregular[label] { return plural }
        for ending in ["s", "x", "ch", "sh"] where label.hasSuffix(ending) { return label + "es" }
        return label + "s"
    }
}
