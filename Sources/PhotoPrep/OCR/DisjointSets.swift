/// Items joined pairwise into groups (union–find with path halving): marks into rows, rows into lines,
/// lines into blocks.
struct DisjointSets {
    private var parent: [Int]

    /// `count` items, each a group of its own.
    init(count: Int) { parent = Array(0..<count) }

    /// The item standing for `i`'s group.
    mutating func root(_ i: Int) -> Int {
        var i = i
        while parent[i] != i { parent[i] = parent[parent[i]]; i = parent[i] }
        return i
    }

    /// Puts `a` and `b` in one group.
    mutating func join(_ a: Int, _ b: Int) { parent[root(b)] = root(a) }

    /// The groups, each its items' indices in order, in the order of their first item (not a
    /// dictionary's, which changes from run to run).
    mutating func groups() -> [[Int]] {
        var slot: [Int: Int] = [:]
        var out: [[Int]] = []
        for i in parent.indices {
            let r = root(i)
            if let s = slot[r] {
                out[s].append(i)
            } else {
                slot[r] = out.count
                out.append([i])
            }
        }
        return out
    }
}
