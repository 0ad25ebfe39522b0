/// The words for power changes, in one place like `GuidancePhrases`. Nil for a change not worth interrupting
/// anyone for: between nominal and fair only the detector eases off a little, and nobody needs to hear it.
public struct PowerPhrases: Sendable, Hashable {
    public init() {}

    public func sentence(for change: PowerChange) -> String? {
        switch change {
        case .saverOn(.command): "Battery saver on."
        case .saverOn(.battery(let percent)): "Battery at \(percent) percent; battery saver on."
        case .saverOn(.charging): "Battery saver on."
        case .saverOff(.command): "Battery saver off."
        case .saverOff(.battery(let percent)): "Battery at \(percent) percent; battery saver off."
        case .saverOff(.charging): "Charging; battery saver off."
        case .thermal(let state, let from, _):
            thermalSentence(to: state, from: from)
        }
    }

    private func thermalSentence(to state: ThermalState, from: ThermalState) -> String? {
        let warmer = state > from
        switch state {
        case .critical: return "Very hot; slowing down more."
        case .serious: return warmer ? "Running hot; slowing down." : "Cooling down; still slowed."
        case .nominal, .fair: return from >= .serious ? "Cooler now; speeding up again." : nil
        }
    }
}
