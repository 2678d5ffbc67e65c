// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import SystemPackage

/// The command line as the kernel handed it over, byte for byte. Swift's (and so the
/// argument parser's) arguments are text: a name that is not UTF-8 (a Latin-1 archive, an
/// old camera's card, a Windows share) comes out with U+FFFD in place of its bytes, and no
/// such file exists. The path given is looked up here by that lossy text to get its bytes.
public enum RawArguments {
    /// Every argument after the program's name, as bytes.
    public static var all: [[UInt8]] {
        (1..<Int(CommandLine.argc)).compactMap { index in
            CommandLine.unsafeArgv[index].map { pointer in
                Array(UnsafeBufferPointer(start: pointer, count: strlen(pointer))).map { UInt8(bitPattern: $0) }
            }
        }
    }

    /// The path the user gave as `argument` (the parser's text of it), with its own bytes:
    /// the last raw argument that reads as that text.
    public static func path(_ argument: String, among raw: [[UInt8]] = all) -> FilePath {
        guard let bytes = raw.last(where: { String(decoding: $0, as: UTF8.self) == argument }) else { return FilePath(argument) }
        return FilePath(rawBytes: bytes)
    }
}
