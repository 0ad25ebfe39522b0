/// Names people actually say for the COCO classes, beyond the English synonyms: common speech-recogniser
/// mishearings, Russian and Mandarin Chinese. Facts about words, kept apart from the matching logic.
enum ObjectNames {
    /// Words a speech recogniser often returns for an object's name (English).
    static let mishearings: [String: String] = [
        "cop": "cup", "cub": "cup", "cuppa": "cup", "battle": "bottle", "bottel": "bottle",
        "sell phone": "cell phone", "fone": "cell phone", "lap top": "laptop", "key board": "keyboard",
        "remote controller": "remote", "tee vee": "tv", "t v": "tv", "micro wave": "microwave",
        "back pack": "backpack", "hand bag": "handbag", "suit case": "suitcase", "bowel": "bowl", "vas": "vase",
        "sizzors": "scissors", "scissor": "scissors", "pearson": "person", "buss": "bus",
    ]

    /// Russian names (nominative). Inflected forms match through their stem: "чашку" finds "чашка".
    static let russian: [String: String] = [
        "человек": "person", "люди": "person", "мужчина": "person", "женщина": "person", "ребёнок": "person",
        "ребенок": "person", "велосипед": "bicycle", "машина": "car", "автомобиль": "car", "мотоцикл": "motorcycle",
        "самолёт": "airplane", "самолет": "airplane", "автобус": "bus", "поезд": "train", "грузовик": "truck",
        "лодка": "boat", "светофор": "traffic light", "гидрант": "fire hydrant", "пожарный гидрант": "fire hydrant", "знак стоп": "stop sign",
        "паркомат": "parking meter", "скамейка": "bench", "скамья": "bench", "птица": "bird", "кошка": "cat",
        "кот": "cat", "собака": "dog", "лошадь": "horse", "овца": "sheep", "корова": "cow", "слон": "elephant",
        "медведь": "bear", "зебра": "zebra", "жираф": "giraffe", "рюкзак": "backpack", "зонт": "umbrella",
        "зонтик": "umbrella", "сумка": "handbag", "сумочка": "handbag", "галстук": "tie", "чемодан": "suitcase",
        "фрисби": "frisbee", "лыжи": "skis", "сноуборд": "snowboard", "мяч": "sports ball", "змей": "kite", "воздушный змей": "kite",
        "бита": "baseball bat", "перчатка": "baseball glove", "скейтборд": "skateboard", "скейт": "skateboard",
        "доска для серфинга": "surfboard", "ракетка": "tennis racket", "бутылка": "bottle", "бокал": "wine glass",
        "стакан": "wine glass", "чашка": "cup", "кружка": "cup", "вилка": "fork", "нож": "knife", "ложка": "spoon",
        "миска": "bowl", "банан": "banana", "яблоко": "apple", "бутерброд": "sandwich", "апельсин": "orange",
        "брокколи": "broccoli", "морковь": "carrot", "морковка": "carrot", "хот-дог": "hot dog", "пицца": "pizza",
        "пончик": "donut", "торт": "cake", "стул": "chair", "кресло": "chair", "диван": "couch",
        "растение": "potted plant", "цветок": "potted plant", "кровать": "bed", "стол": "dining table",
        "унитаз": "toilet", "туалет": "toilet", "телевизор": "tv", "ноутбук": "laptop", "мышь": "mouse",
        "мышка": "mouse", "пульт": "remote", "клавиатура": "keyboard", "телефон": "cell phone",
        "мобильник": "cell phone", "смартфон": "cell phone", "микроволновка": "microwave", "духовка": "oven",
        "тостер": "toaster", "раковина": "sink", "холодильник": "refrigerator", "книга": "book", "часы": "clock",
        "ваза": "vase", "ножницы": "scissors", "мишка": "teddy bear", "плюшевый мишка": "teddy bear", "фен": "hair drier",
        "зубная щётка": "toothbrush", "зубная щетка": "toothbrush",
    ]

    /// Mandarin names. Chinese is written without spaces, so these are found as substrings of the request.
    static let chinese: [String: String] = [
        "人": "person", "自行车": "bicycle", "汽车": "car", "小汽车": "car", "摩托车": "motorcycle", "飞机": "airplane",
        "公交车": "bus", "公共汽车": "bus", "火车": "train", "卡车": "truck", "船": "boat", "红绿灯": "traffic light",
        "消防栓": "fire hydrant", "停车标志": "stop sign", "停止标志": "stop sign", "停车计时器": "parking meter", "长椅": "bench", "鸟": "bird",
        "猫": "cat", "狗": "dog", "马": "horse", "羊": "sheep", "牛": "cow", "大象": "elephant", "熊": "bear",
        "斑马": "zebra", "长颈鹿": "giraffe", "背包": "backpack", "雨伞": "umbrella", "伞": "umbrella",
        "手提包": "handbag", "包": "handbag", "领带": "tie", "行李箱": "suitcase", "飞盘": "frisbee", "滑雪板": "skis",
        "单板滑雪": "snowboard", "滑雪单板": "snowboard", "球": "sports ball", "风筝": "kite", "棒球棒": "baseball bat",
        "棒球手套": "baseball glove", "滑板": "skateboard", "冲浪板": "surfboard", "网球拍": "tennis racket",
        "瓶子": "bottle", "水瓶": "bottle", "酒杯": "wine glass", "杯子": "cup", "茶杯": "cup", "马克杯": "cup",
        "叉子": "fork", "刀": "knife", "勺子": "spoon", "碗": "bowl", "香蕉": "banana", "苹果": "apple",
        "三明治": "sandwich", "橙子": "orange", "西兰花": "broccoli", "胡萝卜": "carrot", "热狗": "hot dog",
        "披萨": "pizza", "甜甜圈": "donut", "蛋糕": "cake", "椅子": "chair", "沙发": "couch", "盆栽": "potted plant",
        "床": "bed", "桌子": "dining table", "餐桌": "dining table", "马桶": "toilet", "电视": "tv",
        "笔记本电脑": "laptop", "电脑": "laptop", "鼠标": "mouse", "遥控器": "remote", "键盘": "keyboard",
        "手机": "cell phone", "电话": "cell phone", "微波炉": "microwave", "烤箱": "oven", "烤面包机": "toaster",
        "水槽": "sink", "冰箱": "refrigerator", "书": "book", "钟": "clock", "时钟": "clock", "花瓶": "vase",
        "剪刀": "scissors", "泰迪熊": "teddy bear", "吹风机": "hair drier", "牙刷": "toothbrush",
    ]

    /// Things people look for that the detector cannot see, with what it can look for instead (possibly nothing).
    static let notDetectable: [String: [String]] = [
        "keys": ["backpack", "handbag"], "key": ["backpack", "handbag"], "ключи": ["backpack", "handbag"],
        "wallet": ["handbag", "backpack"], "кошелёк": ["handbag"], "кошелек": ["handbag"], "钱包": ["handbag"],
        "钥匙": ["backpack", "handbag"], "glasses": [], "spectacles": [], "очки": [], "眼镜": [],
        "door": [], "дверь": [], "门": [], "hat": [], "cap": [], "шапка": [], "帽子": [], "shoe": [], "shoes": [],
        "pen": [], "pencil": [], "medicine": ["bottle"], "pills": ["bottle"], "лекарство": ["bottle"], "药": ["bottle"], "cane": [], "white cane": [], "трость": [], "light switch": [],
        "socket": [], "plug": [], "tap": ["sink"], "faucet": ["sink"], "glove": [], "gloves": [], "window": [],
        "stairs": [], "lift": [], "elevator": [], "toilet paper": ["toilet"],
    ]
}
