import BeaconCore
import Foundation

/// IMU recordings made from physics with sensor noise, for the fall detector's tests and `beacon bench falls`.
///
/// The device is worn on the chest (x right, y up towards the head, z forward out of the chest), sampled at 50 Hz.
/// Falls and the movements most like them are simulated as a rigid body: the trunk a rod turning about the feet (or
/// the hips, from a chair), θ'' = 3g′/(2L)·sin θ, the pivot itself accelerated where the hips drop, and an impact that
/// takes the speed out as a half-sine pulse. The accelerometer reads the specific force a − g turned into the
/// device's axes, the gyroscope the turning rate; then white noise (0.12 m/s², 0.015 rad/s), a small bias, and for
/// people, sway and breathing. Movements with a rhythm (walking, running, jumping) and the device on its own (dropped
/// on a bed, put on a table) are written as the force the device feels, phase by phase. Each scenario varies with its
/// seed: body size, push, final angle, impact stiffness, timing.
public enum IMUSequences {
    public static let rate = 50.0
    static let g = IMUSample.gravity

    public static let fallNames = ["fall forward", "fall backward", "fall sideways", "fall from a chair"]
    public static let everydayNames = ["sitting down fast", "walking", "running", "jumping", "dropped on a bed",
                                       "put on a table", "bending to tie shoes", "lying down on a bed"]

    /// Every scenario, `variants` times each with different seeds.
    public static func all(variants: Int = 3) -> [IMURecording] {
        (fallNames + everydayNames).flatMap { name in (1...variants).map { recording(name, seed: UInt64($0)) } }
    }

    public static func recording(_ name: String, seed: UInt64) -> IMURecording {
        var random = SplitMix64(seed: seed, parts: [UInt64(truncatingIfNeeded: name.hashValueStable)])
        let recording: IMURecording = switch name {
        case "fall forward": standingFall(axis: Vector3(1, 0, 0), sign: 1, &random)
        case "fall backward": standingFall(axis: Vector3(1, 0, 0), sign: -1, &random)
        case "fall sideways": standingFall(axis: Vector3(0, 0, 1), sign: random.uniform(0...1) < 0.5 ? 1 : -1, &random)
        case "fall from a chair": chairFall(&random)
        case "sitting down fast": sittingDownFast(&random)
        case "walking": walking(&random)
        case "running": running(&random)
        case "jumping": jumping(&random)
        case "dropped on a bed": droppedOnBed(&random)
        case "put on a table": putOnTable(&random)
        case "bending to tie shoes": bending(&random)
        case "lying down on a bed": lyingDown(&random)
        default: preconditionFailure("no IMU scenario named \(name)")
        }
        var named = recording
        named.name = "\(name) #\(seed)"
        named.truth = fallNames.contains(name) ? .fall : .everyday
        return named
    }

    // MARK: - A rigid trunk turning about a pivot

    struct Body {
        var theta = 0.0
        var omega = 0.0
        var pivot = Vector3.zero
        var pivotVelocity = Vector3.zero
    }

    struct Drive {
        var alpha = 0.0
        var pivotAcceleration = Vector3.zero
    }

    /// Integrates the body at 1 kHz and samples the chest-worn device at 50 Hz. `lever` is the device's place on the
    /// trunk, from the pivot, when upright; the trunk turns about `axis` (in the device's frame, which starts aligned
    /// with the world's: y up).
    static func simulate(seconds: Double, axis: Vector3, lever: Vector3, start: Body, noise seed: UInt64,
                         drive: (Double, Body) -> Drive) -> (samples: [IMUSample], heights: [Double]) {
        // The sensor's noise has a generator of its own: the scenario's drive draws from the other one.
        var random = SplitMix64(seed: seed)
        let step = 0.001, every = Int((1 / rate / step).rounded())
        var body = start
        var samples: [IMUSample] = [], heights: [Double] = []
        let bias = Vector3(random.normal(standardDeviation: 0.05), random.normal(standardDeviation: 0.05),
                           random.normal(standardDeviation: 0.05))
        var index = 0
        while Double(index) * step < seconds {
            let time = Double(index) * step
            let d = drive(time, body)
            let arm = rotate(lever, about: axis, by: body.theta)
            let acceleration = d.pivotAcceleration + cross(axis, arm) * d.alpha
                + cross(axis, cross(axis, arm)) * (body.omega * body.omega)
            let specificForce = acceleration + Vector3(0, g, 0)
            if index % every == 0 {
                let felt = rotate(specificForce, about: axis, by: -body.theta)
                samples.append(IMUSample(timestamp: time, acceleration: noisy(felt + bias, 0.12, &random),
                                         rotation: noisy(axis * body.omega, 0.015, &random)))
                heights.append(body.pivot.y + arm.y)
            }
            body.omega += d.alpha * step
            body.theta += body.omega * step
            body.pivotVelocity = body.pivotVelocity + d.pivotAcceleration * step
            body.pivot = body.pivot + body.pivotVelocity * step
            index += 1
        }
        return (samples, heights)
    }

    /// Takes a speed `v` out over `duration` as a half-sine: the acceleration `s` seconds into it.
    static func halfSine(_ v: Double, duration: Double, at s: Double) -> Double {
        guard s >= 0, s <= duration else { return 0 }
        return v * .pi / (2 * duration) * sin(.pi * s / duration)
    }

    /// A smooth change of `delta` over `duration` (starts and ends at rest): the second derivative at `s`.
    static func smooth(_ delta: Double, duration: Double, at s: Double) -> Double {
        guard s >= 0, s <= duration else { return 0 }
        return 2 * .pi * delta / (duration * duration) * sin(2 * .pi * s / duration)
    }

    /// Standing sway: a weak spring back to upright with a little push now and then.
    static func sway(_ body: Body, _ random: inout SplitMix64) -> Double {
        -4 * body.theta - 2 * body.omega + random.normal(standardDeviation: 0.3)
    }

    static func breathing(_ time: Double) -> Vector3 { Vector3(0, 0.04 * sin(2 * .pi * 0.25 * time), 0) }

    /// A fall from standing: sway, a push, the trunk turning about the feet to 75–92°, the impact, lying still.
    static func standingFall(axis: Vector3, sign: Double, _ random: inout SplitMix64) -> IMURecording {
        let height = random.uniform(1.6...1.9), chest = height * random.uniform(0.72...0.76)
        let startAt = random.uniform(2...4), push = random.uniform(0.3...0.9)
        let end = random.uniform(75...92) * .pi / 180, stiffness = random.uniform(0.08...0.2)
        var phase = 0, impactAt = 0.0, impactSpeed = 0.0
        let (samples, heights) = simulate(seconds: startAt + 10, axis: axis, lever: Vector3(0, chest, 0), start: Body(),
                                          noise: random.next()) { time, body in
            switch phase {
            case 0 where time >= startAt:
                phase = 1
                return Drive(alpha: sign * push / 0.001) // the push: this step sets the turning rate
            case 0:
                return Drive(alpha: sway(body, &random))
            case 1 where abs(body.theta) >= end:
                phase = 2
                impactAt = time
                impactSpeed = body.omega
                fallthrough
            case 2 where time - impactAt <= stiffness:
                return Drive(alpha: -halfSine(impactSpeed, duration: stiffness, at: time - impactAt))
            case 1:
                return Drive(alpha: 3 * g / (2 * height) * sin(body.theta))
            default:
                return Drive(alpha: -body.omega / 0.001 * 0.5, pivotAcceleration: breathing(time)) // lying still
            }
        }
        return IMURecording(name: "", truth: .fall, samples: samples, heights: heights)
    }

    /// From a chair: the trunk tips forward or sideways about the hips while the hips slide off the seat (0.45 m)
    /// and land, then the trunk hits the floor.
    static func chairFall(_ random: inout SplitMix64) -> IMURecording {
        let axis = random.uniform(0...1) < 0.5 ? Vector3(1, 0, 0) : Vector3(0, 0, 1)
        let trunk = random.uniform(0.8...0.95), chest = trunk * 0.6, seat = random.uniform(0.42...0.5)
        let startAt = random.uniform(2...4), slide = random.uniform(0.55...0.8) * g
        let end = random.uniform(70...90) * .pi / 180, stiffness = random.uniform(0.1...0.2)
        var phase = 0, turnImpactAt = -1.0, turnSpeed = 0.0, hipImpactAt = -1.0, hipSpeed = 0.0
        let start = Body(pivot: Vector3(0, seat, 0))
        let (samples, heights) = simulate(seconds: startAt + 10, axis: axis, lever: Vector3(0, chest, 0), start: start,
                                          noise: random.next()) { time, body in
            var drive = Drive()
            // The hips: slide off, land on the floor.
            if phase >= 1, time >= startAt + 0.1 {
                if hipImpactAt < 0, body.pivot.y > 0.02 {
                    drive.pivotAcceleration = Vector3(0, -slide, 0)
                } else {
                    if hipImpactAt < 0 {
                        hipImpactAt = time
                        hipSpeed = -body.pivotVelocity.y
                    }
                    let s = time - hipImpactAt
                    drive.pivotAcceleration = s <= 0.08 ? Vector3(0, halfSine(hipSpeed, duration: 0.08, at: s), 0)
                        : body.pivotVelocity * -1000 + breathing(time)
                }
            }
            switch phase {
            case 0 where time >= startAt:
                phase = 1
                drive.alpha = 0.6 / 0.001
            case 0:
                drive.alpha = sway(body, &random)
            case 1 where abs(body.theta) >= end:
                phase = 2
                turnImpactAt = time
                turnSpeed = body.omega
                drive.alpha = -halfSine(turnSpeed, duration: stiffness, at: 0)
            case 1:
                drive.alpha = 3 * (g + drive.pivotAcceleration.y) / (2 * trunk) * sin(body.theta)
            default:
                let s = time - turnImpactAt
                drive.alpha = s <= stiffness ? -halfSine(turnSpeed, duration: stiffness, at: s) : -body.omega / 0.001 * 0.5
            }
            return drive
        }
        return IMURecording(name: "", truth: .fall, samples: samples, heights: heights)
    }

    /// Sitting down hard: lean forward, the legs let go for 0.25–0.35 s (about half of g), the seat stops the hips
    /// with a 3–4 g jolt, the trunk settles back nearly upright.
    static func sittingDownFast(_ random: inout SplitMix64) -> IMURecording {
        let hips = random.uniform(0.9...1.0), chest = random.uniform(0.45...0.55), startAt = random.uniform(2...4)
        let lean = random.uniform(15...30) * .pi / 180, drop = random.uniform(0.4...0.6) * g
        let dropTime = random.uniform(0.25...0.35), jolt = random.uniform(0.08...0.12)
        let settle = random.uniform(5...12) * .pi / 180
        var landAt = -1.0, landSpeed = 0.0
        let (samples, heights) = simulate(seconds: startAt + 9, axis: Vector3(1, 0, 0), lever: Vector3(0, chest, 0),
                                          start: Body(pivot: Vector3(0, hips, 0)), noise: random.next()) { time, body in
            let s = time - startAt
            var drive = Drive()
            if s < 0 { drive.alpha = sway(body, &random); return drive }
            // Lean forward over 0.6 s while bending the knees, then back to `settle` once seated.
            drive.alpha = smooth(lean, duration: 0.6, at: s) + smooth(settle - lean, duration: 0.6, at: s - 0.6 - dropTime - jolt)
            if s < 0.6 {
                drive.pivotAcceleration = Vector3(0, -smooth(0.15, duration: 0.6, at: s), 0)
            } else if s < 0.6 + dropTime {
                drive.pivotAcceleration = Vector3(0, -drop, 0)
            } else {
                if landAt < 0 {
                    landAt = time
                    landSpeed = -body.pivotVelocity.y
                }
                let t = time - landAt
                drive.pivotAcceleration = t <= jolt ? Vector3(0, halfSine(landSpeed, duration: jolt, at: t), 0)
                    : body.pivotVelocity * -1000 + breathing(time)
            }
            return drive
        }
        return IMURecording(name: "", truth: .everyday, samples: samples, heights: heights)
    }

    /// Bending down to tie a shoe: the trunk turns 60–80° forward and the hips lower, slowly; held; back up.
    static func bending(_ random: inout SplitMix64) -> IMURecording {
        let angle = random.uniform(60...80) * .pi / 180, down = random.uniform(1.2...2), hold = random.uniform(3...6)
        let startAt = random.uniform(2...3)
        let (samples, heights) = simulate(seconds: startAt + 2 * down + hold + 3, axis: Vector3(1, 0, 0),
                                          lever: Vector3(0, 0.5, 0), start: Body(pivot: Vector3(0, 0.95, 0)),
                                          noise: random.next()) { time, body in
            let s = time - startAt
            if s < 0 { return Drive(alpha: sway(body, &random)) }
            let alpha = smooth(angle, duration: down, at: s) + smooth(-angle, duration: down, at: s - down - hold)
            let lower = -smooth(0.3, duration: down, at: s) + smooth(0.3, duration: down, at: s - down - hold)
            return Drive(alpha: alpha, pivotAcceleration: Vector3(0, lower, 0))
        }
        return IMURecording(name: "", truth: .everyday, samples: samples, heights: heights)
    }

    /// Lying back on a bed from sitting: the trunk turns 75–90° backwards over 1–2 s and the mattress gives a little.
    static func lyingDown(_ random: inout SplitMix64) -> IMURecording {
        let angle = random.uniform(75...90) * .pi / 180, duration = random.uniform(1...2), startAt = random.uniform(2...3)
        let (samples, heights) = simulate(seconds: startAt + duration + 6, axis: Vector3(1, 0, 0),
                                          lever: Vector3(0, 0.5, 0), start: Body(pivot: Vector3(0, 0.5, 0)),
                                          noise: random.next()) { time, body in
            let s = time - startAt
            if s < 0 { return Drive(alpha: sway(body, &random)) }
            if s > duration { return Drive(alpha: -body.omega / 0.001 * 0.5, pivotAcceleration: breathing(time)) }
            return Drive(alpha: smooth(-angle, duration: duration, at: s),
                         pivotAcceleration: Vector3(0, -smooth(0.05, duration: 0.3, at: s - duration + 0.3), 0))
        }
        return IMURecording(name: "", truth: .everyday, samples: samples, heights: heights)
    }

    // MARK: - Forces written phase by phase

    /// Samples at 50 Hz of a force and a turning rate given in the device's frame.
    static func written(seconds: Double, _ random: inout SplitMix64,
                        _ felt: (Double) -> (force: Vector3, rotation: Vector3)) -> [IMUSample] {
        stride(from: 0.0, to: seconds, by: 1 / rate).map { time in
            let (force, rotation) = felt(time)
            return IMUSample(timestamp: time, acceleration: noisy(force, 0.12, &random),
                             rotation: noisy(rotation, 0.015, &random))
        }
    }

    static func walking(_ random: inout SplitMix64) -> IMURecording {
        let steps = random.uniform(1.7...2.1), bounce = random.uniform(0.2...0.3) * g, phase = random.uniform(0...6)
        let samples = written(seconds: 25, &random) { time in
            let walking = time > 2 && time < 22 ? 1.0 : 0.0
            let w = 2 * .pi * steps * time + phase
            let force = Vector3(walking * 0.08 * g * sin(w / 2), g + walking * bounce * sin(w),
                                walking * 0.15 * g * sin(w + 1.2))
            return (force, Vector3(walking * 0.15 * sin(w), walking * 0.35 * sin(w / 2), walking * 0.1 * sin(w / 2)))
        }
        return IMURecording(name: "", truth: .everyday, samples: samples, heights: nil)
    }

    /// Running: each stride a stance (a half-sine of force whose mean over the stride is g) and a flight with no
    /// force at all; leaning 10° forward.
    static func running(_ random: inout SplitMix64) -> IMURecording {
        let cadence = random.uniform(2.6...3.0), stance = random.uniform(0.55...0.65), lean = 10 * Double.pi / 180
        let peak = g * .pi / (2 * stance)
        let samples = written(seconds: 20, &random) { time in
            guard time > 2, time < 17 else { return (Vector3(0, g, 0), .zero) }
            let stride = (time * cadence).truncatingRemainder(dividingBy: 1)
            let inStance = stride < stance
            let vertical = inStance ? peak * sin(.pi * stride / stance) : 0
            let forward = inStance ? -0.3 * g * sin(2 * .pi * stride / stance) : 0
            let force = rotate(Vector3(0, vertical, forward), about: Vector3(1, 0, 0), by: -lean)
            let w = 2 * .pi * cadence * time
            return (force, Vector3(0.8 * sin(w), 0.5 * sin(w / 2), 0.2 * sin(w / 2)))
        }
        return IMURecording(name: "", truth: .everyday, samples: samples, heights: nil)
    }

    /// Three jumps on the spot: crouch, push off (about 2 g), flight (no force), landing (about 4 g), stand.
    static func jumping(_ random: inout SplitMix64) -> IMURecording {
        let flight = random.uniform(0.3...0.45), landing = random.uniform(3.5...5) * g
        let samples = written(seconds: 14, &random) { time in
            let jumpStart = [2.0, 5.5, 9.0].last { time >= $0 } ?? -10
            let s = time - jumpStart
            var vertical = g
            switch s {
            case 0..<0.3: vertical = g - 0.3 * g * sin(.pi * s / 0.3)
            case 0.3..<0.6: vertical = g + 1.1 * g * sin(.pi * (s - 0.3) / 0.3)
            case 0.6..<(0.6 + flight): vertical = 0
            case (0.6 + flight)..<(0.72 + flight): vertical = g + landing * sin(.pi * (s - 0.6 - flight) / 0.12)
            case (0.72 + flight)..<(1.0 + flight): vertical = g + 0.4 * g * sin(.pi * (s - 0.72 - flight) / 0.28)
            default: break
            }
            let turning = s > 0 && s < 1.2 + flight ? 0.6 * sin(2 * .pi * s) : 0
            return (Vector3(0, vertical, 0), Vector3(turning, 0.1 * turning, 0))
        }
        return IMURecording(name: "", truth: .everyday, samples: samples, heights: nil)
    }

    /// The device let go 0.5–0.9 m above a bed: it falls freely, tumbling, sinks into the mattress (a short stiff
    /// jolt), bounces once, and lies flat.
    static func droppedOnBed(_ random: inout SplitMix64) -> IMURecording {
        let height = random.uniform(0.5...0.9), fall = (2 * height / g).squareRoot(), speed = (2 * g * height).squareRoot()
        let sink = random.uniform(0.04...0.08), bounce = random.uniform(0.06...0.12), startAt = random.uniform(2...4)
        let tumble = Vector3(random.normal(standardDeviation: 3), random.normal(standardDeviation: 3),
                             random.normal(standardDeviation: 3))
        let up = random.uniform(0...1) < 0.5 ? Vector3(0, 0, 1) : Vector3(0, 0, -1) // screen up or down
        let samples = written(seconds: startAt + 8, &random) { time in
            let s = time - startAt
            if s < 0 { return (Vector3(0, g, 0), Vector3(0.05 * sin(9 * time), 0.05 * cos(7 * time), 0)) } // hand tremor
            if s < fall { return (.zero, tumble) }
            let t = s - fall
            if t < sink { return (up * (g + halfSine(speed, duration: sink, at: t)), tumble * 0.3) }
            if t < sink + bounce { return (.zero, tumble * 0.2) }
            let u = t - sink - bounce
            if u < 0.05 { return (up * (g + halfSine(g * bounce / 2, duration: 0.05, at: u)), .zero) }
            return (up * g, .zero)
        }
        return IMURecording(name: "", truth: .everyday, samples: samples, heights: nil)
    }

    /// The device lowered 0.2–0.4 m over a second while turned flat, a light tap on the table, left there.
    static func putOnTable(_ random: inout SplitMix64) -> IMURecording {
        let lower = random.uniform(0.2...0.4), duration = random.uniform(0.8...1.4), startAt = random.uniform(2...4)
        let turn = Double.pi / 2
        let samples = written(seconds: startAt + duration + 6, &random) { time in
            let s = min(max(time - startAt, 0), duration)
            let angle = turn * (s / duration - sin(2 * .pi * s / duration) / (2 * .pi))
            let rate = time > startAt && time < startAt + duration ? turn / duration * (1 - cos(2 * .pi * s / duration)) : 0
            var vertical = g - smooth(lower, duration: duration, at: time - startAt)
            let t = time - startAt - duration
            if t >= 0 && t < 0.04 { vertical += 0.3 * g * sin(.pi * t / 0.04) }
            return (rotate(Vector3(0, vertical, 0), about: Vector3(1, 0, 0), by: -angle), Vector3(rate, 0, 0))
        }
        return IMURecording(name: "", truth: .everyday, samples: samples, heights: nil)
    }

    // MARK: - Vectors

    static func cross(_ a: Vector3, _ b: Vector3) -> Vector3 {
        Vector3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
    }

    /// Rodrigues' rotation of `v` about the unit `axis`.
    static func rotate(_ v: Vector3, about axis: Vector3, by angle: Double) -> Vector3 {
        v * cos(angle) + cross(axis, v) * sin(angle) + axis * (axis.dot(v) * (1 - cos(angle)))
    }

    static func noisy(_ v: Vector3, _ sigma: Double, _ random: inout SplitMix64) -> Vector3 {
        Vector3(v.x + random.normal(standardDeviation: sigma), v.y + random.normal(standardDeviation: sigma),
                v.z + random.normal(standardDeviation: sigma))
    }
}

extension String {
    /// A hash that is the same in every run (Swift's own is seeded per process).
    var hashValueStable: UInt64 {
        unicodeScalars.reduce(UInt64(1_469_598_103_934_665_603)) { ($0 ^ UInt64($1.value)) &* 1_099_511_628_211 }
    }
}
