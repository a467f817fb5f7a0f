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
    ///
    /// Row by row of the output: the source rows under the vertical kernel are combined into one
    /// Float row, which the horizontal kernel then reduces. No intermediate picture is kept, so the
    /// extra memory is one row per thread whatever the photo's size.
    public static func resize(_ src: Raster, width: Int, height: Int) -> Raster {
        precondition(width > 0 && height > 0)
        if width == src.width && height == src.height { return src }
        let c = src.channels
        let hc = contributions(inSize: src.width, outSize: width)
        let vc = contributions(inSize: src.height, outSize: height)
        var out = uninitialized(UInt8.self, count: width * height * c)  // every sample is written
        let bands = max(1, ProcessInfo.processInfo.activeProcessorCount)
        src.pixels.withUnsafeBufferPointer { s in
            out.withUnsafeMutableBufferPointer { o in
                hc.weights.withUnsafeBufferPointer { hw in
                    hc.start.withUnsafeBufferPointer { hs in
                        vc.weights.withUnsafeBufferPointer { vw in
                            vc.start.withUnsafeBufferPointer { vs in
                                // Bands write disjoint rows of the output.
                                nonisolated(unsafe) let sp = s.baseAddress!, op = o.baseAddress!
                                nonisolated(unsafe) let hwp = hw.baseAddress!, hsp = hs.baseAddress!
                                nonisolated(unsafe) let vwp = vw.baseAddress!, vsp = vs.baseAddress!
                                DispatchQueue.concurrentPerform(iterations: bands) { band in
                                    let y0 = height * band / bands, y1 = height * (band + 1) / bands
                                    resizeRows(sp, op, src: (src.width, src.height), out: width, channels: c,
                                               h: (hwp, hsp, hc.taps), v: (vwp, vsp, vc.taps), rows: y0..<y1)
                                }
                            }
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

    private static func resizeRows(
        _ s: UnsafePointer<UInt8>, _ o: UnsafeMutablePointer<UInt8>, src: (width: Int, height: Int), out outWidth: Int,
        channels c: Int, h: (UnsafePointer<Float>, UnsafePointer<Int32>, Int),
        v: (UnsafePointer<Float>, UnsafePointer<Int32>, Int), rows: Range<Int>
    ) {
        let rowSamples = src.width * c
        // One spare sample at the end, so a pixel can be loaded as four lanes.
        let row = UnsafeMutablePointer<Float>.allocate(capacity: rowSamples + 4)
        defer { row.deallocate() }
        row.initialize(repeating: 0, count: rowSamples + 4)
        let raw = UnsafeRawPointer(row)
        let stride3 = 3 * MemoryLayout<Float>.stride
        for y in rows {
            // Vertical: the source rows under the kernel, weighted into one Float row.
            let first = Int(v.1[y])
            let n = min(v.2, src.height - first)
            let wy = v.0 + y * v.2
            for t in 0..<n {
                let k = wy[t], srow = UnsafeRawPointer(s + (first + t) * rowSamples)
                var i = 0
                // Eight samples at a time as vectors; the tail one by one.
                while i + 8 <= rowSamples {
                    let bytes = srow.loadUnaligned(fromByteOffset: i, as: SIMD8<UInt8>.self)
                    let value = k * SIMD8<Float>(bytes)
                    let sum = t == 0 ? value : value + raw.loadUnaligned(fromByteOffset: i * 4, as: SIMD8<Float>.self)
                    UnsafeMutableRawPointer(row).storeBytes(of: sum, toByteOffset: i * 4, as: SIMD8<Float>.self)
                    i += 8
                }
                let tail = srow.assumingMemoryBound(to: UInt8.self)
                while i < rowSamples {
                    row[i] = t == 0 ? k * Float(tail[i]) : row[i] + k * Float(tail[i])
                    i += 1
                }
            }
            // Horizontal: that row reduced to the output's width.
            let orow = o + y * outWidth * c
            for x in 0..<outWidth {
                let fx = Int(h.1[x])
                let nx = min(h.2, src.width - fx)
                let wx = h.0 + x * h.2
                if c == 3 {
                    var acc = SIMD4<Float>(repeating: 0.5)  // + 0.5: round to nearest on conversion
                    var offset = fx * stride3
                    for t in 0..<nx {
                        acc += wx[t] * raw.loadUnaligned(fromByteOffset: offset, as: SIMD4<Float>.self)
                        offset += stride3
                    }
                    orow[x * 3] = clampToByte(acc[0]); orow[x * 3 + 1] = clampToByte(acc[1])
                    orow[x * 3 + 2] = clampToByte(acc[2])
                } else {
                    var acc: Float = 0.5
                    for t in 0..<nx { acc += wx[t] * row[fx + t] }
                    orow[x] = clampToByte(acc)
                }
            }
        }
    }

    @inline(__always) private static func clampToByte(_ v: Float) -> UInt8 {
        v <= 0 ? 0 : (v >= 255 ? 255 : UInt8(v))
    }
}
