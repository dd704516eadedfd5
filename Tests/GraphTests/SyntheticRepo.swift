import Graph
import Podspec
import Versioning

/// A deterministic generator of synthetic spec repos for timing the resolver and the checks:
/// `pods` pods in ten layers, `versions` versions each (majors 1…, five minors a major),
/// every pod depending on a few pods of lower layers with `~>` requirements that move to a
/// newer major as the pod moves on, so that consumers disagree and the resolver must
/// backtrack; a few pods have a pending rc, and a few requirements name one.
struct SyntheticRepo {
    var specs: [Specification] = []
    var names: [String] = []
    /// The pods of the top layer, for root requirements.
    var top: [String] = []

    /// `tightness` (0…4) raises how many minors a requirement may skip: higher means more
    /// consumers disagree and more backtracking.
    /// `pinPercent` of the requirements pin an exact version, which makes conflicts common.
    init(pods: Int, versions: Int, seed: UInt64, tightness: UInt64 = 1, pinPercent: UInt64 = 0) {
        var random = SplitMix64(seed: seed)
        let layerSize = max(1, pods / 10)
        names = (0..<pods).map { String(format: "P%05d", $0) }
        var versionLists: [[String]] = []
        for _ in 0..<pods {
            var list = (0..<versions).map { "\(1 + $0 / 5).\($0 % 5).0" }
            if random.next(100) < 10 { list.append("\(1 + versions / 5).0.0-rc.1") }
            versionLists.append(list)
        }
        for index in 0..<pods {
            let layer = index / layerSize
            var targets: [Int] = []
            if layer > 0 {
                let count = 3 + Int(random.next(4))
                for _ in 0..<count {
                    let target = Int(random.next(UInt64(layer * layerSize)))
                    if !targets.contains(target) { targets.append(target) }
                }
            }
            // Where each dependency's major starts and how fast it moves along this pod's versions.
            let offsets = targets.map { _ in Int(random.next(3)) }
            for (position, version) in versionLists[index].enumerated() {
                var dependencies: [Dependency] = []
                for (slot, target) in targets.enumerated() {
                    let targetMajors = max(1, versions / 5)
                    let major = 1 + min(targetMajors - 1, (position * targetMajors) / max(1, versions) + offsets[slot] / 2)
                    if random.next(1000) < 5, versionLists[target].last!.contains("-rc") {
                        dependencies.append(Dependency(name: names[target], requirements: [versionLists[target].last!]))
                    } else if random.next(100) < pinPercent {
                        dependencies.append(Dependency(name: names[target], requirements: ["\(major).\(Int(random.next(5))).0"]))
                    } else {
                        dependencies.append(Dependency(name: names[target], requirements: ["~> \(major).\(Int(random.next(tightness + 1)))"]))
                    }
                }
                specs.append(Specification(name: names[index], version: version, dependencies: dependencies))
            }
        }
        top = Array(names.suffix(layerSize))
    }
}

/// A small, fast, seedable generator (Vigna's SplitMix64).
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<bound`.
    mutating func next(_ bound: UInt64) -> UInt64 { next() % bound }
}
