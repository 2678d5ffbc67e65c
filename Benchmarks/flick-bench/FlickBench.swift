// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser

/// `flick-bench [frames]`, `flick-bench isolation PHOTO FLICK`, `colour PHOTO`, `marks
/// FOLDER FLICK`, `region PHOTO FLICK`: the figures `make bench` prints beside the peers'.
@main
struct FlickBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "flick-bench",
        abstract: "Flick's benchmarks: frame costs, decoding through the helpers, marks.",
        subcommands: [Frames.self, Isolation.self, Colour.self, MarksReading.self, Region.self],
        defaultSubcommand: Frames.self)
}
