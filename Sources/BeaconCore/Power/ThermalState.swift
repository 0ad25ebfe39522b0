/// How hot the machine runs, in the four steps Apple's thermal state uses and Revilio throttles by.
public enum ThermalState: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
    /// Cool enough: no throttling.
    case nominal
    /// Warm: detection eases off a little.
    case fair
    /// Hot: close to where the kernel starts cutting clock speeds.
    case serious
    /// Close to where the kernel shuts the machine down.
    case critical

    public static func < (lhs: ThermalState, rhs: ThermalState) -> Bool { lhs.rank < rhs.rank }

    private var rank: Int { ThermalState.allCases.firstIndex(of: self)! }
}
