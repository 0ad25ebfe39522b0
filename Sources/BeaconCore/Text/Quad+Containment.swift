extension Quad {
    /// Whether the point lies inside the quadrilateral, by its winding number: correct for tilted, skewed and
    /// concave quads whichever way round their corners run.
    public func contains(_ point: NormalizedPoint) -> Bool {
        var winding = 0
        let ring = corners
        for index in ring.indices {
            let a = ring[index], b = ring[(index + 1) % ring.count]
            // Which side of the edge a→b the point is on: positive when left of it.
            let side = (b.x - a.x) * (point.y - a.y) - (point.x - a.x) * (b.y - a.y)
            if a.y <= point.y {
                if b.y > point.y && side > 0 { winding += 1 }
            } else if b.y <= point.y && side < 0 {
                winding -= 1
            }
        }
        return winding != 0
    }
}
