import Dispatch
import Foundation

/// Resamples a raster with a Lanczos-3 filter, separably (rows, then columns).
///
/// When shrinking, the kernel is stretched by the reduction factor so that every source pixel
/// contributes (no aliasing, unlike a point or block sample). Work is split into bands over the
/// machine's cores; the result is the same whatever the split.
public enum LanczosResampler {
    static let lobes = 3.0

    /// Per output coordinate: first source index and the normalised weights.
    struct Contributions {
        var start: [Int32]
        var taps: Int
        var weights: [Float]  // count = outSize * taps, zero-padded
    }

    static func lanczos(_ x: Double) -> Double {
        if x == 0 { return 1 }
        if abs(x) >= lobes { return 0 }
        let px = Double.pi * x
        return lobes * sin(px) * sin(px / lobes) / (px * px)
    }

    static func contributions(inSize: Int, outSize: Int) -> Contributions {
        let scale = Double(inSize) / Double(outSize)
        let filterScale = max(1.0, scale)
        let support = lobes * filterScale
        let taps = Int((support * 2).rounded(.up)) + 1
        var start = [Int32](repeating: 0, count: outSize)
        var weights = [Float](repeating: 0, count: outSize * taps)
        for o in 0..<outSize {
            let center = (Double(o) + 0.5) * scale - 0.5
            var first = Int((center - support).rounded(.up))
            var last = Int((center + support).rounded(.down))
            first = max(first, 0)
            last = min(last, inSize - 1)
            if last - first + 1 > taps { last = first + taps - 1 }
            var sum = 0.0
            var ws = [Double](repeating: 0, count: taps)
            for i in first...max(first, last) {
                let w = lanczos((Double(i) - center) / filterScale)
                ws[i - first] = w
                sum += w
            }
            if sum == 0 { ws[0] = 1; sum = 1 }
            start[o] = Int32(first)
            for t in 0..<taps { weights[o * taps + t] = Float(ws[t] / sum) }
        }
        return Contributions(start: start, taps: taps, weights: weights)
    }

    /// The raster resized to exactly `width`×`height`.
    public static func resize(_ src: Raster, width: Int, height: Int) -> Raster {
        precondition(width > 0 && height > 0)
        if width == src.width && height == src.height { return src }
        let c = src.channels
        let hc = contributions(inSize: src.width, outSize: width)
        let vc = contributions(inSize: src.height, outSize: height)

        // Pass 1: rows. Only the source rows the vertical pass needs are kept (all of them here).
        // Both passes write every sample, so the big buffers are not zero-filled first.
        var mid = uninitialized(Float.self, count: width * src.height * c)
        let bands = max(1, ProcessInfo.processInfo.activeProcessorCount)
        src.pixels.withUnsafeBufferPointer { s in
            mid.withUnsafeMutableBufferPointer { m in
                hc.weights.withUnsafeBufferPointer { wts in
                    hc.start.withUnsafeBufferPointer { st in
                        // Bands write disjoint rows of the output.
                        nonisolated(unsafe) let sp = s.baseAddress!, mp = m.baseAddress!
                        nonisolated(unsafe) let wp = wts.baseAddress!, stp = st.baseAddress!
                        DispatchQueue.concurrentPerform(iterations: bands) { band in
                            let y0 = src.height * band / bands, y1 = src.height * (band + 1) / bands
                            horizontal(sp, mp, wp, stp, taps: hc.taps, inWidth: src.width, outWidth: width,
                                       channels: c, rows: y0..<y1)
                        }
                    }
                }
            }
        }
        // Pass 2: columns.
        var out = uninitialized(UInt8.self, count: width * height * c)
        mid.withUnsafeBufferPointer { m in
            out.withUnsafeMutableBufferPointer { o in
                vc.weights.withUnsafeBufferPointer { wts in
                    vc.start.withUnsafeBufferPointer { st in
                        nonisolated(unsafe) let mp = m.baseAddress!, op = o.baseAddress!
                        nonisolated(unsafe) let wp = wts.baseAddress!, stp = st.baseAddress!
                        DispatchQueue.concurrentPerform(iterations: bands) { band in
                            let y0 = height * band / bands, y1 = height * (band + 1) / bands
                            vertical(mp, op, wp, stp, taps: vc.taps, inHeight: src.height, rowLength: width * c,
                                     rows: y0..<y1)
                        }
                    }
                }
            }
        }
        return Raster(width: width, height: height, channels: c, pixels: out)
    }

    /// An array whose every element the caller overwrites (trivial types only).
    static func uninitialized<T: BitwiseCopyable>(_: T.Type, count: Int) -> [T] {
        [T](unsafeUninitializedCapacity: count) { _, initialized in initialized = count }
    }

    private static func horizontal(_ s: UnsafePointer<UInt8>, _ m: UnsafeMutablePointer<Float>,
                                   _ w: UnsafePointer<Float>, _ start: UnsafePointer<Int32>,
                                   taps: Int, inWidth: Int, outWidth: Int, channels c: Int, rows: Range<Int>) {
        // Each source row is widened to Float once (one spare sample at the end, so a pixel can be
        // loaded as four lanes), then every tap is one vector multiply-add over r, g, b.
        let rowSamples = inWidth * c
        let wide = UnsafeMutablePointer<Float>.allocate(capacity: rowSamples + 4)
        defer { wide.deallocate() }
        wide.initialize(repeating: 0, count: rowSamples + 4)
        let raw = UnsafeRawPointer(wide)
        for y in rows {
            let srow = s + y * rowSamples
            for i in 0..<rowSamples { wide[i] = Float(srow[i]) }
            let mrow = m + y * outWidth * c
            for x in 0..<outWidth {
                let first = Int(start[x])
                let n = min(taps, inWidth - first)
                let wx = w + x * taps
                if c == 3 {
                    var acc = SIMD4<Float>(repeating: 0)
                    var offset = first * 3 * MemoryLayout<Float>.stride
                    for t in 0..<n {
                        acc += wx[t] * raw.loadUnaligned(fromByteOffset: offset, as: SIMD4<Float>.self)
                        offset += 3 * MemoryLayout<Float>.stride
                    }
                    mrow[x * 3] = acc[0]; mrow[x * 3 + 1] = acc[1]; mrow[x * 3 + 2] = acc[2]
                } else {
                    var v: Float = 0
                    let p = wide + first
                    for t in 0..<n { v += wx[t] * p[t] }
                    mrow[x] = v
                }
            }
        }
    }

    private static func vertical(_ m: UnsafePointer<Float>, _ o: UnsafeMutablePointer<UInt8>,
                                 _ w: UnsafePointer<Float>, _ start: UnsafePointer<Int32>,
                                 taps: Int, inHeight: Int, rowLength: Int, rows: Range<Int>) {
        var acc = [Float](repeating: 0, count: rowLength)
        acc.withUnsafeMutableBufferPointer { a in
            let ap = a.baseAddress!
            for y in rows {
                let first = Int(start[y])
                let n = min(taps, inHeight - first)
                let wy = w + y * taps
                ap.update(repeating: 0, count: rowLength)
                for t in 0..<n {
                    let k = wy[t]
                    let mrow = m + (first + t) * rowLength
                    for i in 0..<rowLength { ap[i] += k * mrow[i] }
                }
                let orow = o + y * rowLength
                for i in 0..<rowLength {
                    let v = ap[i] + 0.5
                    orow[i] = v <= 0 ? 0 : (v >= 255 ? 255 : UInt8(v))
                }
            }
        }
    }
}
