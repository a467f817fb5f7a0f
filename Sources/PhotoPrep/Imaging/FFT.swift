import Foundation

/// The discrete Fourier transform of square pictures whose side is a power of two (iterative radix 2,
/// in place), for the motion-blur estimate and its removal (`MotionBlur`).
struct FFT {
    /// The side of the pictures transformed.
    let size: Int
    private let cosines: [Double]
    private let sines: [Double]
    private let reversed: [Int]

    init(size: Int) {
        precondition(size >= 2 && size & (size - 1) == 0, "FFT size must be a power of two")
        self.size = size
        let half = size / 2
        cosines = (0..<half).map { cos(2 * Double.pi * Double($0) / Double(size)) }
        sines = (0..<half).map { sin(2 * Double.pi * Double($0) / Double(size)) }
        var bits = 0
        while 1 << bits < size { bits += 1 }
        reversed = (0..<size).map { i in
            var r = 0
            for b in 0..<bits where i & (1 << b) != 0 { r |= 1 << (bits - 1 - b) }
            return r
        }
    }

    /// Transforms `size` contiguous values in place; the inverse divides by `size`.
    private func transform(_ re: UnsafeMutablePointer<Double>, _ im: UnsafeMutablePointer<Double>,
                           _ cosines: UnsafePointer<Double>, _ sines: UnsafePointer<Double>, inverse: Bool)
    {
        let n = size
        for i in 0..<n {
            let j = reversed[i]
            if j > i {
                (re[i], re[j]) = (re[j], re[i])
                (im[i], im[j]) = (im[j], im[i])
            }
        }
        let sign = inverse ? 1.0 : -1.0
        var length = 2
        while length <= n {
            let half = length / 2, step = n / length
            var start = 0
            while start < n {
                var a = start, b = start + half, w = 0
                while a < start + half {
                    let wr = cosines[w], wi = sign * sines[w]
                    let tr = re[b] * wr - im[b] * wi, ti = re[b] * wi + im[b] * wr
                    re[b] = re[a] - tr
                    im[b] = im[a] - ti
                    re[a] += tr
                    im[a] += ti
                    a += 1
                    b += 1
                    w += step
                }
                start += length
            }
            length *= 2
        }
        if inverse {
            let scale = 1 / Double(n)
            for i in 0..<n {
                re[i] *= scale
                im[i] *= scale
            }
        }
    }

    /// Transforms a `size`×`size` picture (rows of `size` values, real and imaginary parts apart) in place:
    /// every row, then every column (copied out and back, to be read in order).
    func transform2D(_ re: inout [Double], _ im: inout [Double], inverse: Bool = false) {
        precondition(re.count == size * size && im.count == size * size, "FFT picture must be size × size")
        let n = size
        var columnRe = [Double](repeating: 0, count: n), columnIm = columnRe
        cosines.withUnsafeBufferPointer { c in
            sines.withUnsafeBufferPointer { s in
                re.withUnsafeMutableBufferPointer { r in
                    im.withUnsafeMutableBufferPointer { i in
                        columnRe.withUnsafeMutableBufferPointer { cr in
                            columnIm.withUnsafeMutableBufferPointer { ci in
                                guard let c = c.baseAddress, let s = s.baseAddress, let r = r.baseAddress,
                                      let i = i.baseAddress, let cr = cr.baseAddress, let ci = ci.baseAddress
                                else { return }
                                for row in 0..<n { transform(r + row * n, i + row * n, c, s, inverse: inverse) }
                                for column in 0..<n {
                                    for k in 0..<n {
                                        cr[k] = r[k * n + column]
                                        ci[k] = i[k * n + column]
                                    }
                                    transform(cr, ci, c, s, inverse: inverse)
                                    for k in 0..<n {
                                        r[k * n + column] = cr[k]
                                        i[k * n + column] = ci[k]
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}
