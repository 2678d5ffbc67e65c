// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Geometry
import PhotoSources
import Pixels
import Synchronization
import SystemPackage
import ViewTree

/// The looks a photographer turns on (histogram, clipping, focus peaking), worked out from
/// the pixels each photo was decoded with for the screen. While none is wanted nothing is
/// kept for them: a page turn costs what it did.
final class LookShelf {
    /// The screen pictures kept at most (the photo in front and the ones either side).
    static let keptPictures = 4
    /// The photos whose looks are kept drawn at most: the pager's photo in front and two
    /// either side, drawn before their pages are turned to (a 1620 × 1080 picture with its
    /// looks painted in is 7 MB, and so is each layer where one is shown); Compare's four.
    static let keptDrawn = 5

    var wanted: Set<PictureLook> = []
    /// The latest picture for the screen of each photo, newest last.
    var pixels: [(path: FilePath, pixels: PixelBuffer)] = []
    /// What has been drawn, as textures (pinned: a texture store short of room would take
    /// the neighbours' first, never yet drawn on screen); the photos' order of last use.
    var drawn: [FilePath: [PictureLook: ImageContent]] = [:]
    /// Each photo's picture with the looks laid over it painted in (which ones said), drawn
    /// at fit in place of the picture and its layers (pinned too).
    var overlaid: [FilePath: (looks: Set<PictureLook>, picture: ImageContent)] = [:]
    var drawnOrder: [FilePath] = []
    /// What is being worked out (or was asked again by decoding the photo anew).
    var asked: [FilePath: Set<PictureLook>] = [:]
    var askedOverlaid: Set<FilePath> = []
    var redecoded: Set<FilePath> = []
    /// RAWs whose sensor LibRaw could not give: their histogram is their pixels'.
    var withoutSensor: Set<FilePath> = []
    /// Drawn off the UI thread, taken in by `drainResults`.
    let inbox = LookInbox()
    let work = DispatchQueue(label: "flick.looks", qos: .userInitiated)
    /// A RAW's sensor read in a helper (most of a second): the other looks do not wait for it.
    let sensorWork = DispatchQueue(label: "flick.looks.sensor", qos: .userInitiated)
    var textures: [TextureHandle: FilePath] = [:]

    func keep(_ picture: PixelBuffer, of path: FilePath) {
        pixels.removeAll { $0.path == path }
        pixels.append((path, picture))
        if pixels.count > Self.keptPictures { pixels.removeFirst(pixels.count - Self.keptPictures) }
    }

    func pixels(of path: FilePath) -> PixelBuffer? { pixels.last { $0.path == path }?.pixels }

    /// The looks wanted that are laid over a whole photo (and painted into its overlaid
    /// picture), in the order they are painted.
    var laidOver: [PictureLook] { PictureLook.laidOver.filter(wanted.contains) }

    /// `path`'s looks were drawn or shown: the last to be let go.
    func used(_ path: FilePath) {
        guard drawnOrder.last != path else { return }
        drawnOrder.removeAll { $0 == path }
        drawnOrder.append(path)
    }

    /// Lets go of the photos least recently used past `keptDrawn`; says which, for their
    /// textures to be removed.
    func letGoPastKept() -> [FilePath] {
        guard drawnOrder.count > Self.keptDrawn else { return [] }
        defer { drawnOrder.removeFirst(drawnOrder.count - Self.keptDrawn) }
        return Array(drawnOrder.prefix(drawnOrder.count - Self.keptDrawn))
    }
}

/// What the looks' worker has drawn, waiting for the UI thread.
final class LookInbox: Sendable {
    private let drawn = Mutex<[(path: FilePath, look: PictureLook, picture: PixelBuffer)]>([])
    private let overlaid = Mutex<[(path: FilePath, looks: Set<PictureLook>, picture: PixelBuffer)]>([])
    private let withoutSensor = Mutex<[FilePath]>([])

    func add(_ picture: PixelBuffer, _ look: PictureLook, of path: FilePath) { drawn.withLock { $0.append((path, look, picture)) } }

    func addOverlaid(_ picture: PixelBuffer, _ looks: Set<PictureLook>, of path: FilePath) { overlaid.withLock { $0.append((path, looks, picture)) } }

    func takeOverlaid() -> [(path: FilePath, looks: Set<PictureLook>, picture: PixelBuffer)] {
        overlaid.withLock { overlaid in defer { overlaid = [] }; return overlaid }
    }

    /// A RAW whose sensor could not be read.
    func addWithoutSensor(_ path: FilePath) { withoutSensor.withLock { $0.append(path) } }

    func takeWithoutSensor() -> [FilePath] { withoutSensor.withLock { paths in defer { paths = [] }; return paths } }

    func take() -> [(path: FilePath, look: PictureLook, picture: PixelBuffer)] {
        drawn.withLock { drawn in
            defer { drawn = [] }
            return drawn
        }
    }
}

extension PictureStore {
    public func wantLooks(_ wanted: Set<PictureLook>) {
        guard wanted != looks.wanted else { return }
        looks.wanted = wanted
        // A look turned off gives back its layers (pinned, a screen's worth each) at once.
        for (path, drawn) in looks.drawn {
            for (look, picture) in drawn where !wanted.contains(look) {
                forgetLookTexture(picture.texture)
                looks.drawn[path]?[look] = nil
            }
        }
        // An overlaid picture with other looks than those wanted now is drawn anew.
        let laid = Set(looks.laidOver)
        for (path, overlaid) in looks.overlaid where overlaid.looks != laid {
            forgetLookTexture(overlaid.picture.texture)
            looks.overlaid[path] = nil
        }
        if wanted.isEmpty {
            looks.pixels = []
            looks.redecoded = []
            for handle in looks.textures.keys { textures.remove(handle) }
            looks.textures = [:]
            looks.drawn = [:]
            looks.overlaid = [:]
            looks.drawnOrder = []
            looks.asked = [:]
            looks.askedOverlaid = []
        }
    }

    private func forgetLookTexture(_ handle: TextureHandle) {
        textures.remove(handle)
        looks.textures[handle] = nil
    }

    public func look(_ look: PictureLook, at index: Int) -> ImageContent? {
        guard looks.wanted.contains(look), index >= 0, index < photos.count else { return nil }
        let path = photos[index].path
        if PictureLook.laidOver.contains(look) && isMoving(path) { return nil }
        if let drawn = looks.drawn[path]?[look] {
            looks.used(path)
            return drawn
        }
        guard looks.asked[path]?.contains(look) != true else { return nil }
        if look == .sensorLevels, readsSensor(of: path, at: index) {
            readSensor(of: path)
        } else if let pixels = looks.pixels(of: path) {
            if PictureLook.laidOver.contains(look) {
                drawLaidOver(of: path, from: pixels, layers: true, overlaid: looks.overlaid[path]?.looks != Set(looks.laidOver))
            } else {
                draw(look, of: path, from: pixels)
            }
        } else if !looks.redecoded.contains(path), let size = shownScreenSize(of: path) {
            // Decoded before any look was wanted: decoded again (the picture shown stays),
            // and drawn once it is back.
            looks.redecoded.insert(path)
            screenQueue.submit(DecodeService.screenRequest(path, size, .visible, rawBeside: rawBeside(path)))
        }
        return nil
    }

    /// Photo `index`'s picture for the screen with the looks laid over a whole photo that
    /// are wanted painted in, while `shown` are those (nil otherwise, or while it is worked
    /// out: the views show the picture and the looks' layers meanwhile).
    public func overlaid(_ shown: Set<PictureLook>, at index: Int) -> ImageContent? {
        let laid = Set(looks.laidOver)
        guard !laid.isEmpty, laid == Set(PictureLook.laidOver).intersection(shown), index >= 0, index < photos.count else { return nil }
        let path = photos[index].path
        guard !isMoving(path) else { return nil }
        if let overlaid = looks.overlaid[path], overlaid.looks == laid {
            looks.used(path)
            return overlaid.picture
        }
        if !looks.askedOverlaid.contains(path), let pixels = looks.pixels(of: path) { drawLaidOver(of: path, from: pixels, layers: false, overlaid: true) }
        return nil
    }

    /// A photo's new picture for the screen: kept for the looks while any is wanted, and the
    /// looks wanted drawn from it at once (and what was drawn from an older one again) —
    /// the photos beside the one in front before their pages are turned to, so that a turn
    /// shows the photo and its looks in one frame. A RAW's sensor is read only when its
    /// histogram is asked: that takes a helper most of a second.
    func takeForLooks(_ pixels: PixelBuffer, of path: FilePath) {
        guard !looks.wanted.isEmpty else { return }
        looks.keep(pixels, of: path)
        looks.redecoded.remove(path)
        looks.asked[path] = nil
        looks.askedOverlaid.remove(path)
        let sensorRead = readsSensor(of: path, at: index(of: path))
        let drawn = looks.drawn[path, default: [:]].keys
        for look in looks.wanted.union(drawn) where !PictureLook.laidOver.contains(look) && !(look == .sensorLevels && sensorRead) {
            draw(look, of: path, from: pixels)
        }
        // The layers only where a view has shown them (zoomed in, Compare): at fit the
        // photo is drawn with them painted in.
        drawLaidOver(of: path, from: pixels, layers: drawn.contains { PictureLook.laidOver.contains($0) }, overlaid: true)
    }

    /// Whether the histogram of the photo at `path` is its sensor's: a RAW whose sensor
    /// LibRaw has not refused.
    private func readsSensor(of path: FilePath, at index: Int?) -> Bool {
        guard let index, index < photos.count, helpers != nil else { return false }
        return photos[index].format == .raw && !looks.withoutSensor.contains(path)
    }

    /// The RAW's sensor histogram, asked of a helper; refused, its pixels' is drawn instead.
    private func readSensor(of path: FilePath) {
        guard let helpers else { return }
        looks.asked[path, default: []].insert(.sensorLevels)
        let inbox = looks.inbox, wake = wake
        looks.sensorWork.async {
            switch helpers.sensorHistogram(path) {
            case let .success(graph): inbox.add(graph, .sensorLevels, of: path)
            case .failure: inbox.addWithoutSensor(path)
            }
            wake.wake()
        }
    }

    private func draw(_ look: PictureLook, of path: FilePath, from pixels: PixelBuffer) {
        looks.asked[path, default: []].insert(look)
        let inbox = looks.inbox, wake = wake
        looks.work.async {
            let picture = look.drawn(from: pixels)
            inbox.add(picture, look, of: path)
            wake.wake()
        }
    }

    /// The wanted looks laid over a whole photo drawn from `pixels` together: each as its
    /// layer (`layers`: for a photo zoomed into or compared) and all painted into the
    /// picture (`overlaid`: for the photo at fit). Only what is asked is kept: each is a
    /// screen's worth of pixels.
    private func drawLaidOver(of path: FilePath, from pixels: PixelBuffer, layers keepsLayers: Bool, overlaid keepsOverlaid: Bool) {
        let laid = looks.laidOver
        guard !laid.isEmpty, keepsLayers || keepsOverlaid else { return }
        if keepsLayers { looks.asked[path, default: []].formUnion(laid) }
        if keepsOverlaid { looks.askedOverlaid.insert(path) }
        let inbox = looks.inbox, wake = wake
        looks.work.async {
            let layers = laid.map { $0.drawn(from: pixels) }
            if keepsLayers { for (look, layer) in zip(laid, layers) { inbox.add(layer, look, of: path) } }
            if keepsOverlaid { inbox.addOverlaid(pixels.overlaid(with: layers), Set(laid), of: path) }
            wake.wake()
        }
    }

    /// Takes in what was drawn. True if anything arrived.
    func drainLooks() -> Bool {
        let refused = looks.inbox.takeWithoutSensor()
        for path in refused {
            looks.withoutSensor.insert(path)
            looks.asked[path]?.remove(.sensorLevels)
        }
        let arrived = looks.inbox.take()
        for (path, look, picture) in arrived {
            looks.asked[path]?.remove(look)
            guard looks.wanted.contains(look), isKept(path) else { continue }
            if let old = looks.drawn[path]?[look] { forgetLookTexture(old.texture) }
            looks.drawn[path, default: [:]][look] = pinnedLook(picture, of: path)
            looks.used(path)
        }
        let overlaid = looks.inbox.takeOverlaid()
        for (path, laid, picture) in overlaid {
            looks.askedOverlaid.remove(path)
            guard laid == Set(looks.laidOver), isKept(path) else { continue }
            if let old = looks.overlaid[path] { forgetLookTexture(old.picture.texture) }
            looks.overlaid[path] = (laid, pinnedLook(picture, of: path))
            looks.used(path)
        }
        for path in looks.letGoPastKept() {
            for look in (looks.drawn.removeValue(forKey: path) ?? [:]).values { forgetLookTexture(look.texture) }
            if let overlaid = looks.overlaid.removeValue(forKey: path) { forgetLookTexture(overlaid.picture.texture) }
        }
        return !arrived.isEmpty || !overlaid.isEmpty || !refused.isEmpty
    }

    /// A look of `path`'s as a texture of its own, pinned.
    private func pinnedLook(_ picture: PixelBuffer, of path: FilePath) -> ImageContent {
        let handle = textures.add(picture, pinned: true)
        looks.textures[handle] = path
        return ImageContent(texture: handle, pixelSize: Size(width: Double(picture.width), height: Double(picture.height)), isOpaque: picture.isOpaque, mode: .fill)
    }

    /// A look's texture made room: drawn again when next asked.
    func evictedLook(_ handle: TextureHandle) -> Bool {
        guard let path = looks.textures.removeValue(forKey: handle) else { return false }
        looks.drawn[path] = looks.drawn[path]?.filter { $0.value.texture != handle }
        if looks.overlaid[path]?.picture.texture == handle { looks.overlaid[path] = nil }
        return true
    }

    /// True while the photo at `path` moves where it is shown (an animation, a video, a Live
    /// Photo's moment): the looks laid over it are of its still picture, and would hide or
    /// belie the frames.
    private func isMoving(_ path: FilePath) -> Bool {
        playing.values.contains { $0.path == path } || videos.values.contains { $0.path == path } || moment?.still == path
    }

    /// The largest whole picture of `path` for the screen that is shown now.
    private func shownScreenSize(of path: FilePath) -> PictureSize? {
        broker.wants(of: path).keys.filter { Self.isScreenSize($0) && !$0.isRegion }.max { $0.pixelArea < $1.pixelArea }
    }
}

extension PictureSize {
    /// How many pixels at most, to choose the largest of several.
    var pixelArea: Int {
        switch self {
        case let .filling(side), let .fitting(side): side * side
        case let .within(width, height): width * height
        case let .region(rect): rect.width * rect.height
        }
    }
}
