// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import PhotoLibrary
import Pixels
import SystemPackage
import Testing
import TestSupport

/// A RAW's histogram of its sensor's own values: where the sensor clipped, which its
/// preview (rendered, tone-curved) cannot say.
@Suite struct SensorHistogramTests {
    /// A DNG whose left half's red photosites sit at the white level, with a mid-grey
    /// preview: the sensor's histogram puts half the red photosites in the top step and no
    /// green or blue there; the preview's shows nothing clipped at all.
    @Test func theSensorsClippingShowsWhereThePreviewsDoesNot() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flick-sensor-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let preview = folder.appendingPathComponent("grey.jpg").path, raw = folder.appendingPathComponent("clipped.dng").path
        try #require(try runExternalTool(["convert", "-size", "400x300", "xc:rgb(128,128,128)", "-quality", "92", preview]).status == 0)
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Tests/Fixtures/make-dng.py").path
        try #require(try runExternalTool(["python3", script, raw, "640", "480", "--preview", preview, "--preview-size", "400x300", "--clip-red"]).status == 0)

        let sensor = try ImageDecoder.sensorHistogram(FilePath(raw))
        let photosites = 640 * 480
        #expect(sensor.red.reduce(0, +) == photosites / 4 && sensor.blue.reduce(0, +) == photosites / 4)
        #expect(sensor.green.reduce(0, +) == photosites / 2, "both greens of each 2×2")
        #expect(sensor.red[255] == photosites / 8, "the left half's red photosites are clipped")
        #expect(sensor.red[12] == photosites / 8, "the right half's sit at 200 of 4095")
        #expect(sensor.green[255] == 0 && sensor.blue[255] == 0, "\(sensor.green.enumerated().filter { $0.1 > 0 }) \(sensor.blue.enumerated().filter { $0.1 > 0 })")
        #expect(sensor.blue[Int(4000 * 255 / 4095)] == photosites / 8, "the right half's blue at 4000 of 4095")

        let shown = try ImageDecoder.decode(FilePath(raw), maximumPixelSize: 400)
        let previews = Histogram(shown)
        #expect(previews.red[255] == 0 && previews.red[250...].reduce(0, +) == 0, "the preview says nothing of it")
    }

    /// A DNG already demosaiced (LinearRaw: three values a pixel, as some converters and
    /// cameras write): every pixel counts in each channel.
    @Test func aLinearDNGCountsEveryPixelInEveryChannel() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flick-sensor-linear-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let raw = folder.appendingPathComponent("linear.dng").path
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Tests/Fixtures/make-dng.py").path
        try #require(try runExternalTool(["python3", script, raw, "64", "48", "--linear"]).status == 0)
        let sensor = try ImageDecoder.sensorHistogram(FilePath(raw))
        let high = 4000 * 255 / 4095, low = 200 * 255 / 4095, half = 64 * 48 / 2
        #expect(sensor.red[high] == half && sensor.red[low] == half, "red on the left")
        #expect(sensor.blue[high] == half && sensor.blue[low] == half, "blue on the right")
        #expect(sensor.green[300 * 255 / 4095] == 2 * half)
    }

    /// Through a helper, as the app asks: the graph, marked "RAW" in amber at its top left;
    /// a JPEG has no sensor to read.
    @Test func aHelperDrawsTheSensorsGraphMarkedRAWAndRefusesAJPEG() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flick-sensor-helper-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let jpeg = folder.appendingPathComponent("grey.jpg").path, raw = folder.appendingPathComponent("plain.dng").path
        try #require(try runExternalTool(["convert", "-size", "64x48", "xc:gray", jpeg]).status == 0)
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Tests/Fixtures/make-dng.py").path
        try #require(try runExternalTool(["python3", script, raw, "320", "240"]).status == 0)
        let decoder = IsolatedDecoder(command: [builtExecutable(named: "fake-decode-helper")])
        let graph = try decoder.sensorHistogram(FilePath(raw)).get()
        #expect(graph.width == Histogram.graphSize.width && graph.height == Histogram.graphSize.height)
        let mark = 6 * graph.bytesPerRow + 6 * 4
        #expect(Array(graph.bytes[mark..<(mark + 4)]) == [40, 180, 255, 255], "the R of RAW, amber (BGRA)")
        let plain = Histogram(red: [Int](repeating: 1, count: 256), green: [Int](repeating: 1, count: 256), blue: [Int](repeating: 1, count: 256)).drawn()
        #expect(Array(plain.bytes[mark..<(mark + 4)]) != [40, 180, 255, 255], "unmarked, no amber there")
        guard case .failure = decoder.sensorHistogram(FilePath(jpeg)) else {
            Issue.record("a JPEG has no sensor data")
            return
        }
    }
}
