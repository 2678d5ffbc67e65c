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
    /// The latest part at full scale of each zoomed photo, its pixels (a few kept) and the
    /// part with the looks painted in, worked out from those pixels: peaking at 100 % is of
    /// the photo's own pixels, not of its fitted picture enlarged.
    var partPixels: [(path: FilePath, rect: PixelRect, pixels: PixelBuffer)] = []
    var overlaidParts: [FilePath: (rect: PixelRect, looks: Set<PictureLook>, picture: ImageContent)] = [:]
    var askedParts: [FilePath: PixelRect] = [:]
    var redecodedParts: [FilePath: PixelRect] = [:]
    /// The parts whose pixels are kept at most (a zoomed pager's, Compare's zoomed panes'):
    /// a part is a screen and its margins at full scale, about 11 MB at 1080p.
    static let keptParts = 2
    /// The most pixels a picture the looks are drawn from has: a 4K screen's fit.
    static let largestPicture = 3840 * 2400
    /// How often each photo's file was rewritten while looks were on.
    var rewrites: [FilePath: Int] = [:]
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

    func keepPart(_ pixels: PixelBuffer, _ rect: PixelRect, of path: FilePath) {
        partPixels.removeAll { $0.path == path }
        partPixels.append((path, rect, pixels))
        if partPixels.count > Self.keptParts { partPixels.removeFirst(partPixels.count - Self.keptParts) }
    }

    func partPixels(of path: FilePath, _ rect: PixelRect) -> PixelBuffer? { partPixels.last { $0.path == path && $0.rect == rect }?.pixels }

    /// The looks wanted that are laid over a whole photo (and painted into its overlaid
    /// picture), in the order they are painted.
    var laidOver: [PictureLook] { PictureLook.laidOver.filter(wanted.contains) }

    func subject(_ path: FilePath) -> LookSubject { LookSubject(path: path, rewrites: rewrites[path, default: 0]) }

    /// Whether what was drawn for `subject` is of the photo's file as it is.
    func isCurrent(_ subject: LookSubject) -> Bool { subject.rewrites == rewrites[subject.path, default: 0] }

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

/// The photo a look is drawn for, as its file was when asked: a look of a file since
/// rewritten (turned, say) is of the old picture, and let go as it arrives.
struct LookSubject: Hashable, Sendable {
    let path: FilePath
    let rewrites: Int
}

/// What the looks' worker has drawn, waiting for the UI thread.
final class LookInbox: Sendable {
    private let drawn = Mutex<[(of: LookSubject, look: PictureLook, picture: PixelBuffer)]>([])
    private let overlaid = Mutex<[(of: LookSubject, looks: Set<PictureLook>, picture: PixelBuffer)]>([])
    private let overlaidParts = Mutex<[(of: LookSubject, rect: PixelRect, looks: Set<PictureLook>, picture: PixelBuffer)]>([])
    private let withoutSensor = Mutex<[LookSubject]>([])

    func add(_ picture: PixelBuffer, _ look: PictureLook, of subject: LookSubject) { drawn.withLock { $0.append((subject, look, picture)) } }

    func addOverlaid(_ picture: PixelBuffer, _ looks: Set<PictureLook>, of subject: LookSubject) {
        overlaid.withLock { $0.append((subject, looks, picture)) }
    }

    func takeOverlaid() -> [(of: LookSubject, looks: Set<PictureLook>, picture: PixelBuffer)] {
        overlaid.withLock { overlaid in defer { overlaid = [] }; return overlaid }
    }

    func addOverlaidPart(_ picture: PixelBuffer, _ rect: PixelRect, _ looks: Set<PictureLook>, of subject: LookSubject) {
        overlaidParts.withLock { $0.append((subject, rect, looks, picture)) }
    }

    func takeOverlaidParts() -> [(of: LookSubject, rect: PixelRect, looks: Set<PictureLook>, picture: PixelBuffer)] {
        overlaidParts.withLock { parts in defer { parts = [] }; return parts }
    }

    /// A RAW whose sensor could not be read.
    func addWithoutSensor(_ subject: LookSubject) { withoutSensor.withLock { $0.append(subject) } }

    func takeWithoutSensor() -> [LookSubject] { withoutSensor.withLock { subjects in defer { subjects = [] }; return subjects } }

    func take() -> [(of: LookSubject, look: PictureLook, picture: PixelBuffer)] {
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
        for (path, part) in looks.overlaidParts where part.looks != laid {
            forgetLookTexture(part.picture.texture)
            looks.overlaidParts[path] = nil
        }
        if wanted.isEmpty {
            looks.pixels = []
            looks.redecoded = []
            for handle in looks.textures.keys { textures.remove(handle) }
            looks.textures = [:]
            looks.drawn = [:]
            looks.overlaid = [:]
            looks.overlaidParts = [:]
            looks.partPixels = []
            looks.askedParts = [:]
            looks.redecodedParts = [:]
            looks.drawnOrder = []
            looks.asked = [:]
            looks.askedOverlaid = []
        }
    }

    /// The photo at `path` was rewritten (turned, say) or left: its looks are of the old
    /// picture, drawn anew from the new one (a painted picture of the old shape would stand
    /// in its place meanwhile).
    func forgetLooks(of path: FilePath) {
        for look in (looks.drawn.removeValue(forKey: path) ?? [:]).values { forgetLookTexture(look.texture) }
        if let overlaid = looks.overlaid.removeValue(forKey: path) { forgetLookTexture(overlaid.picture.texture) }
        if let part = looks.overlaidParts.removeValue(forKey: path) { forgetLookTexture(part.picture.texture) }
        looks.pixels.removeAll { $0.path == path }
        looks.partPixels.removeAll { $0.path == path }
        looks.askedParts[path] = nil
        looks.redecodedParts[path] = nil
        looks.drawnOrder.removeAll { $0 == path }
        looks.asked[path] = nil
        looks.askedOverlaid.remove(path)
        looks.redecoded.remove(path)
        looks.withoutSensor.remove(path)
        // What is being drawn meanwhile is of the old file.
        if !looks.wanted.isEmpty { looks.rewrites[path, default: 0] += 1 }
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

    /// The part at full scale `rect` of photo `index` with the looks laid over a whole photo
    /// that are wanted painted in, worked out from the part's own pixels, while `shown` are
    /// those; nil otherwise, or while it is worked out (a part shown before any look was
    /// wanted is decoded again for it, once).
    public func overlaidPart(_ shown: Set<PictureLook>, at index: Int, region rect: PixelRect) -> ImageContent? {
        let laid = Set(looks.laidOver)
        guard !laid.isEmpty, laid == Set(PictureLook.laidOver).intersection(shown), index >= 0, index < photos.count else { return nil }
        let path = photos[index].path
        guard !isMoving(path) else { return nil }
        if let part = looks.overlaidParts[path], part.rect == rect, part.looks == laid {
            looks.used(path)
            return part.picture
        }
        guard looks.askedParts[path] != rect else { return nil }
        if let pixels = looks.partPixels(of: path, rect) {
            drawPart(rect, of: path, from: pixels)
        } else if looks.redecodedParts[path] != rect, broker.picture(of: path, for: .region(rect)) != nil {
            looks.redecodedParts[path] = rect
            screenQueue.submit(DecodeService.screenRequest(path, .region(rect), .visible))
        }
        return nil
    }

    /// A part at full scale has come: kept for its looks while any laid over a photo is
    /// wanted, and painted at once.
    func takePartForLooks(_ pixels: PixelBuffer, _ rect: PixelRect, of path: FilePath) {
        guard !looks.laidOver.isEmpty else { return }
        looks.keepPart(pixels, rect, of: path)
        if looks.redecodedParts[path] == rect { looks.redecodedParts[path] = nil }
        drawPart(rect, of: path, from: pixels)
    }

    private func drawPart(_ rect: PixelRect, of path: FilePath, from pixels: PixelBuffer) {
        let laid = looks.laidOver
        guard !laid.isEmpty else { return }
        looks.askedParts[path] = rect
        let inbox = looks.inbox, wake = wake, subject = looks.subject(path)
        looks.work.async {
            inbox.addOverlaidPart(pixels.overlaid(with: laid.map { $0.drawn(from: pixels) }), rect, Set(laid), of: subject)
            wake.wake()
        }
    }

    /// A photo's new picture for the screen: kept for the looks while any is wanted, and the
    /// looks wanted drawn from it at once (and what was drawn from an older one again) —
    /// the photos beside the one in front before their pages are turned to, so that a turn
    /// shows the photo and its looks in one frame. A RAW's sensor is read only when its
    /// histogram is asked: that takes a helper most of a second.
    ///
    /// Only a picture for a screen is looked at so, not a photo decoded whole to zoom past
    /// 100 % (a 24 MP layer is 96 MB; zoomed in, the part at full scale has its own).
    func takeForLooks(_ pixels: PixelBuffer, of path: FilePath) {
        guard !looks.wanted.isEmpty, pixels.width * pixels.height <= LookShelf.largestPicture else { return }
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
        let inbox = looks.inbox, wake = wake, subject = looks.subject(path)
        looks.sensorWork.async {
            switch helpers.sensorHistogram(path) {
            case let .success(graph): inbox.add(graph, .sensorLevels, of: subject)
            case .failure: inbox.addWithoutSensor(subject)
            }
            wake.wake()
        }
    }

    private func draw(_ look: PictureLook, of path: FilePath, from pixels: PixelBuffer) {
        looks.asked[path, default: []].insert(look)
        let inbox = looks.inbox, wake = wake, subject = looks.subject(path)
        looks.work.async {
            let picture = look.drawn(from: pixels)
            inbox.add(picture, look, of: subject)
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
        let inbox = looks.inbox, wake = wake, subject = looks.subject(path)
        looks.work.async {
            let layers = laid.map { $0.drawn(from: pixels) }
            if keepsLayers { for (look, layer) in zip(laid, layers) { inbox.add(layer, look, of: subject) } }
            if keepsOverlaid { inbox.addOverlaid(pixels.overlaid(with: layers), Set(laid), of: subject) }
            wake.wake()
        }
    }

    /// Takes in what was drawn. True if anything arrived.
    func drainLooks() -> Bool {
        let refused = looks.inbox.takeWithoutSensor().filter(looks.isCurrent)
        for subject in refused {
            looks.withoutSensor.insert(subject.path)
            looks.asked[subject.path]?.remove(.sensorLevels)
        }
        let arrived = looks.inbox.take().filter { looks.isCurrent($0.of) }
        for (subject, look, picture) in arrived {
            let path = subject.path
            looks.asked[path]?.remove(look)
            guard looks.wanted.contains(look), isKept(path) else { continue }
            if let old = looks.drawn[path]?[look] { forgetLookTexture(old.texture) }
            looks.drawn[path, default: [:]][look] = pinnedLook(picture, of: path)
            looks.used(path)
        }
        let overlaid = looks.inbox.takeOverlaid().filter { looks.isCurrent($0.of) }
        for (subject, laid, picture) in overlaid {
            let path = subject.path
            looks.askedOverlaid.remove(path)
            guard laid == Set(looks.laidOver), isKept(path) else { continue }
            if let old = looks.overlaid[path] { forgetLookTexture(old.picture.texture) }
            looks.overlaid[path] = (laid, pinnedLook(picture, of: path))
            looks.used(path)
        }
        let parts = looks.inbox.takeOverlaidParts().filter { looks.isCurrent($0.of) }
        for (subject, rect, laid, picture) in parts {
            let path = subject.path
            guard looks.askedParts[path] == rect else { continue }
            looks.askedParts[path] = nil
            guard laid == Set(looks.laidOver), isKept(path) else { continue }
            if let old = looks.overlaidParts[path] { forgetLookTexture(old.picture.texture) }
            looks.overlaidParts[path] = (rect, laid, pinnedLook(picture, of: path))
            looks.used(path)
        }
        for path in looks.letGoPastKept() {
            for look in (looks.drawn.removeValue(forKey: path) ?? [:]).values { forgetLookTexture(look.texture) }
            if let overlaid = looks.overlaid.removeValue(forKey: path) { forgetLookTexture(overlaid.picture.texture) }
            if let part = looks.overlaidParts.removeValue(forKey: path) { forgetLookTexture(part.picture.texture) }
        }
        return !arrived.isEmpty || !overlaid.isEmpty || !parts.isEmpty || !refused.isEmpty
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
        if looks.overlaidParts[path]?.picture.texture == handle { looks.overlaidParts[path] = nil }
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
        broker.wants(of: path).keys.filter { Self.isScreenSize($0) && !$0.isRegion && $0.pixelArea <= LookShelf.largestPicture }
            .max { $0.pixelArea < $1.pixelArea }
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
