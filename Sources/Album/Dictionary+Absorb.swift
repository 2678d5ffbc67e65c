// SPDX-License-Identifier: GPL-3.0-or-later
import PhotoLibrary
import SystemPackage

extension Dictionary {
    /// `other` merged in, its values winning, at the cost of the smaller of the two: the
    /// index's 100,000 dates arriving beside the thousand shown first are taken whole and
    /// the thousand added to them (a path's hash is its bytes one by one, so each key
    /// merged costs).
    mutating func absorb(_ other: [Key: Value]) {
        guard other.count > count else {
            merge(other) { $1 }
            return
        }
        var merged = other
        merged.merge(self) { kept, _ in kept }
        self = merged
    }
}

extension Dictionary where Key == FilePath {
    /// The same values by `PathKey`: each path hashed once, here.
    var keyedByPath: [PathKey: Value] {
        var keyed: [PathKey: Value] = [:]
        keyed.reserveCapacity(count)
        for (path, value) in self { keyed[PathKey(path)] = value }
        return keyed
    }
}
