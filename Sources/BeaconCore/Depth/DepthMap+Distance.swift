extension DepthMap {
    /// How far the object in `box` is: the median of the valid readings in the middle of the box, said without
    /// "about". Nil when fewer than `minimumShare` of those pixels have a reading (glass, black cloth, out of range).
    ///
    /// The middle half of the box in each direction, because a box's corners and edges hold whatever is behind a
    /// round or thin object (a cup's box is a quarter background); the median then keeps the object's own depth.
    public func measuredDistance(of box: NormalizedRect, minimumShare: Double = 0.2) -> DistanceEstimate? {
        let middle = NormalizedRect(x: box.x + box.width / 4, y: box.y + box.height / 4,
                                    width: box.width / 2, height: box.height / 2)
        guard let metres = median(in: middle, minimumShare: minimumShare) else { return nil }
        return DistanceEstimate(unroundedMetres: Double(metres), kind: .measured)
    }
}
