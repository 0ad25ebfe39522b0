/// The words for power changes, in the phrasebook's three languages. Nil for a change not worth interrupting anyone
/// for: between nominal and fair only the detector eases off a little, and nobody needs to hear it.
public struct PowerPhrases: PhraseTable {
    public init() {}

    public let saverOn = PhraseTemplate("Battery saver on; scanning at half rate.",
                                        ru: "Экономия батареи включена; обзор вдвое реже.",
                                        zh: "省电模式已开启；扫描频率减半。")
    public let saverOff = PhraseTemplate("Battery saver off.", ru: "Экономия батареи выключена.", zh: "省电模式已关闭。")
    public let lowBattery = PhraseTemplate("Battery at {percent} percent; battery saver on.",
                                           ru: "Заряд {percent} {percent:процент|процента|процентов}; экономия включена.",
                                           zh: "电量百分之{percent}；已开启省电模式。")
    public let chargedBattery = PhraseTemplate("Battery at {percent} percent; battery saver off.",
                                               ru: "Заряд {percent} {percent:процент|процента|процентов}; экономия выключена.",
                                               zh: "电量百分之{percent}；已关闭省电模式。")
    public let charging = PhraseTemplate("Charging; battery saver off.", ru: "Идёт зарядка; экономия выключена.",
                                         zh: "正在充电；已关闭省电模式。")
    public let veryHot = PhraseTemplate("Very hot; slowing down more.", ru: "Очень горячо; замедляюсь сильнее.",
                                        zh: "温度很高；进一步减速。")
    public let hot = PhraseTemplate("Running hot; slowing down.", ru: "Нагрелся; замедляюсь.", zh: "设备发热；正在减速。")
    public let coolingDown = PhraseTemplate("Cooling down; still slowed.", ru: "Остываю; пока медленнее.",
                                            zh: "正在降温；仍在减速。")
    public let cooler = PhraseTemplate("Cooler now; speeding up again.", ru: "Остыл; снова полная скорость.",
                                       zh: "已降温；恢复全速。")

    /// The sentence for a change in `language`; nil for nothing.
    public func sentence(for change: PowerChange, in language: TextLanguage = .english) -> String? {
        phrase(for: change).map { template, values in template.render(in: language, values) }
    }

    /// What to say about a change, with its values; nil for nothing.
    public func phrase(for change: PowerChange) -> (PhraseTemplate, [String: String])? {
        switch change {
        case .saverOn(.command), .saverOn(.charging): return (saverOn, [:])
        case .saverOn(.battery(let percent)): return (lowBattery, ["percent": String(percent)])
        case .saverOff(.command): return (saverOff, [:])
        case .saverOff(.battery(let percent)): return (chargedBattery, ["percent": String(percent)])
        case .saverOff(.charging): return (charging, [:])
        case .thermal(let state, let from, _):
            let warmer = state > from
            switch state {
            case .critical: return (veryHot, [:])
            case .serious: return (warmer ? hot : coolingDown, [:])
            case .nominal, .fair: return from >= .serious ? (cooler, [:]) : nil
            }
        }
    }
}
