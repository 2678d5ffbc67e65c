// swift-tools-version:6.0
import PackageDescription

// Imports point down only (see DESIGN.md): Gestures → ViewTree → Motion → Geometry.
// Nothing in these core targets imports SDL or reads a clock.
let package = Package(
    name: "Flick",
    targets: [
        .target(name: "Geometry"),
        .target(name: "Motion", dependencies: ["Geometry"]),
        .target(name: "ViewTree", dependencies: ["Geometry", "Motion"]),
        .target(name: "Gestures", dependencies: ["Geometry", "Motion", "ViewTree"]),
        .target(name: "TestSupport", dependencies: ["Geometry", "Motion", "ViewTree", "Gestures"]),

        .testTarget(name: "GeometryTests", dependencies: ["Geometry"]),
        .testTarget(name: "MotionTests", dependencies: ["Motion", "TestSupport"]),
        .testTarget(name: "ViewTreeTests", dependencies: ["ViewTree", "TestSupport"]),
        .testTarget(name: "GesturesTests", dependencies: ["Gestures", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
