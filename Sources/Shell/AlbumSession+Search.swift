// SPDX-License-Identifier: GPL-3.0-or-later
import Album

extension AlbumSession {
    /// After a frame is shown, while search words are being typed (Ctrl+F): what a search
    /// reads of each photo is made then, if it is not yet, so the next key narrows 100,000
    /// photos at once rather than reading them all first.
    public func prepareSearchWhileTyped() {
        guard browser.searchBar.isEditing else { return }
        model.prepareSearch()
    }
}
