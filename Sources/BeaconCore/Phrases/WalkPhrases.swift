/// What walk mode says: obstacles by direction and distance, walls, stairs. Most important word first, and short:
/// these are said while the person walks.
public struct WalkPhrases: PhraseTable {
    public init() {}

    public let walking = PhraseTemplate("Walking.", ru: "Режим ходьбы.", zh: "步行模式。")

    // MARK: Obstacles, in caution (1–2 m): where only
    public let obstacleLeft = PhraseTemplate("Obstacle left.", ru: "Препятствие слева.", zh: "左边有障碍。")
    public let obstacleAhead = PhraseTemplate("Obstacle ahead.", ru: "Препятствие впереди.", zh: "前方有障碍。")
    public let obstacleRight = PhraseTemplate("Obstacle right.", ru: "Препятствие справа.", zh: "右边有障碍。")

    // MARK: Obstacles within a metre: where and how far
    public let obstacleLeftAt = PhraseTemplate("Obstacle left, {distance}.", ru: "Препятствие слева, {distance}.",
                                               zh: "左边有障碍，{distance}。")
    public let obstacleAheadAt = PhraseTemplate("Obstacle ahead, {distance}.", ru: "Препятствие впереди, {distance}.",
                                                zh: "前方有障碍，{distance}。")
    public let obstacleRightAt = PhraseTemplate("Obstacle right, {distance}.", ru: "Препятствие справа, {distance}.",
                                                zh: "右边有障碍，{distance}。")
    public let bothSides = PhraseTemplate("Obstacles left and right.", ru: "Препятствия слева и справа.",
                                          zh: "左右两边有障碍。")
    public let wall = PhraseTemplate("Wall ahead, {distance}.", ru: "Стена впереди, {distance}.", zh: "前方有墙，{distance}。")

    // MARK: Stairs
    public let stairsUp = PhraseTemplate("Stairs up ahead.", ru: "Лестница вверх впереди.", zh: "前方有上行楼梯。")
    public let stairsDown = PhraseTemplate("Stairs down ahead.", ru: "Лестница вниз впереди.", zh: "前方有下行楼梯。")

    /// The template and values for a message, with distances as `phrasebook` says them.
    public func phrase(for message: WalkMessage, phrasebook: Phrasebook) -> (PhraseTemplate, [String: String]) {
        func distance(_ metres: Float) -> String { phrasebook.metres(halves: Int((Double(metres) * 2).rounded())) }
        switch message {
        case .obstacle(let column, nil):
            return ([obstacleLeft, obstacleAhead, obstacleRight][column.rawValue], [:])
        case .obstacle(let column, let metres?):
            return ([obstacleLeftAt, obstacleAheadAt, obstacleRightAt][column.rawValue], ["distance": distance(metres)])
        case .wall(let metres):
            return (wall, ["distance": distance(metres)])
        case .bothSides:
            return (bothSides, [:])
        case .stairs(let direction):
            return (direction == .up ? stairsUp : stairsDown, [:])
        }
    }
}
