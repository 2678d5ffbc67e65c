/// File-name order as people count: runs of digits compare as numbers (IMG_2 before
/// IMG_10), other characters case-insensitively, with the plain comparison as a tie-break
/// so the order is total.
public enum NaturalOrder {
    public static func areInIncreasingOrder(_ a: String, _ b: String) -> Bool {
        var i = a.unicodeScalars.makeIterator(), j = b.unicodeScalars.makeIterator()
        var pendingA = i.next(), pendingB = j.next()
        while let ca = pendingA, let cb = pendingB {
            if isDigit(ca) && isDigit(cb) {
                var digitsA = "", digitsB = ""
                while let c = pendingA, isDigit(c) { digitsA.unicodeScalars.append(c); pendingA = i.next() }
                while let c = pendingB, isDigit(c) { digitsB.unicodeScalars.append(c); pendingB = j.next() }
                let trimmedA = digitsA.drop { $0 == "0" }, trimmedB = digitsB.drop { $0 == "0" }
                if trimmedA.count != trimmedB.count { return trimmedA.count < trimmedB.count }
                if trimmedA != trimmedB { return trimmedA < trimmedB }
                continue
            }
            let la = lowercase(ca), lb = lowercase(cb)
            if la != lb { return la < lb }
            pendingA = i.next()
            pendingB = j.next()
        }
        if (pendingA == nil) != (pendingB == nil) { return pendingA == nil }
        return a < b
    }

    private static func isDigit(_ c: Unicode.Scalar) -> Bool { c.value >= 48 && c.value <= 57 }

    private static func lowercase(_ c: Unicode.Scalar) -> UInt32 {
        (c.value >= 65 && c.value <= 90) ? c.value + 32 : c.value
    }
}
