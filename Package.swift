// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "PhotoPrep",
    products: [
        .library(name: "PhotoPrep", targets: ["PhotoPrep"]),
        .executable(name: "prepare-photo", targets: ["prepare-photo"]),
    ],
    targets: [
        .systemLibrary(
            name: "CJPEG",
            path: "Sources/CJPEG",
            providers: [.apt(["libturbojpeg0-dev"])]
        ),
        .systemLibrary(
            name: "CTesseract",
            path: "Sources/CTesseract",
            providers: [.apt(["libtesseract-dev", "libleptonica-dev"])]
        ),
        .systemLibrary(
            name: "CTIFF",
            path: "Sources/CTIFF",
            providers: [.apt(["libtiff-dev"])]
        ),
        .systemLibrary(
            name: "CPNG",
            path: "Sources/CPNG",
            providers: [.apt(["libpng-dev"])]
        ),
        // C++: a walk over Tesseract's results in layout order (see its header).
        .target(name: "CTesseractWords", dependencies: ["CTesseract"]),
        .target(
            name: "PhotoPrep",
            dependencies: ["CJPEG", "CTesseract", "CTesseractWords", "CTIFF", "CPNG"],
            swiftSettings: [.unsafeFlags(["-Ounchecked"], .when(configuration: .release))]
        ),
        .executableTarget(name: "prepare-photo", dependencies: ["PhotoPrep"]),
        .executableTarget(name: "photoprep-bench", dependencies: ["PhotoPrep"]),
        // Fixtures are read by path (`#filePath`), not bundled as resources.
        .testTarget(name: "PhotoPrepTests", dependencies: ["PhotoPrep", "CTesseract"], exclude: ["Fixtures"]),
    ],
    cxxLanguageStandard: .cxx17
)
