import Foundation
import PhotoLibrary
import SystemPackage

// A decode helper that misbehaves on purpose, to test isolation: it hangs on files whose
// name contains "hang", crashes on "crash", grabs memory without end on "hog", and
// decodes anything else normally. It speaks the real helper protocol.
DecodeHelper.serve { path, kind, size throws(DecodeError) in
    let name = path.lastComponent?.string ?? ""
    if name.contains("hang") { while true { sleep(60) } }
    if name.contains("crash") { kill(getpid(), SIGKILL) }
    if name.contains("hog") {
        var blocks: [UnsafeMutableRawPointer] = []
        while true {
            guard let block = malloc(64 << 20) else { abort() }
            memset(block, 1, 64 << 20)
            blocks.append(block)
        }
    }
    return try ImageDecoder.decode(path, kind: kind, maximumPixelSize: size)
}
