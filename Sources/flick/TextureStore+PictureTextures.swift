// SPDX-License-Identifier: GPL-3.0-or-later
import Pictures
import PhotoSources
import Platform

/// The pipeline's pictures go to the platform's textures.
extension TextureStore: PictureTextures {}
