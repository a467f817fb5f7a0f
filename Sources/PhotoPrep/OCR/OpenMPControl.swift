import Foundation

/// Reaches the OpenMP runtime that Debian's Tesseract is built with, without linking it ourselves.
///
/// Measured on two cores: a page took 2.1 s of CPU with OpenMP's default threads and 0.6 s on one
/// thread, because Tesseract opens a parallel region per LSTM step and the threads spin.
enum OpenMPControl {
    /// Makes every OpenMP parallel region run on the thread that enters it. Does nothing when the
    /// process has no OpenMP runtime. The corresponding C function is `omp_set_max_active_levels`.
    static func runSerially() {
        guard let handle = dlopen(nil, RTLD_NOW),
              let sym = dlsym(handle, "omp_set_max_active_levels") else { return }
        typealias SetLevels = @convention(c) (Int32) -> Void
        unsafeBitCast(sym, to: SetLevels.self)(0)
    }
}
