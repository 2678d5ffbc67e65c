// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Geometry
import PhotoSources
import Pixels
import SystemPackage
import ViewTree

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
        for (part, painted) in looks.overlaidParts where painted.looks != laid {
            forgetLookTexture(painted.picture.texture)
            looks.overlaidParts[part] = nil
            looks.overlaidPartsOrder.remove { $0 == part }
        }
        if wanted.isEmpty {
            looks.pixels = []
            looks.redecoded = []
            for handle in looks.textures.keys { textures.remove(handle) }
            looks.textures = [:]
            looks.drawn = [:]
            looks.overlaid = [:]
            looks.overlaidParts = [:]
            looks.overlaidPartsOrder.removeAll()
            looks.partPixels = []
            looks.askedParts = []
            looks.redecodedParts = []
            looks.drawnOrder.removeAll()
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
        for part in looks.forgetParts(of: path) { forgetLookTexture(part.texture) }
        looks.pixels.removeAll { $0.path == path }
        looks.drawnOrder.remove { $0 == path }
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
            looks.drawnOrder.use(path)
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
            looks.drawnOrder.use(path)
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
        let part = PartOf(path: path, rect: rect)
        if let painted = looks.overlaidParts[part], painted.looks == laid {
            looks.overlaidPartsOrder.use(part)
            return painted.picture
        }
        guard !looks.askedParts.contains(part) else { return nil }
        if let pixels = looks.partPixels(of: part) {
            drawPart(part, from: pixels)
        } else if !looks.redecodedParts.contains(part), broker.picture(of: path, for: .region(rect)) != nil {
            looks.redecodedParts.insert(part)
            screenQueue.submit(DecodeService.screenRequest(path, .region(rect), .visible))
        }
        return nil
    }

    /// A part at full scale has come: kept for its looks while any laid over a photo is
    /// wanted, and painted at once.
    func takePartForLooks(_ pixels: PixelBuffer, _ rect: PixelRect, of path: FilePath) {
        guard !looks.laidOver.isEmpty else { return }
        let part = PartOf(path: path, rect: rect)
        looks.keepPart(pixels, part)
        looks.redecodedParts.remove(part)
        drawPart(part, from: pixels)
    }

    private func drawPart(_ part: PartOf, from pixels: PixelBuffer) {
        let laid = looks.laidOver
        guard !laid.isEmpty else { return }
        looks.askedParts.insert(part)
        let inbox = looks.inbox, wake = wake, subject = looks.subject(part.path)
        looks.work.async {
            inbox.addOverlaidPart(pixels.overlaid(with: laid.map { $0.drawn(from: pixels) }), part.rect, Set(laid), of: subject)
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
            looks.drawnOrder.use(path)
        }
        let overlaid = looks.inbox.takeOverlaid().filter { looks.isCurrent($0.of) }
        for (subject, laid, picture) in overlaid {
            let path = subject.path
            looks.askedOverlaid.remove(path)
            guard laid == Set(looks.laidOver), isKept(path) else { continue }
            if let old = looks.overlaid[path] { forgetLookTexture(old.picture.texture) }
            looks.overlaid[path] = (laid, pinnedLook(picture, of: path))
            looks.drawnOrder.use(path)
        }
        let parts = looks.inbox.takeOverlaidParts().filter { looks.isCurrent($0.of) }
        for (subject, rect, laid, picture) in parts {
            let part = PartOf(path: subject.path, rect: rect)
            guard looks.askedParts.remove(part) != nil, laid == Set(looks.laidOver), isKept(part.path) else { continue }
            if let old = looks.overlaidParts[part] { forgetLookTexture(old.picture.texture) }
            looks.overlaidParts[part] = (laid, pinnedLook(picture, of: part.path))
            looks.overlaidPartsOrder.use(part)
        }
        for painted in looks.letGoOfPartsPastKept() { forgetLookTexture(painted.texture) }
        for path in looks.drawnOrder.letGoPastKept() {
            for look in (looks.drawn.removeValue(forKey: path) ?? [:]).values { forgetLookTexture(look.texture) }
            if let overlaid = looks.overlaid.removeValue(forKey: path) { forgetLookTexture(overlaid.picture.texture) }
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
        if let part = looks.overlaidParts.first(where: { $0.value.picture.texture == handle })?.key {
            looks.overlaidParts[part] = nil
            looks.overlaidPartsOrder.remove { $0 == part }
        }
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
