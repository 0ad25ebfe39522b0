/// Russian and Chinese words for the everyday names a guess says most (`ImageNetNames`): hand-held and household
/// things, food, animals and vehicles. A guess whose name is not here is not said in those languages ("I can't
/// tell" instead).
enum GuessNames {
    static let russian: [String: String] = [
        "ball": "мяч", "phone": "телефон", "cup": "чашка", "bottle": "бутылка", "jug": "кувшин",
        "remote control": "пульт", "sunglasses": "солнечные очки", "dog": "собака", "cat": "кошка", "bird": "птица",
        "fish": "рыба", "car": "машина", "bus": "автобус", "truck": "грузовик", "van": "фургон",
        "bicycle": "велосипед", "motorbike": "мотоцикл", "train": "поезд", "boat": "лодка", "plane": "самолёт",
        "shoe": "обувь", "hat": "шляпа", "clock": "часы", "watch": "наручные часы", "keyboard": "клавиатура",
        "laptop": "ноутбук", "screen": "экран", "computer mouse": "компьютерная мышь", "pen": "ручка",
        "bag": "сумка", "backpack": "рюкзак", "wallet": "кошелёк", "umbrella": "зонт", "chair": "стул",
        "table": "стол", "bowl": "миска", "pan": "сковорода", "teapot": "заварочный чайник", "coffee": "кофе",
        "banana": "банан", "apple": "яблоко", "orange": "апельсин", "lemon": "лимон", "book": "книга",
        "lamp": "лампа", "towel": "полотенце", "toilet paper": "туалетная бумага", "teddy bear": "плюшевый мишка",
        "pillow": "подушка", "lighter": "зажигалка", "guitar": "гитара", "camera": "фотоаппарат",
        "light switch": "выключатель", "packet": "пакет", "carton": "коробка", "envelope": "конверт",
        "toaster": "тостер", "microwave": "микроволновка", "refrigerator": "холодильник", "vase": "ваза",
        "broom": "метла", "bucket": "ведро", "sock": "носок", "jeans": "джинсы", "pizza": "пицца",
        "hot dog": "хот-дог", "plate of food": "тарелка с едой", "soup": "суп", "ice cream": "мороженое",
        "helmet": "шлем", "strawberry": "клубника",
        "pineapple": "ананас", "broccoli": "брокколи", "mushroom": "гриб", "horse": "лошадь", "cow": "корова",
        "pig": "свинья", "sheep": "овца", "rabbit": "кролик", "person": "человек", "flowerpot": "цветочный горшок",
        "bin": "мусорное ведро", "iPod": "плеер", "radio": "радио", "printer": "принтер", "router": "роутер",
    ]

    static let chinese: [String: String] = [
        "ball": "球", "phone": "手机", "cup": "杯子", "bottle": "瓶子", "jug": "壶", "remote control": "遥控器",
        "sunglasses": "墨镜", "dog": "狗", "cat": "猫", "bird": "鸟", "fish": "鱼", "car": "汽车", "bus": "公共汽车",
        "truck": "卡车", "van": "面包车", "bicycle": "自行车", "motorbike": "摩托车", "train": "火车", "boat": "船",
        "plane": "飞机", "shoe": "鞋", "hat": "帽子", "clock": "钟", "watch": "手表", "keyboard": "键盘",
        "laptop": "笔记本电脑", "screen": "屏幕", "computer mouse": "鼠标", "pen": "笔", "bag": "包",
        "backpack": "背包", "wallet": "钱包", "umbrella": "伞", "chair": "椅子", "table": "桌子", "bowl": "碗",
        "pan": "锅", "teapot": "茶壶", "coffee": "咖啡", "banana": "香蕉", "apple": "苹果", "orange": "橙子",
        "lemon": "柠檬", "book": "书", "lamp": "灯", "towel": "毛巾", "toilet paper": "卫生纸", "teddy bear": "玩具熊",
        "pillow": "枕头", "lighter": "打火机", "guitar": "吉他", "camera": "相机", "light switch": "开关",
        "packet": "包装袋", "carton": "纸盒", "envelope": "信封", "toaster": "烤面包机", "microwave": "微波炉",
        "refrigerator": "冰箱", "vase": "花瓶", "broom": "扫帚", "bucket": "水桶", "sock": "袜子", "jeans": "牛仔裤",
        "pizza": "比萨饼", "hot dog": "热狗", "plate of food": "一盘菜", "soup": "汤", "ice cream": "冰淇淋",
        "helmet": "头盔", "strawberry": "草莓", "pineapple": "菠萝", "broccoli": "西兰花", "mushroom": "蘑菇",
        "horse": "马", "cow": "牛", "pig": "猪", "sheep": "羊", "rabbit": "兔子", "person": "人", "flowerpot": "花盆",
        "bin": "垃圾桶", "iPod": "播放器", "radio": "收音机", "printer": "打印机", "router": "路由器",
    ]
}
