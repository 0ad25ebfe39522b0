/// A plate that must never be taken for the one asked for: the ride checks' "wrong plate" case, shared by
/// `beacon bench ride --accuracy` and the ride tests so that both try the same wrong plates.
public enum WrongPlate {
    /// The plate with its last three letters or digits changed (to X, or Y where it was X): "PF F 3600" becomes
    /// "PF F 3XXX". Three characters off is what `PlateRule` promises never to match.
    public static func threeOff(_ plate: String) -> String {
        var characters = Array(plate)
        var changed = 0
        for index in characters.indices.reversed() where changed < 3 && (characters[index].isLetter || characters[index].isNumber) {
            characters[index] = characters[index] == "X" ? "Y" : "X"
            changed += 1
        }
        return String(characters)
    }
}
